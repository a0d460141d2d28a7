export { createVoid, type CreateVoidInput, type VoidHold } from "./create-void";
export { type VoidApproval } from "./void-repository";
export { voidAttemptAnswer, type HttpAnswer } from "./void-answers";
export { voidJobs } from "./jobs";
export { type PreparedVoid } from "./prepare-void";
export { interruptAbandonedSends, startLeaseKeeper, stopLeaseKeeper } from "./send-leases";
export { type CreateVoidResult, type VoidRangeView } from "./types";
export {
  checkEvidence,
  EVIDENCE_MAX_BYTES,
  type EvidenceContentType,
  type EvidenceFile,
} from "./settlement-evidence";
export { readResolutionParts, type ResolutionParts } from "./resolution-body";
export { askDgiiAboutVoid, type AskDgiiAboutVoidInput } from "./ask-dgii-about-void";
