import type { esActivity } from "./es-activity";

/** English strings of the activity log (same keys as es-activity.ts). */
export const enActivity: typeof esActivity = {
  tab: "Activity",
  title: "Activity log",
  intro:
    "Every security- or tax-relevant action of the company: sign-ins, API keys and service accounts, certificates, people and roles, voids and policies. Nobody can change or delete an entry: they are kept at least 10 years.",
  organizationTitle: "Organization activity",
  organizationIntro:
    "What concerns the organization rather than one company: the second-factor rule, administrators, people removed, resets, and its people's failed or blocked sign-ins.",
  filters: "Activity filters",
  from: "From",
  to: "To",
  action: "Action",
  anyAction: "All actions",
  actor: "Who (e-mail or name)",
  apply: "Apply",
  clear: "Clear",
  export: "Export CSV",
  empty: "No activity with these filters.",
  next: "Older",
  first: "Newest",
  invalidDay: "Enter the dates as valid days.",
  columns: {
    when: "Date",
    action: "Action",
    actor: "Who",
    subject: "About",
    details: "Details",
    ip: "IP address",
    environment: "Environment",
  },
  actorTypes: {
    user: "Person",
    "service-account": "Service account",
    "api-key": "API key",
    system: "Anula",
  },
  actions: {
    auth: {
      sign_in: "Signed in",
      sign_in_failed: "Failed sign-in",
      sign_in_throttled: "Sign-in blocked after failures",
    },
    api_key: {
      created: "API key created",
      revoked: "API key revoked",
    },
    service_account: {
      created: "Service account created",
      secret_rotated: "Service account secret rotated",
      revoked: "Service account disabled",
      enabled: "Service account enabled",
      approval_bypass_granted: "Send without approval granted",
      approval_bypass_revoked: "Send without approval withdrawn",
    },
    certificate: {
      uploaded: "Certificate uploaded",
      activated: "Certificate activated",
    },
    user: {
      invited: "Person invited",
      roles_changed: "Roles changed",
      disabled: "Access disabled",
      enabled: "Access enabled",
      removed: "Person removed from the organization",
      organization_admin_changed: "Organization administration changed",
      password_reset: "Password reset",
      second_factor_reset: "Second factor removed",
      sessions_ended: "Sessions ended",
    },
    company: {
      created: "Company created",
    },
    void: {
      requested: "Void requested",
      approved: "Request approved",
      rejected: "Request rejected",
      expired: "Request expired",
      sent: "Void sent",
      settled: "Void settled",
    },
    policy: {
      changed: "Policy changed",
    },
    audit_pack: {
      downloaded: "Audit pack downloaded",
    },
  },
  csv: {
    fileName: "activity",
    header: [
      "Date",
      "Action",
      "Code",
      "Who",
      "Type",
      "Who's id",
      "About",
      "Id",
      "Environment",
      "IP address",
      "Details",
    ],
  },
};
