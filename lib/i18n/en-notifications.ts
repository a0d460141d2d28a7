import type { esNotifications } from "./es-notifications";

/** English strings of the notification centre. E-mails are always written in Spanish. */
export const enNotifications: typeof esNotifications = {
  title: "Notifications",
  intro:
    "What needs your attention in this company and environment: requests to approve, voids to settle, ranges and certificates about to expire, gaps in the sequences and disabled webhooks.",
  bell: "Notifications",
  bellUnread: {
    one: "Notifications: {count} unread",
    other: "Notifications: {count} unread",
  },
  bellNone: "Notifications: none unread",
  bellUnreadWhere: {
    one: "Notifications: {count} unread ({where})",
    other: "Notifications: {count} unread ({where})",
  },
  bellWhere: "{number} in {environment}",
  listLabel: "Notifications, newest first",
  empty: "You have no notifications in this company and environment.",
  markAll: "Mark all as read",
  markedAll: "Every notification is marked as read.",
  unread: "Unread",
  read: "Read",
  company: "Company",
  environment: "Environment",
  when: "Date",
  allEnvironments: "All environments",
  open: "Open",
  older: "Show older",
  newest: "Show the newest",
  elsewhere: {
    one: "You have {count} unread notification in another company or environment: switch above to see it.",
    other:
      "You have {count} unread notifications in other companies or environments: switch above to see them.",
  },
  events: {
    void_request_created: {
      title: "Void request to approve",
      detail: "{requestedBy} asked to void {total} e-NCF.",
    },
    void_request_approved: {
      title: "Your void request was approved",
      detail: "{decidedBy} approved it and it was sent to DGII.",
    },
    void_request_rejected: {
      title: "Your void request was rejected",
      detail: "{decidedBy} rejected it: see the reason on the request.",
    },
    void_request_expired: {
      title: "Your void request expired",
      detail: "Nobody decided it in time. If it is still needed, ask again.",
    },
    void_interrupted: {
      title: "Void to settle",
      detail: "Void {voidId} was left without DGII's answer: check its outcome in the OFV and record it.",
    },
    void_unconfirmed: {
      title: "Void to settle",
      detail: {
        one: "DGII did not answer void {voidId} ({count} number): check its outcome in the OFV and record it, or resend it.",
        other:
          "DGII did not answer void {voidId} ({count} numbers): check its outcome in the OFV and record it, or resend it.",
      },
    },
    sequence_gap_detected: {
      title: "Gap in a sequence",
      detail: {
        one: "{desde} was neither issued nor voided: it must be voided.",
        other: "{desde} to {hasta} ({count} numbers) were neither issued nor voided: they must be voided.",
      },
    },
    sequence_expiring: {
      title: "Range about to expire",
      detail: {
        one: "Range {desde}–{hasta} expires on {expiresOn} ({remaining}); {count} number is unused. If you will not use it, you can close it from Sequences.",
        other:
          "Range {desde}–{hasta} expires on {expiresOn} ({remaining}); {count} numbers are unused. If you will not use them, you can close them from Sequences.",
      },
    },
    sequence_depleted: {
      title: "Range used up",
      detail: "Every number of range {desde}–{hasta} is used: ask DGII for a new one.",
    },
    certificate_expiring: {
      title: "Certificate about to expire",
      detail: "The certificate of {subject} expires on {notAfter} ({remaining}): upload the new one.",
    },
    certificate_expired: {
      title: "Certificate expired",
      detail:
        "The certificate of {subject} expired on {notAfter}: it can no longer sign voids. Upload the new one.",
    },
    sequence_gap_deadline_approaching: {
      title: "Gap near its deadline",
      detail: {
        one: "{desde}, a gap since {since}: the company's deadline to void it is {deadlineAt}.",
        other:
          "{desde} to {hasta} ({count} numbers), a gap since {since}: the company's deadline to void it is {deadlineAt}.",
      },
    },
    sequence_forecast_request_by: {
      title: "Request the next authorization",
      detail: {
        one: "At the last 30 days' pace, the range {desde}–{hasta} needs its successor: request it from DGII by {requestBy} (the company's lead time: {count} day).",
        other:
          "At the last 30 days' pace, the range {desde}–{hasta} needs its successor: request it from DGII by {requestBy} (the company's lead time: {count} days).",
      },
    },
    sequence_forecast_unused: {
      title: "Range too large",
      detail: {
        one: "At the last 30 days' pace, {count} number ({unusedPercent} %) of the range {desde}–{hasta} will be left unused when it expires on {expiresOn}.",
        other:
          "At the last 30 days' pace, {count} numbers ({unusedPercent} %) of the range {desde}–{hasta} will be left unused when it expires on {expiresOn}.",
      },
    },
    year_end_close_awaiting_decision: {
      title: "Year-end close awaiting your decision",
      detail: {
        one: "{requestedBy} prepared the {year} year-end close: it awaits your decision for this company (voiding {count} unused number).",
        other:
          "{requestedBy} prepared the {year} year-end close: it awaits your decision for this company (voiding {count} unused numbers).",
      },
    },
    year_end_close_completed: {
      title: "Year-end close finished",
      detail:
        "The {year} year-end close finished for this company: {accepted} voids accepted, {rejected} rejected and {toSettle} to confirm.",
    },
    sequence_gap_deadline_missed: {
      title: "Gap past its deadline",
      detail: {
        one: "{desde}, a gap since {since}, was not voided before {deadlineAt} (the company's deadline).",
        other:
          "{desde} to {hasta} ({count} numbers), a gap since {since}, were not voided before {deadlineAt} (the company's deadline).",
      },
    },
    document_deadline_approaching: {
      title: "e-CF near its sending deadline",
      detail: "{ncf}, signed {signedAt}, has not reached DGII yet: its deadline is {deadlineAt}.",
    },
    document_deadline_missed: {
      title: "e-CF past its sending deadline",
      detail: "{ncf}, signed {signedAt}, did not reach DGII before {deadlineAt}.",
    },
    webhook_disabled: {
      title: "Webhook disabled",
      detail: "{url} failed for 3 days and was disabled. Check it and enable it again.",
    },
    other: { title: "Notice", detail: "Open it to see the details." },
  },
  // The {remaining} of a range or certificate about to expire, from the event's daysLeft.
  remaining: {
    lastDay: "today is its last day",
    underADay: "in less than a day",
    days: { one: "in {count} day", other: "in {count} days" },
  },
  email: {
    title: "Notifications by e-mail",
    intro:
      "Besides the portal's bell, Anula can e-mail you the notifications (when the server has e-mail configured).",
    legend: "E-mail me the notifications",
    immediate: "At once, one per e-mail",
    daily: "One summary a day (in the morning)",
    off: "Send no e-mails",
    save: "Save preference",
    saved: "Preference saved.",
    notConfigured: "This server has no e-mail configured: for now you will only see the bell.",
  },
};
