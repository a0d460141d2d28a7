// The year-end close ("Cierre de año"): one campaign across the organization's companies voiding the
// unused tails of the authorizations expiring by the year's end, one company at a time.
export {
  confirmStoppedIssuing,
  createYearEndClose,
  decideCompany,
  getYearEndClose,
  listYearEndCloses,
  RANGES_SHOWN,
  startYearEndClose,
  type CompanyCloseView,
  type YearEndCloseView,
} from "./campaign";
export { yearEndCloseJobs } from "./jobs";
export { advanceYearEndCloses, CLOSE_LEASE_MS } from "./send-close";
export { proposeForCompany } from "./propose";
