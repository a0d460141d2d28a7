import type { esRemedy } from "./es-remedy";

/** English strings of "What do I do with this number?" (the remedy for one e-NCF): `remedy`. */
export const enRemedy: typeof esRemedy = {
  nav: "What do I do with this number?",
  title: "What do I do with this number?",
  intro:
    "Enter an e-NCF and Anula tells you what to do with it, from what the company has on record and what DGII answers. Nothing is sent or voided from here.",
  form: {
    label: "e-NCF",
    hint: "Series, type and 10 digits, e.g. E310000000005.",
    submit: "Look up",
    securityCode: "Security code (optional)",
    securityCodeHint:
      "Only for a consumer invoice (type 32) under RD$250,000: the 6 characters printed below its QR. Without it DGII cannot find it.",
    securityCodeProblem: "The security code has 6 characters: letters, digits, +, / or =.",
    problems: {
      EMPTY: "Enter the e-NCF you want to look up.",
      INVALID_ENCF_LENGTH: "An e-NCF has 13 characters: series, type and 10 digits (e.g. E310000000005).",
      INVALID_ENCF_FORMAT: "An e-NCF starts with a series from E to Z (not P) followed by digits only.",
      INVALID_TIPO_ECF: "The two digits after the series are not an e-CF type (31 to 47).",
      INVALID_SEQUENCE: "The sequence (the last 10 digits) cannot be zero.",
    },
  },
  answerTitle: "Answer for {encf}",
  answeredAt: "Checked on {date}. Nothing was done: the answer only says what to do.",
  headline: {
    void: "You can void this number",
    "credit-note": "Issue a credit note (e-CF 34)",
    reissue: "Issue the sale again with another number",
    "reissue-replace": "Correct the e-CF and issue it again with this same number",
    wait: "Wait: what to do is not known yet",
    voided: "This number is already voided",
    "settle-void": "First confirm this number's pending void",
    unknown: "It cannot be known: confirm it in your ERP",
  },
  void: {
    proven: {
      salto: "Nobody used it: the company issued higher numbers of the same type and this one was skipped.",
      vencida: "Nobody used it and its authorization has expired.",
    },
    checked:
      "DGII has no submission of it, the company holds no document with it, and no other void or open request covers it.",
    open: "Open the void tool with this number",
    openNote: "The tool loads it as a draft: review it and confirm as usual.",
    noPermission: "Your role cannot send voids: ask an operator to void it.",
  },
  creditNote: {
    intro:
      "DGII accepted this e-CF ({estado}): it can no longer be voided. It is cancelled with a credit note (e-CF 34) referencing it with these fields:",
    fields: {
      tipoeCF: "e-CF type",
      NCFModificado: "NCFModificado",
      FechaNCFModificado: "FechaNCFModificado",
      CodigoModificacion: "CodigoModificacion",
      IndicadorNotaCredito: "IndicadorNotaCredito",
      daysSince: "Days since the original",
      original: "Original amount",
      credited: "Already credited",
      remaining: "Amount still creditable",
    },
    tipo34: "34 — Electronic credit note",
    codigo1: "1 — cancels the whole document",
    indicator: {
      within: "0 — within 30 days of the original: the ITBIS is refunded",
      after: "1 — more than 30 days after the original: the ITBIS is not refunded",
    },
    days: { one: "{count} day", other: "{count} days" },
    unknownValue: "Not known: take it from your ERP",
    fullyCredited: "The credit notes already issued cover the total: nothing is left to credit.",
    earlier: "Credit notes on record that modify it:",
    earlierItem: "{encf} ({status}): {total}",
    documentLink: "See document {encf}",
  },
  reissue:
    "DGII rejected this e-CF ({estado}) and the sequence counts as used: correct the data and issue the sale again with the next available number. This number is neither voided nor reused.",
  reissueReplace:
    "DGII rejected this e-CF ({estado}) without using up the sequence: correct the data and issue it again with this same number.",
  wait: {
    "dgii-verdict": "DGII received this e-CF and is still processing it (In process).",
    "dgii-reception": "This e-CF was signed and DGII has not received it yet (Pending submission).",
    person: "This e-CF waits for a person's decision: {reason}.",
    "void-approval": "A void request for this number awaits approval.",
    askAgainAt: "Ask again from {date}.",
    askAgainLater: "Ask again later.",
    personLink: "Go to Voids to confirm",
    requestLink: "See the void request",
  },
  voided: {
    text: "A void DGII accepted already covers it: there is nothing to do.",
    link: "See void {voidId}",
    noVoid: "The records say it is voided, without the void that covered it.",
  },
  settleVoid: {
    text: "A void of this number ended in Error: DGII did not confirm whether it received it. Confirm it before doing anything else with the number.",
    link: "Go to Voids to confirm",
    voidLink: "See void {voidId}",
  },
  unknown: {
    intro:
      "Anula cannot prove whether this number is free or used. Your ERP knows whether it was issued. This could not be checked or did not pass:",
    reasons: {
      NOT_ASKED: "DGII was not asked.",
      NOT_ASKABLE:
        "DGII cannot be asked: in this environment it offers no lookup that would tell whether the number was sent.",
      TAXAUTH_TIMEOUT: "DGII did not answer in time.",
      TAXAUTH_UNAVAILABLE: "DGII's service is unavailable right now.",
      RATE_LIMITED: "The limit of DGII lookups per minute was reached; ask again in a few minutes.",
      LISTED: "DGII lists a submission of this number that Anula could not read: it is not free.",
      UNKNOWN_ESTADO: "DGII answered with a status Anula does not know.",
      VERDICT_UNKNOWN:
        "The company holds the document, but DGII has not given an answer that decides what to do.",
      NO_COVERAGE_MARK:
        "The company has not set its import-coverage mark (Sequences): it is not known whether everything issued is in Anula.",
      COVERAGE_MARK: "The import-coverage mark does not reach the higher number that would prove the skip.",
      QUIET_PERIOD:
        "The higher number that would prove the skip was issued recently: an e-CF issued in contingency can reach DGII up to 72 hours later.",
      NOT_SKIPPED:
        "No higher number issued proves this one was skipped, and its authorization has not expired.",
    },
    other: "Another check did not pass ({reason}).",
  },
  checks: {
    title: "What was checked",
    caption: "Each check and when it was made",
    check: "Check",
    result: "Result",
    at: "When",
    never: "Not made",
    names: {
      ledger: "Company documents",
      voids: "Voids",
      "void-requests": "Void requests",
      dgii: "DGII",
      "coverage-mark": "Import-coverage mark",
      "quiet-period": "Quiet period",
      "skip-proof": "Proof it was skipped",
    },
    results: {
      ledger: { held: "The company holds a document with it ({source})", "not-held": "No document holds it" },
      voids: {
        voided: "An accepted void covers it",
        "unknown-outcome": "A void of it ended in Error",
        none: "No void covers it",
      },
      "void-requests": { open: "A request awaits approval", none: "No open request" },
      dgii: {
        listed: "DGII lists a submission of it",
        absent: "DGII lists no submission of it",
        "not-asked": "Not asked",
        "in-ledger": "DGII's answers about the document ({source})",
      },
      "coverage-mark": { passed: "Passed", failed: "Did not pass", "not-made": "Not made" },
      "quiet-period": { passed: "Passed", failed: "Did not pass", "not-made": "Not made" },
      "skip-proof": {
        salto: "Skipped: higher numbers were issued",
        vencida: "Its authorization expired",
        failed: "Could not be proven",
        "not-made": "Not made",
      },
    },
    otherResult: "{result}",
  },
  documentLink: "What do I do with this number?",
  documentCard: "What to do with it",
};
