/**
 * The events of the outbox and their payloads: one module, so the OpenAPI document's
 * `webhooks` section, the webhook deliveries and the notifications read the same shapes. Pure types
 * and constants (no server imports). Every payload names the company's RNC (`customerId`) and the
 * environment, like the spec's records, so a receiver needs nothing else to route it.
 */

// The names live in lib/domain (the portal's form lists them in the browser); re-exported here.
export { EVENT_TYPES, isEventType, type EventType } from "@/lib/domain/event-types";

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

/**
 * A send ended without DGII's answer and nothing waits for one any more: the attempt stays Error
 * until a person settles it (Por confirmar) or resends it. TAXAUTH_AUTH_ERROR: DGII's
 * authentication failed, the void never reached DGII; TAXAUTH_VOID_ERROR: it may have reached DGII,
 * and only the OFV can tell. Written with the Error's final write (not while the send still waits
 * for a late answer after the request's deadline).
 */
export interface VoidUnconfirmedPayload {
  voidId: string;
  customerId: string;
  environment: EnvironmentName;
  status: "Error";
  errorCode: "TAXAUTH_AUTH_ERROR" | "TAXAUTH_VOID_ERROR";
  totalVoided: number;
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

/** A void request (approvals) changed state. */
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

/**
 * The ledger proposes a gap (exactly what the portal's gap review and GET …/secuencias/huecos show):
 * numbers skipped below a higher number of the series+type issued before min(import-coverage mark,
 * now − quiet period), or the unused tail of an expired authorization — neither issued nor voided,
 * they must be voided (DGII's rule). Announced once per gap by the hourly ledger scan
 * (lib/server/scans, key in AnnouncedCondition); a gap that changes (part voided, part issued) is a
 * new gap; a gap voided whole is not announced again. At most 100 ledger events per company and
 * environment per run: a company with more gaps hears of the rest in later runs, in the ledger's order.
 */
export interface SequenceGapDetectedPayload {
  customerId: string;
  environment: EnvironmentName;
  serie: string;
  tipoeCF: string;
  /** First and last e-NCF of the gap, and how many numbers it holds. */
  desde: string;
  hasta: string;
  cantidad: number;
}

/**
 * An authorized range still in force, with numbers unused, is 30, 7 or 1 days from its last day of use
 * (expiresOn, a Santo Domingo date): announced once per authorization and threshold, the tightest
 * one reached (a range first seen 5 days before gets the 7-day warning, then the 1-day one). Types 32
 * and 34 never expire; once expired, the unused tail is a sequence.gap_detected instead.
 */
export interface SequenceExpiringPayload {
  authorizationId: string;
  customerId: string;
  environment: EnvironmentName;
  serie: string;
  tipoeCF: string;
  desde: string;
  hasta: string;
  /** yyyy-MM-dd, the last day its numbers may be used. */
  expiresOn: string;
  /** Whole days from the scan to the end of expiresOn (0 on the last day). */
  daysLeft: number;
  /**
   * Numbers of the range neither issued nor voided (numbers in a void of unknown outcome count as
   * unused): after expiresOn they must be voided.
   */
  unused: number;
}

/**
 * Every number of an authorized range still in force is issued or voided: new documents need a new
 * range. Once per authorization (an authorization that expired used up is not announced).
 */
export interface SequenceDepletedPayload {
  authorizationId: string;
  customerId: string;
  environment: EnvironmentName;
  serie: string;
  tipoeCF: string;
  desde: string;
  hasta: string;
}

/**
 * The company's active signing certificate is 30, 7 or 1 days from its notAfter, or has expired:
 * announced once per company, certificate and threshold (the tightest reached; "expired" once, with
 * daysLeft negative) by the certificate scan (every 6 h). No environment: it signs for all three, so
 * it goes to every endpoint of the company.
 */
export interface CertificateExpiringPayload {
  certificateId: string;
  customerId: string;
  subject: string;
  serialNumberHex: string;
  /** ISO 8601 instant of notAfter. */
  notAfter: string;
  /** Whole days from the scan to notAfter, rounded down: negative once it has expired. */
  daysLeft: number;
}

/** A webhook endpoint was disabled: every delivery to it failed for 3 days. */
export interface WebhookDisabledPayload {
  endpointId: string;
  customerId: string;
  environment: EnvironmentName;
  url: string;
  /** ISO 8601 instant of the first failure of the run that disabled it. */
  failingSince: string;
  lastError: string | null;
}

/** Sent on request to one endpoint only (portal "Enviar prueba", POST …/webhooks/{id}/test). */
export interface WebhookTestPayload {
  endpointId: string;
  customerId: string;
  environment: EnvironmentName;
  requestedBy: string | null;
}

export interface EventPayloads {
  "void.created": VoidCreatedPayload;
  "void.settled": VoidSettledPayload;
  "void.interrupted": VoidInterruptedPayload;
  "void.unconfirmed": VoidUnconfirmedPayload;
  "document.status_changed": DocumentStatusChangedPayload;
  "void.request.created": VoidRequestEventPayload;
  "void.request.approved": VoidRequestEventPayload;
  "void.request.rejected": VoidRequestEventPayload;
  "void.request.expired": VoidRequestEventPayload;
  "sequence.gap_detected": SequenceGapDetectedPayload;
  "sequence.expiring": SequenceExpiringPayload;
  "sequence.depleted": SequenceDepletedPayload;
  "certificate.expiring": CertificateExpiringPayload;
  "webhook.disabled": WebhookDisabledPayload;
  "webhook.test": WebhookTestPayload;
}
