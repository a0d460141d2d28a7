// The sequence ledger: what a company was authorized, issued, voided and still has free,
// per environment and series+type, as merged intervals. Server functions for the REST routes and the
// portal ("Secuencias").
export {
  createAuthorization,
  createAuthorizations,
  deleteAuthorization,
  listAuthorizations,
  listStoredAuthorizations,
  MAX_AUTHORIZATIONS,
  TYPES_WITHOUT_EXPIRY,
  type AuthorizationBatchResult,
  type CreateAuthorizationInput,
  type SequenceAuthorizationView,
  type StoredAuthorization,
} from "./authorizations";
export { ALL_GAPS_MAX, collectGaps } from "./all-gaps";
export { getCoverageMark, setCoverageMark, type CoverageMark } from "./coverage";
export {
  findGaps,
  GAPS_DEFAULT_LIMIT,
  GAPS_MAX_LIMIT,
  type Gap,
  type GapChecks,
  type GapKind,
  type GapsPage,
  type GapsQuery,
  type WithheldSeries,
} from "./gaps";
export {
  getInventory,
  EXPIRING_DAYS,
  LOW_SHARE,
  type AuthorizationInventory,
  type Inventory,
  type InventoryAlert,
  type TypeInventory,
} from "./inventory";
export {
  assertSequencesUnused,
  outsideAuthorizationRead,
  refuseUsedNumbers,
  usedNumbersRead,
  findUsedNumbers,
  ledgerRangesOf,
  outsideAuthorizationWarnings,
  USED_NUMBERS_SHOWN,
  type LedgerRange,
  type LedgerWarning,
  type OutsideAuthorization,
  type UsedNumbers,
} from "./prevoid-check";
export { MAX_USED_LINES, usedNumbersByLine, type UsedLine } from "./used-by-line";
export { backfillVoidedIntervals, syncVoidedIntervals, VOIDED_INTERVALS_BACKFILL_STEP } from "./sync-voided";
export {
  answerStrings,
  claimDueFollowUps,
  insertAbsentDocuments,
  insertIfAllNew,
  ledgerColumnsOf,
  lockDocumentSeries,
  markDocumentChecked,
  newDocumentId,
  updateDocument,
  updateDocumentIfUnchanged,
  type ClaimedFollowUp,
  type FollowUpChange,
  type DocumentChange,
  type DocumentSource,
  type LedgerColumns,
  type NewDocumentRow,
  type StoredForWrite,
} from "./document-writer";
export { recordDgiiSubmissions, recordDgiiSummary, type FoundSubmission } from "./dgii-submissions";
export { daysUntil, dmyToIso } from "./dates";
export {
  checkNumberIssuable,
  findNumberHolds,
  issueHoldsRead,
  refuseUnissuable,
  type HeldDocument,
  type NumberHolds,
  type NumberHoldsRead,
} from "./issue-check";
export { numberSafetyFacts } from "./number-safety";
export {
  allGapWindows,
  getGapWindow,
  withGapDeadlines,
  writeGapWindow,
  type GapWithDeadline,
} from "./gap-deadline-settings";
export { getForecastSettings, writeForecastSettings } from "./forecast";
