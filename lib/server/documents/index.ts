export {
  findDocumentsByNcf,
  getDocument,
  queryDocumentsBatch,
  type DgiiLookupOptions,
} from "./query-documents";
export { forgetAbsent } from "./lookup-claims";
export { lookUpAtDgii, type LookupOutcome } from "./dgii-lookup";
export { importDocuments } from "./import-documents";
export {
  refreshPendingDocuments,
  refreshForQuery,
  refreshDocument,
  refreshSettings,
  FINAL_DOCUMENT_STATUSES,
  type RefreshJobResult,
  type RefreshSettings,
} from "./refresh-documents";
export {
  ensureDemoDocuments,
  demoTaxAuthDocuments,
  DEMO_DOCUMENTS,
  DEMO_ENVIRONMENT,
} from "./demo-documents";
export { toDocumentRecord, toDocumentBatchData, taxauthResponsesOf } from "./document-views";
export { documentJobs } from "./jobs";
export {
  countAwaitingVerdict,
  oldestAwaitingReception,
  DOCUMENT_EXPORT_MAX,
  DOCUMENT_PAGE_SIZE,
  exportDocuments,
  listDocuments,
} from "./list-documents";
export { findDocumentPage, type DocumentEventView, type DocumentPageData } from "./document-page";
