import type { esVoidSettle } from "./es-void-settle";

/** English strings of settling unknown outcomes: the same keys and placeholders as esVoidSettle. */
export const enVoidSettle: typeof esVoidSettle = {
  nav: "To confirm",
  navBadge: { one: "{count} void to confirm", other: "{count} voids to confirm" },
  queue: {
    title: "To confirm",
    intro:
      "Voids in Error in {environment}: DGII did not confirm whether it processed them. Do not retry blindly: check in DGII's Oficina Virtual and record the outcome, or resend the same signed document.",
    empty: "No voids to confirm in this environment.",
    caption: "Voids to confirm in {environment}, oldest first",
    fromHistory: "See voids to confirm",
    columns: {
      createdAt: "Sent",
      voidId: "Void",
      fecha: "Void date",
      total: "Sequences",
      known: "What is known",
      attempts: "Attempts",
      actions: "Resolve",
    },
    open: "Resolve",
    pageInfo: { one: "{count} void on this page", other: "{count} voids on this page" },
    nextPage: "Oldest first: next page",
    firstPage: "First page",
    pagination: "Pagination",
    reviewTitle: "To review",
    reviewIntro:
      "These voids were confirmed by a person, but a later DGII answer disagrees. Review each one.",
  },
  known: {
    signed: "Signed",
    notSent: "Not sent: authentication with DGII failed",
    maybeSent: "Sent or not: DGII did not confirm",
    sending: "Send in progress: wait for its result",
    interrupted: "Send interrupted: nobody waits for the answer any more",
    answer: "DGII's answer: {code} {name}",
    noAnswer: "No answer from DGII",
    error: "Error: {code}",
    attempts: { one: "{count} more attempt", other: "{count} more attempts" },
    noAttempts: "None",
  },
  review: {
    flag: "Review",
    banner:
      "DGII answered after the manual confirmation and its answer disagrees with what was recorded. Compare the attempts below with the evidence and correct it with support if needed.",
  },
  ways: {
    title: "How to resolve it",
    blocked: "A send of this void is still waiting for DGII's answer: you can resolve it once it ends.",
    approverOnly: "Recording the outcome or resending is done by a person with the Approver role.",
  },
  verify: {
    title: "Check with DGII",
    steps: {
      signIn: "Sign in to DGII's Oficina Virtual (OFV) with the user of the company with RNC {rnc}.",
      page: "Open the page “Consulta de Anulaciones”.",
      environment: "Look in the {environment} environment: this void was sent there.",
      dates:
        "Search the date range from {from} to {to} (the void was signed dated {fecha} and sent on {sent}).",
      range: "{desde} – {hasta} ({cantidad})",
      ranges: "Look for these e-NCF ranges:",
      moreRanges: {
        one: "… and {count} more range (download the ranges CSV).",
        other: "… and {count} more ranges (download the ranges CSV).",
      },
      decide:
        "If all of them show as voided, record “Accepted”. If they do not appear, record “Rejected” (the sequences are still available) or resend the same document.",
      evidence: "Keep a screenshot or PDF of the search and attach it as evidence.",
    },
  },
  settle: {
    title: "Record the outcome",
    legend: "Outcome confirmed with DGII",
    aceptado: "Accepted: the sequences show as voided at DGII",
    rechazado: "Rejected: the sequences do not show as voided",
    note: "Note",
    noteHint: "What you saw and where (required).",
    evidence: "Evidence (optional)",
    evidenceHint: "PDF, PNG or JPEG, up to 10 MB.",
    submit: "Record the outcome",
    saving: "Saving…",
    done: "Outcome recorded.",
    outcomeRequired: "Choose the outcome you saw at DGII.",
    noteRequired: "Write what you saw and where.",
  },
  resend: {
    title: "Resend the same document",
    explanation:
      "Sends the same signed XML to DGII again (not a new one). If DGII accepts it, the void becomes Accepted. If DGII rejects it — even saying the sequences are already voided or used — that says nothing sure about the first send: the void stays to be confirmed.",
    open: "Resend…",
    dialogTitle: "Resend the signed document",
    prompt: "Type REENVIAR or the last 6 characters of the void number ({suffix}) to confirm.",
    confirmation: "Confirmation",
    confirm: "Resend",
    sending: "Resending…",
    outcome: {
      Aceptado: "DGII accepted the resend: the void is now Accepted.",
      partial:
        "DGII accepted the resend in part: it voided {voided} sequence(s) and excepted {excepted}, which do not count as voided. Check the excepted ones in DGII's Oficina Virtual before voiding them again.",
      Rechazado:
        "DGII rejected the resend: its answer is kept on the attempt; the void stays to be confirmed.",
      Error: "The resend got no confirmed answer: the void stays to be confirmed.",
      waiting: "DGII has not answered the resend yet; Anula keeps waiting. Look again in a few minutes.",
    },
  },
  settlement: {
    title: "Manual confirmation",
    by: "Recorded by",
    at: "Date",
    outcome: "Outcome",
    note: "Note",
    evidence: "Evidence",
    noEvidence: "No file.",
    download: "Download {fileName}",
  },
  attempts: {
    title: "More attempts",
    number: "No.",
    kind: "Kind",
    kinds: { resend: "Resend", "late-answer": "Late answer" },
    by: "Requested by",
    startedAt: "Started",
    finishedAt: "Finished",
    outcome: "Outcome",
    answer: "DGII's answer",
    error: "Error",
    pending: "In progress",
    interrupted: "Interrupted: the instance waiting for the answer stopped",
  },
};
