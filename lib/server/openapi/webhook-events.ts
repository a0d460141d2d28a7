import "server-only";

import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { EVENT_TYPES, type EventPayloads, type EventType } from "@/lib/server/platform/events/event-types";

/**
 * The OpenAPI document's `webhooks` section: one zod schema per event payload, written
 * after lib/server/platform/events/event-types.ts's interfaces — the compile-time checks at the end fail when
 * a schema and its interface part ways — and the envelope every delivery carries.
 */

const environment = z.enum(ENVIRONMENTS);
const customerId = z.string().describe("The company's RNC (the issuer)");

const voidCreated = z.object({
  voidId: z.string(),
  customerId,
  environment,
  status: z.literal("Error"),
  errorCode: z.literal("NOT_CONFIRMED"),
  fechaHoraAnulacion: z.string().describe("dd-MM-yyyy HH:mm:ss (Santo Domingo)"),
  totalVoided: z.number().int(),
  rangeCount: z.number().int(),
  createdBy: z.string().nullable(),
});

const voidSettled = z.object({
  voidId: z.string(),
  customerId,
  environment,
  previousStatus: z.literal("Error"),
  status: z.enum(["Aceptado", "Rechazado"]),
  via: z
    .enum(["answer", "resend", "manual"])
    .describe("answer: DGII answered; resend: a resend was accepted; manual: a person settled it"),
  totalVoided: z.number().int().describe("What DGII voided"),
  dgiiCode: z.string().nullable(),
  settledBy: z.string().nullable(),
});

const voidInterrupted = z.object({
  voidId: z.string(),
  customerId,
  environment,
  status: z.literal("Error"),
  errorCode: z.literal("INTERRUPTED"),
  via: z.enum(["lease_expired", "shutdown"]),
});

const voidUnconfirmed = z.object({
  voidId: z.string(),
  customerId,
  environment,
  status: z.literal("Error"),
  errorCode: z
    .enum(["TAXAUTH_AUTH_ERROR", "TAXAUTH_VOID_ERROR"])
    .describe(
      "TAXAUTH_AUTH_ERROR: never reached DGII; TAXAUTH_VOID_ERROR: may have reached DGII (check the OFV)",
    ),
  totalVoided: z.number().int(),
});

const documentStatusChanged = z.object({
  documentId: z.string(),
  ncf: z.string(),
  customerId,
  environment,
  previousStatus: z.string().nullable(),
  status: z.string(),
  via: z.enum(["refresh", "import"]),
});

const voidRequest = z.object({
  requestId: z.string(),
  customerId,
  environment,
  status: z.string().describe("Pendiente, Aprobada, Rechazada, Vencida or Enviada"),
  totalVoided: z.number().int(),
  rangeCount: z.number().int(),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  voidId: z.string().nullable(),
});

const sequenceRange = {
  customerId,
  environment,
  serie: z.string(),
  tipoeCF: z.string(),
  desde: z.string().describe("First e-NCF"),
  hasta: z.string().describe("Last e-NCF"),
};

const sequenceGapDetected = z.object({ ...sequenceRange, cantidad: z.number().int() });

const sequenceExpiring = z.object({
  authorizationId: z.string(),
  ...sequenceRange,
  expiresOn: z.string().describe("yyyy-MM-dd, the last day its numbers may be used"),
  daysLeft: z.number().int(),
  unused: z.number().int().describe("Numbers neither issued nor voided"),
});

const sequenceDepleted = z.object({ authorizationId: z.string(), ...sequenceRange });

const certificateExpiring = z.object({
  certificateId: z.string(),
  customerId,
  subject: z.string(),
  serialNumberHex: z.string(),
  notAfter: z.string().describe("ISO 8601"),
  daysLeft: z.number().int(),
});

const webhookDisabled = z.object({
  endpointId: z.string(),
  customerId,
  environment,
  url: z.string(),
  failingSince: z.string().describe("ISO 8601 instant of the first failure of the run that disabled it"),
  lastError: z.string().nullable(),
});

const webhookTest = z.object({
  endpointId: z.string(),
  customerId,
  environment,
  requestedBy: z.string().nullable(),
});

