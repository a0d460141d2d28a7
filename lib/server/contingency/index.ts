// Connectivity contingencies a company declares (Informe Técnico e-CF §19) and the deadlines of the
// e-CF signed here that DGII has not received yet: the documents list and page, the PDF's legend
// and the deadline scan read them here.
export {
  declareContingency,
  endContingency,
  listContingencies,
  PERIODS_SHOWN,
  type ContingencyPeriodView,
} from "./periods";
export {
  getDeadlineSettings,
  getDeadlineSettingsView,
  saveDeadlineSettings,
  setDeadlineSettings,
  type DeadlineSettings,
} from "./deadline-settings";
export {
  awaitsReception,
  deadlinesOf,
  issuedInContingency,
  receptionUnavailable,
  type DeadlineSubject,
  type DocumentDeadline,
} from "./document-deadlines";
export { scanDeadlines, type DeadlineScanResult } from "./scan-deadlines";
export { contingencyJobs } from "./jobs";
