// The credit note (e-CF 34) the portal issues for an accepted e-CF issued here: the E34 sub-ranges an
// administrator reserves for it, the note prepared from the remedy, and its issue through issuing's
// own use case. Stands on the remedy, issuing and the ledger's tables.
export {
  listPortalRanges,
  removePortalRange,
  reservePortalRange,
  type PortalCreditNoteRange,
} from "./portal-ranges";
export { prepareCreditNote, type CreditNoteInput, type PreparedCreditNote } from "./prepare-credit-note";
export { issueCreditNote } from "./issue-credit-note";
export { creditNotesOf, modifiedBy, type LinkedCreditNote } from "./linked-notes";
