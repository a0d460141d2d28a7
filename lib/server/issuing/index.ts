// Issuing e-CF as MSeller's clients send them (POST …/documentos-ecf): validated by DGII's XSD and
// rules, signed with the company's certificate, stored with the ledger under the series lock before
// it leaves, then received by DGII.
export { issueEcf, type IssueEcfInput, type IssueEcfResult } from "./issue-ecf";
export { type IssuedAnswer, findIssuedSummaryXml, findIssuedXml } from "./issued-documents";
export { getIssuerCertification, setIssuerCertification } from "./issuer-certification";
export { IN_PROCESS, PENDING_SEND } from "./send-issued";
export { validateIssue, type ValidIssue } from "./validate-issue";
export { followUpDueIssued, startIssuedFollowUp, stopIssuedFollowUp } from "./follow-up/follow-up-loop";
export { REVIEW_REASONS } from "./follow-up/follow-up-document";
export { countIssuedInReview } from "./review/list-in-review";
export { renderIssuedPdf, type IssuedPdf, type RenderIssuedPdfOptions } from "./printed/render-issued-pdf";
export { pdfResponse, printLayoutParameter } from "./printed/printed-response";
export {
  findDecisionEvidence,
  listDocumentDecisions,
  type DocumentDecision,
} from "./review/document-decisions";
export { signedXmlResponse } from "./issue-answers";
