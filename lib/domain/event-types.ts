/**
 * The names of the outbox's events, browser-safe: the portal's webhook form lists them,
 * the API validates an endpoint's `eventTypes` against them, lib/schemas/event-payloads.ts gives each
 * its payload and lib/server/platform/events/event-types.ts re-exports them. Add names, never rename one: receivers filter on them.
 */
export const EVENT_TYPES = [
  "void.created",
  "void.settled",
  "void.interrupted",
  "void.unconfirmed",
  "document.status_changed",
  "void.request.created",
  "void.request.approved",
  "void.request.rejected",
  "void.request.expired",
  "sequence.gap_detected",
  "sequence.expiring",
  "sequence.depleted",
  "certificate.expiring",
  "webhook.disabled",
  "webhook.test",
  "document.deadline_approaching",
  "document.deadline_missed",
  "sequence.gap_deadline_approaching",
  "sequence.gap_deadline_missed",
  "sequence.forecast_request_by",
  "sequence.forecast_unused",
  "year_end_close.awaiting_decision",
  "year_end_close.completed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
