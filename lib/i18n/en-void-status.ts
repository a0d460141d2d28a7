import type { esVoidStatus } from "./es-void-status";

/** What each void status means, in English: the same keys as esVoidStatus. */
export const enVoidStatus: typeof esVoidStatus = {
  labels: { Aceptado: "Accepted", Rechazado: "Rejected", Error: "Error" },
  reasons: {
    NOT_CONFIRMED: "not confirmed",
    INTERRUPTED: "interrupted",
    TAXAUTH_AUTH_ERROR: "not sent",
    TAXAUTH_VOID_ERROR: "no answer from DGII",
  },
  withReason: "{status} · {reason}",
  settledBy: { hand: "settled by hand", resend: "by resend" },
  needsReview: "review",
  meanings: {
    Aceptado: "DGII accepted the void: these sequences can no longer be issued.",
    Rechazado:
      "DGII rejected the void: no sequence was voided. See the reasons in DGII's answer, fix what they say and send a new request.",
    Error:
      "DGII did not confirm the void: it may not have received it, or received it without its answer reaching us. Do not resend blindly: you could void the same range twice.",
  },
  rejectedForCertificate:
    "DGII rejected the void because of the certificate it was signed with, not because of the ranges: no sequence was voided. Do not change the ranges. Check the active certificate in Settings → Certificate: it must be this company's, or belong to a holder DGII has delegated for this RNC (DGII's Oficina Virtual). Then send the same request again.",
  errorTitle: "Unconfirmed result (Error)",
  partial: {
    mark: "partial",
    meaning:
      "DGII voided only part of it: the voided sequences can no longer be issued; the excepted ones were NOT voided.",
    voided: "Voided sequences ({count})",
    excepted: "Excepted sequences, not voided ({count})",
    totalExcepted: "Excepted",
    exceptedHelp:
      "Check with DGII why they were not voided (for example, already issued or not authorized) before voiding them in a new request.",
    prepare: "Prepare a void of the excepted sequences",
    prepared: {
      one: "Draft with the excepted sequence of void {voidId} ({environment}). Review it before going on: nothing is sent without your confirmation.",
      other:
        "Draft with the {count} excepted sequences of void {voidId} ({environment}). Review them before going on: nothing is sent without your confirmation.",
    },
    otherEnvironment:
      "Note: that void was in {environment} and the tool is set to {current}; switch the environment if needed.",
    notFound: "No excepted sequences were found in void {voidId}; the draft is empty.",
  },
  errorCauses: {
    ECONNRESET: "The connection to DGII was cut before its answer arrived.",
    ECONNREFUSED: "DGII's server refused the connection.",
    ETIMEDOUT: "The connection to DGII did not respond in time.",
    ENOTFOUND: "DGII's server could not be found (address not resolved).",
    timeout: "DGII did not answer in time.",
    other: "An error occurred while communicating with DGII.",
  },
  reasonMeanings: {
    NOT_CONFIRMED:
      "The document was sent (or about to be sent) to DGII and Anula is still waiting for its answer: if it comes, the status changes by itself. If that wait is interrupted (server restart or failure), the record becomes interrupted.",
    INTERRUPTED:
      "The wait for DGII's answer was interrupted (the server waiting for it stopped): no answer can reach this record any more, and DGII may or may not have voided these sequences. Check their state in DGII's Oficina Virtual (Consulta de Anulaciones) before sending another request.",
    TAXAUTH_AUTH_ERROR:
      "Authentication with DGII using the account's certificate failed, so the document was not sent. Check the certificate in Settings; then you can send a new void.",
    TAXAUTH_VOID_ERROR:
      "DGII's voiding service did not answer correctly: the void may or may not have been processed.",
  },
  errorSteps: {
    NOT_CONFIRMED: [
      "Check this record again in a few minutes: while Anula waits for DGII's answer, it becomes Accepted or Rejected by itself.",
      "Do not send another void of these sequences meanwhile: the same range could be voided twice.",
      "If the record becomes interrupted, it will no longer change by itself: then follow the steps shown.",
    ],
    INTERRUPTED: [
      "Verify the real state of these sequences in DGII's Oficina Virtual (Consulta de Anulaciones): this record will no longer change by itself.",
      "If DGII voided or rejected it, note that outcome with “Record the outcome” and do not repeat the void.",
      "If DGII has no record of the void, use “Resend the same document” (the same signed document, not a new request).",
    ],
    TAXAUTH_AUTH_ERROR: [
      "Check the active certificate in Settings → Certificate: valid, and of this company or of a holder delegated for this RNC.",
      "The document never reached DGII: once the certificate is in order, send the void again.",
    ],
    TAXAUTH_VOID_ERROR: [
      "Check this record again in a few minutes: if DGII answered late, it becomes Accepted or Rejected by itself.",
      "If it became Accepted or Rejected, do not repeat the void.",
      "If it is still Error, verify the real state of the sequences in DGII's Oficina Virtual; then note the outcome or resend the same document, never a new request blindly.",
    ],
    other: [
      "Verify the real state of these sequences in DGII's Oficina Virtual (Consulta de Anulaciones) before sending another request.",
      "If DGII already voided them, do not repeat the void: note the outcome with “Record the outcome”.",
    ],
  },
};
