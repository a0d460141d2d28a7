export { approvalJobs } from "./jobs";
export { getApprovalPolicy, type ApprovalPolicyState } from "./approval-policy";
