/**
 * The events of the outbox (issue 21) and their payloads: one module, so the OpenAPI document's
 * `webhooks` section, the webhook deliveries and the notifications read the same shapes. Pure types
 * and constants (no server imports). Every payload names the company's RNC (`customerId`) and the
 * environment, like the spec's records, so a receiver needs nothing else to route it.
 */

export const EVENT_TYPES = [
  "void.created",
  "void.settled",
  "void.interrupted",
  "document.status_changed",
  "void.request.created",
  "void.request.approved",
  "void.request.rejected",
  "void.request.expired",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

type EnvironmentName = "TesteCF" | "CerteCF" | "eCF";

/**
 * A void attempt was stored (the write-ahead), before anything reached DGII: status Error with
 * errorCode NOT_CONFIRMED. Written in the same transaction as the record, so every attempt — even
 * one whose instance dies before DGII answers — has its event; its outcome follows as void.settled
 * (DGII or a person confirmed it) or void.interrupted (no answer can come any more).
 */
export interface VoidCreatedPayload {
  voidId: string;
  customerId: string;
  environment: EnvironmentName;
  status: "Error";
  errorCode: "NOT_CONFIRMED";
  fechaHoraAnulacion: string;
  totalVoided: number;
  rangeCount: number;
  createdBy: string | null;
}

/**
 * A void left Error for a final status: DGII's answer to the send (in time or late), a resend's
 * acceptance, or a person's settlement with evidence from DGII's OFV.
 */
export interface VoidSettledPayload {
  voidId: string;
  customerId: string;
  environment: EnvironmentName;
  previousStatus: "Error";
  status: "Aceptado" | "Rechazado";
  /** "answer": DGII answered the send; "resend": a resend was accepted; "manual": a person settled it. */
  via: "answer" | "resend" | "manual";
  /** What DGII voided (a partial success counts only what it voided). */
  totalVoided: number;
  /** DGII's codigo when DGII answered; null for a manual settlement. */
  dgiiCode: string | null;
  /** Who settled it (manual or resend); null when DGII's answer did. */
  settledBy: string | null;
}

/** No answer can reach this Error attempt any more: the instance waiting on DGII is gone. */
export interface VoidInterruptedPayload {
  voidId: string;
  customerId: string;
  environment: EnvironmentName;
  status: "Error";
  errorCode: "INTERRUPTED";
  /** "lease_expired": swept after its instance died; "shutdown": its instance stopped waiting. */
  via: "lease_expired" | "shutdown";
}

/** An imported e-CF's status changed (DGII's status service, or a re-import). */
export interface DocumentStatusChangedPayload {
  documentId: string;
  ncf: string;
  customerId: string;
  environment: EnvironmentName;
  previousStatus: string | null;
  status: string;
  via: "refresh" | "import";
}

/** A void request (approvals, issue 20) changed state. */
export interface VoidRequestEventPayload {
  requestId: string;
  customerId: string;
  environment: EnvironmentName;
  status: string;
  totalVoided: number;
  rangeCount: number;
  requestedBy: string;
  decidedBy: string | null;
  voidId: string | null;
}

export interface EventPayloads {
  "void.created": VoidCreatedPayload;
  "void.settled": VoidSettledPayload;
  "void.interrupted": VoidInterruptedPayload;
  "document.status_changed": DocumentStatusChangedPayload;
  "void.request.created": VoidRequestEventPayload;
  "void.request.approved": VoidRequestEventPayload;
  "void.request.rejected": VoidRequestEventPayload;
  "void.request.expired": VoidRequestEventPayload;
}
