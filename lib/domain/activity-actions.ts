/**
 * The actions the activity log records: every security- and tax-relevant step, named
 * "<subject>.<verb>". Pure and browser-safe: the portal's filter and labels read the same list.
 * Entries are append-only and kept at least 10 years (docs/portal.md, "The activity log"), so a
 * name, once written, is never renamed: add new names, never change old ones.
 */
export const ACTIVITY_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_in_throttled",
  "api_key.created",
  "api_key.revoked",
  "service_account.created",
  "service_account.secret_rotated",
  "service_account.revoked",
  "service_account.enabled",
  "service_account.approval_bypass_granted",
  "service_account.approval_bypass_revoked",
  "certificate.uploaded",
  "certificate.activated",
  "user.invited",
  "user.roles_changed",
  "user.disabled",
  "user.enabled",
  "user.removed",
  "user.organization_admin_changed",
  "user.password_reset",
  "user.second_factor_reset",
  "user.sessions_ended",
  "user.password_changed",
  "user.second_factor_enabled",
  "user.second_factor_disabled",
  "user.password_reset_requested",
  "user.password_reset_by_link",
  "user.recovery_codes_regenerated",
  "company.created",
  "void.requested",
  "void.approved",
  "void.rejected",
  "void.expired",
  "void.sent",
  "void.settled",
  "document.review_decided",
  "credit_note_range.reserved",
  "credit_note_range.removed",
  "policy.changed",
  "audit_pack.downloaded",
  "webhook.created",
  "webhook.updated",
  "webhook.disabled",
  "webhook.enabled",
  "webhook.deleted",
  "webhook.secret_rotated",
  "contingency.declared",
  "contingency.ended",
  "contingency.settings_changed",
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === "string" && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** Who took an action: a person, an integration (service account), an API key, or Anula itself. */
export const ACTIVITY_ACTOR_TYPES = ["user", "service-account", "api-key", "system"] as const;
export type ActivityActorType = (typeof ACTIVITY_ACTOR_TYPES)[number];

type SubjectOf<A> = A extends `${infer Subject}.${string}` ? Subject : never;

/**
 * Labels of every action, nested by subject then verb ({ auth: { sign_in: "…" } }): the catalogues'
 * keys carry no dots (their checks read dotted paths).
 */
export type ActivityActionLabels = {
  [Subject in SubjectOf<ActivityAction>]: {
    [Action in ActivityAction as Action extends `${Subject}.${infer Verb}` ? Verb : never]: string;
  };
};

/** The label of `action` in `labels`. */
export function activityActionLabel(labels: ActivityActionLabels, action: ActivityAction): string {
  const [subject, verb] = action.split(".") as [keyof ActivityActionLabels, string];
  return (labels[subject] as Record<string, string>)[verb] ?? action;
}
