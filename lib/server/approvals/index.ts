export { approvalJobs } from "./jobs";
