import { enVoidReasons } from "./en-void-reasons";
import type { esVoidTool } from "./es-void-tool";

/** English strings of Tools → Anular e-NCF: the same keys and placeholders as esVoidTool. */
export const enVoidTool: typeof esVoidTool = {
  title: "Void e-NCF",
  reasons: enVoidReasons,
  intro:
    "Void e-NCF ranges your company will not use. Type one range per line or paste several lines from Excel or Google Sheets (from and to separated by tab, comma or space). A single e-NCF on a line voids one sequence.",
  viewerDenied:
    "Your role in this company ({roles}) lets you see history and documents, but not void: voiding e-NCF belongs to the Operator role. Ask an administrator for it if you need it.",
  deniedCan: {
    approver:
      "As an Approver, you approve or reject other people's void requests and settle the voids awaiting confirmation.",
    administrator:
      "As an Administrator, you manage the company: certificate, users, DGII authorizations and API keys.",
  },
  environment: {
    legend: "Environment",
    TesteCF: "TesteCF",
    CerteCF: "CerteCF",
    eCF: "eCF",
    hintTesteCF: "Testing: no real sequences are consumed.",
    hintCerteCF: "Certification with DGII.",
    hinteCF: "Production: the void is real and final.",
    changing: "Changing environment…",
    failed: "The environment could not be changed. Try again.",
  },
  certificate: {
    missing:
      "The company has no active digital certificate: without it no void can be signed or sent. An administrator loads it in Settings → Certificate.",
    expired:
      "The company's digital certificate expired on {date}: DGII would reject the signature. An administrator loads the new one in Settings → Certificate.",
    link: "Go to the certificate",
  },
  editor: {
    label: "Ranges to void",
    pasteHint: "Paste one or more lines here, or type in the fields.",
    shortcuts:
      "Keyboard: Enter adds a line · ↑/↓ move between lines · Alt+↑/↓ move the line · Alt+Delete removes it.",
    line: "Line {line}",
    lineNumberHeader: "#",
    desde: "From",
    hasta: "To",
    desdeLabel: "Line {line}: first e-NCF (from)",
    hastaLabel: "Line {line}: last e-NCF (to); empty = only the first",
    hastaPlaceholder: "same as from",
    type: "Type",
    count: "Count",
    typeUnknown: "—",
    moveUp: "Move line {line} up",
    moveDown: "Move line {line} down",
    remove: "Remove line {line}",
    moveUpSymbol: "↑",
    moveDownSymbol: "↓",
    removeSymbol: "×",
    addLine: "+ Add line",
    clearAll: "Empty the editor",
    clearYes: "Empty",
    clearNo: "Cancel",
    leaveTitle: "Leave the tool",
    leaveYes: "Leave",
    leaveNo: "Stay",
    clearConfirm: {
      one: "Empty the only line of the editor?",
      other: "Empty all {count} lines of the editor?",
    },
    goToLine: "Go to line {line}",
    linesCount: { one: "{count} line", other: "{count} lines" },
    pasted: { one: "{count} line pasted.", other: "{count} lines pasted." },
    fieldDesde: "“From”",
    fieldHasta: "“To”",
    overlapBadge: "Overlaps",
    firstProblem: "Go to the first problem (line {line})",
    quantityMismatch:
      "Line {line}: the pasted row's count ({pasted}) does not match the range ({count}). Correct «From» or «To».",
    headersIgnored: {
      one: "{count} row without an e-NCF (a header or title) was skipped: row {rows}.",
      other: "{count} rows without an e-NCF (headers or titles) were skipped: rows {rows}.",
    },
    alreadyVoided: {
      one: "Line {line}: {count} sequence of this line was already voided and accepted by DGII ({ranges}).",
      other:
        "Line {line}: {count} sequences of this line were already voided and accepted by DGII ({ranges}).",
    },
    removeVoided: "Remove what is already voided",
    alreadyIssued: {
      one: "Line {line}: {count} e-NCF of this line was already issued ({ranges}); DGII does not void used numbers.",
      other:
        "Line {line}: {count} e-NCF of this line were already issued ({ranges}); DGII does not void used numbers.",
    },
    removeIssued: "Remove what was issued",
    removeIssuedLabel: "Line {line}: remove what was issued",
    removeVoidedLabel: "Line {line}: remove what is already voided",
    viewVoid: "View the earlier void",
    draftRestored: {
      one: "The draft saved in this browser was restored: {count} line.",
      other: "The draft saved in this browser was restored: {count} lines.",
    },
    draftNote:
      "The draft is kept in this browser for this company and environment until you send or clear it.",
    leaveConfirm:
      "There are unsent lines. They stay saved in this browser for this company and environment. Leave the tool?",
    lineOk: {
      one: "Line {line} is valid: {count} sequence of type {type}.",
      other: "Line {line} is valid: {count} sequences of type {type}.",
    },
  },
  summary: {
    title: "Summary",
    empty: "No valid ranges yet.",
    type: "Type",
    ranges: "Ranges",
    sequences: "Sequences",
    total: "Total",
    typesUsed: "e-CF types: {count} of {max}",
    rangesOfType: "{count} of {max} ranges",
    problems: { one: "{count} line with problems", other: "{count} lines with problems" },
    overlaps: { one: "{count} overlapping line", other: "{count} overlapping lines" },
    blank: { one: "{count} empty line (ignored)", other: "{count} empty lines (ignored)" },
    alreadyVoided: {
      one: "{count} line includes sequences already voided",
      other: "{count} lines include sequences already voided",
    },
    alreadyIssued: {
      one: "{count} e-NCF already issued on {lines}: it cannot be sent",
      other: "{count} e-NCF already issued on {lines}: it cannot be sent",
    },
    issuedLines: { one: "{count} line", other: "{count} lines" },
    allGood: "All lines are valid.",
  },
  actions: {
    preview: "XML preview",
    review: "Review and void…",
    checking: "Checking against the history…",
    fixFirst: "Fix the flagged lines before continuing.",
    nothingToSend: "Type or paste at least one range.",
    tooLarge:
      "This request has too many ranges ({count}) to send from the portal at once. Split it into several voids or use the REST API.",
  },
  warnings: {
    title: "Before sending",
    blockedTitle: "It cannot be sent",
    accepted:
      "Line {line}: the range {desde} – {hasta} was already voided and accepted by DGII in an earlier void. Remove it to continue.",
    acceptedLink: "View void {voidId}",
    error:
      "Line {line}: overlaps an earlier void that ended in Error ({fecha}). It may have reached DGII. Check that record first: if it became Aceptado or Rechazado do not repeat it; if it is still Error, verify the state of the sequences before sending another.",
    errorLink: "Check record {voidId}",
    acceptedLines: {
      one: "{count} line includes sequences already voided and accepted by DGII; it is marked in the editor. Remove them to continue.",
      other:
        "{count} lines include sequences already voided and accepted by DGII; they are marked in the editor. Remove them to continue.",
    },
    removeAllVoided: "Remove what is already voided from every line",
    used: {
      one: "Cannot void: e-NCF {numbers} was already issued. DGII voids only unused numbers: remove it from the draft.",
      other:
        "Cannot void: {count} e-NCF were already issued: {numbers}{more}. DGII voids only unused numbers: remove them from the draft.",
    },
    usedMore: " and {count} more",
    usedLines: {
      one: "{count} line holds them; it is marked in the editor with “Remove what was issued”.",
      other: "{count} lines hold them; they are marked in the editor with “Remove what was issued”.",
    },
    removeAllUsed: "Remove what was issued from every line",
    usedRemoved: {
      one: "What was issued was removed from {count} line. Review and send again.",
      other: "What was issued was removed from {count} lines. Review and send again.",
    },
    usedMoreCapped: " and over {count} more",
    usedRemedy:
      "An issued e-CF is cancelled with a credit note (e-CF 34, modification code 1) for each document, never with a void.",
    usedRemedyLink: "What do I do with {encf}?",
    outsideTitle: "Outside the authorizations entered",
    outside: "{desde} – {hasta} ({count}) is outside the authorizations entered for type {tipo}.",
    outsideMore: {
      one: "… and {count} more part outside the authorizations.",
      other: "… and {count} more parts outside the authorizations.",
    },
    outsideNote:
      "This is a warning only: you can send the void. Check that the ranges are this company's, or enter the authorization in Sequences.",
    removed: {
      one: "What was already voided was removed from {count} line. Review and send again.",
      other: "What was already voided was removed from {count} lines. Review and send again.",
    },
    errorAck: "I checked the voids in Error listed above and want to continue.",
  },
  preview: {
    title: "ANECF document preview",
    note: "This is the document exactly as it will be signed (indented here for reading). The digital signature with the account's certificate is added on sending.",
    fecha: "Void date and time: {fecha} (Santo Domingo time)",
    download: "Download unsigned XML",
    close: "Close preview",
    truncated: "The document is too large to show in full ({size}); download it to see all of it.",
  },
  confirm: {
    title: "Confirm the void",
    environment: "Environment",
    rnc: "Issuer RNC",
    fecha: "Void date and time",
    perType: "Sequences per type",
    total: "Total to void",
    irreversible:
      "Voiding is irreversible: once DGII accepts it, these sequences can never be issued again. Void only sequences you have not used.",
    production: "You are in PRODUCTION (eCF). This void is real.",
    typeTotal: "To confirm, type above the total number of sequences to void: {total}.",
    typeTotalLabel: "Total sequences",
    cancel: "Cancel",
    submit: { one: "Void {count} sequence", other: "Void {count} sequences" },
    sending: "Sending to DGII… {seconds} s",
    sendingNote: "Do not close this page. If no answer arrives in time, the attempt is recorded as Error.",
    showXml: "View the XML that will be signed",
  },
  failure: {
    title: "The void was not sent",
    nothingSent: "Nothing was sent to DGII; fix it and try again.",
    linkVoid: "View void {voidId}",
    network:
      "No answer from the server. The void may have been sent: check the history before trying again. Confirming again from this same screen reuses the same key, so it cannot be sent twice.",
    history: "Open the void history",
  },
  result: {
    summary: "Void details",
    typeCount: "{tipo} {name}: {count}",
    title: "Void result",
    status: "Status",
    voidId: "Void number",
    fileName: "File",
    environment: "Environment",
    fecha: "Void date and time",
    total: "Sequences",
    perType: "Per type",
    authority: "DGII's answer",
    authorityCode: "Code {code}: {name}",
    noMessages: "No messages.",
    detail: "Technical detail:",
    refresh: "Check the status again",
    record: "View the full record",
    signedXml: "Download the signed XML",
    newVoid: "New void",
    notFound: "That void was not found in this environment.",
    rangesTitle: "Voided ranges by type",
    rangesRejectedTitle: "Requested ranges by type (not voided)",
    rangesRejectedNote:
      "DGII rejected the void: none of these ranges was voided, so there is no receipt to print.",
    rangesUnconfirmedTitle: "Sent ranges by type (void not confirmed)",
    rangesUnconfirmedNote:
      "It is not known yet whether DGII voided these ranges: the receipt is offered once it is confirmed that it did.",
    typeHeading: "Type {tipo} · {name}",
    desde: "From",
    hasta: "To",
    count: "Count",
    typeTotal: "Subtotal",
    moreRanges: {
      one: "… and {count} more range (all of them in the record's CSV).",
      other: "… and {count} more ranges (all of them in the record's CSV).",
    },
    print: "Print receipt",
  },
  receipt: {
    title: "e-NCF void receipt",
    company: "Company",
    rnc: "RNC",
    environment: "Environment",
    voidId: "Void number",
    fecha: "Void date and time",
    recordedAt: "Recorded on",
    sentBy: "Sent by",
    status: "Status",
    total: "Total sequences voided",
    excepted: "Excepted by DGII (not voided)",
    authority: "DGII's answer",
    printedAt: "Printed on {date}",
  },
};