export const EVENT_PAYLOAD_SCHEMAS = {
  "void.created": voidCreated.describe(
    "A void attempt was stored (write-ahead), before anything reached DGII",
  ),
  "void.settled": voidSettled.describe("A void left Error for Aceptado or Rechazado"),
  "void.interrupted": voidInterrupted.describe("No answer can reach this Error attempt any more"),
  "void.unconfirmed": voidUnconfirmed.describe(
    "A send ended without DGII's answer: the attempt stays Error until it is settled or resent",
  ),
  "document.status_changed": documentStatusChanged.describe("An imported e-CF's status changed"),
  "void.request.created": voidRequest.describe(
    "The approval policy held a void: a request waits for an approver",
  ),
  "void.request.approved": voidRequest.describe("A void request was approved (and sent)"),
  "void.request.rejected": voidRequest.describe("A void request was rejected"),
  "void.request.expired": voidRequest.describe("A void request expired undecided (7 days)"),
  "sequence.gap_detected": sequenceGapDetected.describe(
    "The ledger found skipped numbers that must be voided",
  ),
  "sequence.expiring": sequenceExpiring.describe("An authorized range reaches its last day of use soon"),
  "sequence.depleted": sequenceDepleted.describe("Every number of an authorized range is issued or voided"),
  "certificate.expiring": certificateExpiring.describe(
    "The active signing certificate expires soon (sent to the company's endpoints of every environment)",
  ),
  "webhook.disabled": webhookDisabled.describe("An endpoint was disabled: every delivery failed for 3 days"),
  "webhook.test": webhookTest.describe(
    'Sent on request to one endpoint ("Enviar prueba", POST …/webhooks/{id}/test)',
  ),
} satisfies Record<EventType, z.ZodType>;

/** The component name of an event's envelope, e.g. "WebhookEvent_void_request_created". */
export function eventComponentName(type: EventType): string {
  return `WebhookEvent_${type.replaceAll(".", "_")}`;
}

/** `{ type, timestamp, data }`: the body of every delivery (Standard Webhooks' recommended envelope). */
export function eventEnvelopeSchema(type: EventType): z.ZodType {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe("ISO 8601 instant of the event (when the change committed)"),
      data: EVENT_PAYLOAD_SCHEMAS[type],
    })
    .describe(`The body of a ${type} delivery`);
}

export const WEBHOOK_EVENT_COMPONENTS: Record<string, z.ZodType> = Object.fromEntries(
  EVENT_TYPES.map((type) => [eventComponentName(type), eventEnvelopeSchema(type)]),
);

// Compile-time: each schema's output is its interface and back (a field added to one side fails here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check = {
  [T in EventType]: Same<z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[T]>, EventPayloads[T]>;
};
const payloadsMatch: Check = {
  "void.created": true,
  "void.settled": true,
  "void.interrupted": true,
  "void.unconfirmed": true,
  "document.status_changed": true,
  "void.request.created": true,
  "void.request.approved": true,
  "void.request.rejected": true,
  "void.request.expired": true,
  "sequence.gap_detected": true,
  "sequence.expiring": true,
  "sequence.depleted": true,
  "certificate.expiring": true,
  "webhook.disabled": true,
  "webhook.test": true,
};
void payloadsMatch;

/** The headers of every delivery (Standard Webhooks), for the document. */
export const DELIVERY_HEADERS = [
  {
    name: "webhook-id",
    description:
      "The event's id (UUIDv7): the same on every retry and manual replay of this event to this endpoint. Deliveries " +
      "are at least once: store the ids you processed and ignore a repeat.",
  },
  {
    name: "webhook-timestamp",
    description:
      "Seconds since the epoch when this attempt was signed. Refuse one more than 5 minutes away from your clock " +
      "(replay protection).",
  },
  {
    name: "webhook-signature",
    description:
      "Space-separated `v1,<base64>` signatures: HMAC-SHA256 with the endpoint's secret (the base64 after `whsec_`, " +
      "decoded) over `{webhook-id}.{webhook-timestamp}.{raw body}`. For 24 hours after a rotation there are two " +
      "(previous and new secret): accept the request when any one matches. Compare in constant time; the " +
      "`standardwebhooks` libraries do all of this.",
  },
] as const;
