import type { esContingency } from "./es-contingency";

export const enContingency: typeof esContingency = {
  tab: "Contingency",
  title: "Connectivity contingency",
  intro:
    "Declare it when the company can generate e-CF but cannot send them to DGII (Informe Técnico e-CF, §19). e-CF signed while it is declared carry the legend “e-CF emitido en modalidad de contingencia” and must reach DGII within 72 hours.",
  clockNote:
    "The Informe Técnico does not say whether the 72 hours run from signing or from when the connection is back: Anula counts from signing.",
  stateDeclared: "Declared in {environment} since {date} by {by}.",
  stateNone: "No contingency is declared in {environment}.",
  declare: "Declare contingency",
  end: "End contingency",
  confirmDeclare: "Declare a contingency in {environment} from now?",
  confirmEnd: "End the contingency of {environment} now?",
  cancel: "Cancel",
  declared: "Contingency declared in {environment}.",
  ended: "Contingency ended in {environment}.",
  history: "Declared periods",
  declaredAt: "Declared",
  endedAt: "Ended",
  by: "By",
  open: "Ongoing",
  noHistory: "None in this environment.",
  readOnly: "Only a company administrator declares or ends a contingency and changes the deadlines.",
  settingsTitle: "Deadlines to send to DGII",
  deferredWindow: "Deferred sending window (hours)",
  deferredHint:
    "Outside a contingency e-CF are sent at issuance. Empty: no deadline. Secondary sources cite 24 hours (Decreto 587-24): confirm it before relying on it.",
  approachingPercent: "Warn when this share has passed (% of the window)",
  approachingHint:
    "At this share of the window people are notified and the document.deadline_approaching webhook is sent; when it passes, document.deadline_missed.",
  gapWindow: "Deadline to void a sequence gap in {environment} (days)",
  gapWindowHint:
    "Days from when a gap the ledger proposes exists (the higher number that proves it was issued, or the end of an expired authorization's last day). Empty: no deadline. No rule we know sets one: it is the company's own. It warns at the same share (sequence.gap_deadline_approaching) and when it passes (sequence.gap_deadline_missed).",
  forecastLeadDays: "Days to get the next authorization in {environment}",
  forecastLeadHint:
    "The inventory's forecast (Sequences) says to request the next authorization this many days before the current one runs out or expires; you are told when 7 days or fewer are left (sequence.forecast_request_by). Default 15.",
  forecastUnusedPercent:
    "Warn when more than this share would be unused at expiry (% of the authorization) in {environment}",
  forecastUnusedHint:
    "At the last 30 days' pace: a range that would leave more than this share unused was requested too large (sequence.forecast_unused). Default 20 %.",
  saveSettings: "Save deadlines",
  settingsSaved: "Deadlines saved.",
  settingsInvalid:
    "Check the values: the window from 1 to 720 hours (or empty), the warning from 1 to 99 %, the gap deadline from 1 to 3650 days (or empty), the days to get an authorization from 1 to 365, the unused share from 1 to 99 %.",
  deadline: {
    column: "DGII deadline",
    age: "Signed {duration} ago",
    left: "{duration} left",
    missed: "Missed {duration} ago",
    unavailable: "DGII unavailable",
    none: "No deadline",
    inContingency: "Issued in contingency",
    tooltipContingency:
      "72 hours from signing (contingency, Informe Técnico §19; it does not say whether the clock starts at signing or when the connection is back: Anula counts from signing). Due {date}.",
    tooltipDeferred: "The company's deferred sending window: {hours} hours from signing. Due {date}.",
    tooltipUnavailable:
      "DGII reports its reception service unavailable: the deadline is not counted as missed meanwhile.",
    tooltipNone: "Outside a contingency an e-CF is sent at issuance: no deadline is set.",
    days: "{days} d {hours} h",
    hours: "{hours} h {minutes} min",
    minutes: "{minutes} min",
    exportDue: "Due",
    exportLeft: "Time left",
    exportAge: "Age",
  },
};
