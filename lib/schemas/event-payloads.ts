import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import type { EventType } from "@/lib/domain/event-types";

/**
 * The payloads of the outbox's events, written once: the OpenAPI document's `webhooks` section
 * reads these schemas and the platform's events (writeEvent, the webhook deliveries, the
 * notifications) their inferred types, so a field added here reaches both. Every payload names the
 * company's RNC (`customerId`) and the environment, like the spec's records, so a receiver needs
 * nothing else to route it.
 */

const environment = z.enum(ENVIRONMENTS);
const customerId = z.string().describe("The company's RNC (the issuer)");
/** The fields that open every void.* payload. */
const aVoid = { voidId: z.string(), customerId, environment };

/**
 * A void attempt was stored (the write-ahead), before anything reached DGII: status Error with
 * errorCode NOT_CONFIRMED. Written in the same transaction as the record, so every attempt — even
 * one whose instance dies before DGII answers — has its event; its outcome follows as void.settled
 * (DGII or a person confirmed it) or void.interrupted (no answer can come any more).
 */
const voidCreated = z.object({
  ...aVoid,
  status: z.literal("Error"),
  errorCode: z.literal("NOT_CONFIRMED"),
  fechaHoraAnulacion: z.string().describe("dd-MM-yyyy HH:mm:ss (Santo Domingo)"),
  totalVoided: z.number().int(),
  rangeCount: z.number().int(),
  createdBy: z.string().nullable(),
});

/**
 * A void left Error for a final status: DGII's answer to the send (in time or late), a resend's
 * acceptance, or a person's settlement with evidence from DGII's OFV.
 */
const voidSettled = z.object({
  ...aVoid,
  previousStatus: z.literal("Error"),
  status: z.enum(["Aceptado", "Rechazado"]),
  via: z
    .enum(["answer", "resend", "manual"])
    .describe("answer: DGII answered; resend: a resend was accepted; manual: a person settled it"),
  // A partial success counts only what DGII voided.
  totalVoided: z.number().int().describe("What DGII voided"),
  // DGII's codigo when DGII answered; null for a manual settlement.
  dgiiCode: z.string().nullable(),
  // Who settled it (manual or resend); null when DGII's answer did.
  settledBy: z.string().nullable(),
});

/** No answer can reach this Error attempt any more: the instance waiting on DGII is gone. */
const voidInterrupted = z.object({
  ...aVoid,
  status: z.literal("Error"),
  errorCode: z.literal("INTERRUPTED"),
  // "lease_expired": swept after its instance died; "shutdown": its instance stopped waiting.
  via: z.enum(["lease_expired", "shutdown"]),
});

/**
 * A send ended without DGII's answer and nothing waits for one any more: the attempt stays Error
 * until a person settles it (Por confirmar) or resends it. TAXAUTH_AUTH_ERROR: DGII's
 * authentication failed, the void never reached DGII; TAXAUTH_VOID_ERROR: it may have reached DGII,
 * and only the OFV can tell. Written with the Error's final write (not while the send still waits
 * for a late answer after the request's deadline).
 */
const voidUnconfirmed = z.object({
  ...aVoid,
  status: z.literal("Error"),
  errorCode: z
    .enum(["TAXAUTH_AUTH_ERROR", "TAXAUTH_VOID_ERROR"])
    .describe(
      "TAXAUTH_AUTH_ERROR: never reached DGII; TAXAUTH_VOID_ERROR: may have reached DGII (check the OFV)",
    ),
  totalVoided: z.number().int(),
});

/** An imported e-CF's status changed (DGII's status service, or a re-import). */
const documentStatusChanged = z.object({
  documentId: z.string(),
  ncf: z.string(),
  customerId,
  environment,
  previousStatus: z.string().nullable(),
  status: z.string(),
  via: z
    .enum(["refresh", "import", "issue", "review"])
    .describe(
      "issue: an e-CF issued here (stored, received by DGII, its verdict); review: a person's decision on one " +
        "that waited for them (Por confirmar); refresh and import: as before",
    ),
});

/**
 * An e-CF signed here that DGII has not received yet ("Pendiente de envío") nears or passes its
 * deadline: 72 hours from signing when signed in a declared connectivity contingency (Informe
 * Técnico §19; it is unclear whether DGII counts from signing or from the connection's return:
 * Anula counts from signing), or the company's deferred-sending window. Announced once per document
 * each, by the deadline scan (every 15 min); never while DGII announces its reception down.
 */
const documentDeadline = z.object({
  documentId: z.string(),
  ncf: z.string(),
  customerId,
  environment,
  signedAt: z.string().describe("ISO 8601: when it was signed here (the window counts from it)"),
  deadlineAt: z.string().describe("ISO 8601: when DGII must have received it"),
  windowHours: z.number().int(),
  basis: z
    .enum(["contingency", "deferred"])
    .describe("contingency: signed in a declared contingency (72 h); deferred: the company's window"),
});

/** A void request (approvals) changed state. */
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

/** The first and last e-NCF of a part of a series+type. */
const sequenceRange = {
  customerId,
  environment,
  serie: z.string(),
  tipoeCF: z.string(),
  desde: z.string().describe("First e-NCF"),
  hasta: z.string().describe("Last e-NCF"),
};

/**
 * The ledger proposes a gap (exactly what the portal's gap review and GET …/secuencias/huecos show):
 * numbers skipped below a higher number of the series+type issued before min(import-coverage mark,
 * now − quiet period), or the unused tail of an expired authorization — neither issued nor voided,
 * they must be voided (DGII's rule). Announced once per gap by the hourly ledger scan
 * (lib/server/scans, key in AnnouncedCondition); a gap that changes (part voided, part issued) is a
 * new gap; a gap voided whole is not announced again. At most 100 ledger events per company and
 * environment per run: a company with more gaps hears of the rest in later runs, in the ledger's order.
 * `cantidad`: how many numbers the gap holds.
 */
const sequenceGapDetected = z.object({ ...sequenceRange, cantidad: z.number().int() });

/**
 * A gap the ledger proposes (as sequence.gap_detected) nears or passes the company's own deadline to
 * void it (days per environment, set in Configuración → Contingencia; no default: no rule we know
 * fixes one). It exists since the higher number that proves it was issued (a skip) or since its
 * expired authorization's last day ended. Approaching at the company's deadline share (75 % by
 * default); announced once per gap each by the hourly ledger scan, the tightest state only.
 */
const sequenceGapDeadline = z.object({
  ...sequenceRange,
  cantidad: z.number().int(),
  kind: z
    .enum(["salto", "vencida"])
    .describe("salto: skipped numbers; vencida: an expired authorization's tail"),
  since: z.string().describe("ISO 8601: when the gap exists since (the window counts from it)"),
  deadlineAt: z.string().describe("ISO 8601: the company's deadline to void it"),
  windowDays: z.number().int(),
});

/**
 * An authorized range still in force, with numbers unused, is 60, 30, 7 or 1 days from its last day
 * of use (expiresOn, a Santo Domingo date): announced once per authorization and threshold, the
 * tightest one reached (a range first seen 5 days before gets the 7-day warning, then the 1-day one).
 * Types 32 and 34 never expire; once expired, the unused tail is a sequence.gap_detected instead.
 * Voiding the unused numbers is the company's choice (no rule we know requires it): `cierreDesde`
 * opens the portal's closing of the range (Secuencias, ?cierreDesde=).
 */
const sequenceExpiring = z.object({
  authorizationId: z.string(),
  ...sequenceRange,
  expiresOn: z.string().describe("yyyy-MM-dd, the last day its numbers may be used"),
  // Whole days from the scan to the end of expiresOn (0 on the last day).
  daysLeft: z.number().int(),
  // Numbers in a void of unknown outcome count as unused: after expiresOn they must be voided.
  unused: z.number().int().describe("Numbers neither issued nor voided"),
  cierreDesde: z
    .string()
    .nullable()
    .describe("The first free number above the highest issued: where closing the range would start"),
});

/**
 * Every number of an authorized range still in force is issued or voided: new documents need a new
 * range. Once per authorization (an authorization that expired used up is not announced).
 */
const sequenceDepleted = z.object({ authorizationId: z.string(), ...sequenceRange });

/** The forecast's facts every forecast event carries (lib/domain/authorization-forecast.ts). */
const forecastFacts = {
  authorizationId: z.string(),
  ...sequenceRange,
  expiresOn: z
    .string()
    .nullable()
    .describe("yyyy-MM-dd, the last day its numbers may be used; null: no expiry"),
  pace30: z.number().describe("Numbers of the series+type used per day over the last 30 whole days"),
  pace90: z.number().describe("Numbers of the series+type used per day over the last 90 whole days"),
};

/**
 * The day to request the next authorization (the company's lead time, 15 days by default, before
 * the range runs out at the 30-day pace or expires) is 7 days away or has passed. Once per
 * authorization; never under 30 days of the type's history (no forecast then).
 */
const sequenceForecastRequestBy = z.object({
  ...forecastFacts,
  requestBy: z.string().describe("yyyy-MM-dd (Santo Domingo)"),
  runsOutOn: z
    .string()
    .nullable()
    .describe("yyyy-MM-dd, the day its last number is used at that pace; null: it expires first"),
  leadDays: z.number().int(),
  // Whole days from the scan's day to requestBy: negative once it has passed.
  daysLeft: z.number().int(),
});

/**
 * More than the company's share (20 % by default) of an authorization is forecast to be left unused
 * when it expires, at the 30-day pace: the range was requested too large. Once per authorization.
 */
const sequenceForecastUnused = z.object({
  ...forecastFacts,
  expiresOn: z.string().describe("yyyy-MM-dd, the last day its numbers may be used"),
  cantidad: z.number().int(),
  unusedAtExpiry: z.number().int().describe("Numbers forecast to be still free at expiry"),
  unusedPercent: z.number().describe("unusedAtExpiry as a percent of cantidad (one decimal)"),
  thresholdPercent: z.number().int().describe("The company's share above which it is announced"),
});

/**
 * The company's active signing certificate is 30, 7 or 1 days from its notAfter, or has expired:
 * announced once per company, certificate and threshold (the tightest reached; "expired" once, with
 * daysLeft negative) by the certificate scan (every 6 h). No environment: it signs for all three, so
 * it goes to every endpoint of the company.
 */
const certificateExpiring = z.object({
  certificateId: z.string(),
  customerId,
  subject: z.string(),
  serialNumberHex: z.string(),
  notAfter: z.string().describe("ISO 8601"),
  // Whole days from the scan to notAfter, rounded down: negative once it has expired.
  daysLeft: z.number().int(),
});

/** The fields that open every webhook.* payload. */
const anEndpoint = { endpointId: z.string(), customerId, environment };

/** A webhook endpoint was disabled: every delivery to it failed for 3 days. */
const webhookDisabled = z.object({
  ...anEndpoint,
  url: z.string(),
  failingSince: z.string().describe("ISO 8601 instant of the first failure of the run that disabled it"),
  lastError: z.string().nullable(),
});

/** Sent on request to one endpoint only (portal "Enviar prueba", POST …/webhooks/{id}/test). */
const webhookTest = z.object({
  ...anEndpoint,
  requestedBy: z.string().nullable(),
});

/**
 * A year-end close waits for one company's decision by one of its approvers (its approval policy asks
 * for one): announced once, when the company's part is ready to decide (proposed, or confirmed).
 */
const yearEndCloseAwaitingDecision = z.object({
  closeId: z.string(),
  year: z.number().int(),
  requestedBy: z.string().describe("Who prepared the campaign (never the one who decides for the company)"),
  ranges: z.number().int().describe("Ranges proposed for the company"),
  sequences: z.number().int().describe("Numbers those ranges hold"),
});

/**
 * A year-end close finished its sends for one company (lib/server/year-end-close): announced to that
 * company, once, with what its voids became at that moment (a void to settle may still turn).
 */
const yearEndCloseCompleted = z.object({
  closeId: z.string(),
  year: z.number().int(),
  state: z.enum(["done", "blocked"]),
  blockedReason: z
    .string()
    .nullable()
    .describe("CERTIFICATE_MISSING, CERTIFICATE_EXPIRED or NOTHING_LEFT when nothing was sent"),
  accepted: z.number().int(),
  rejected: z.number().int(),
  partial: z.number().int(),
  toSettle: z.number().int().describe("Voids sent with no answer known yet (Error): settle them"),
  notSent: z.number().int(),
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
  "document.status_changed": documentStatusChanged.describe(
    "An e-CF's status changed (an imported one, or one issued here: stored, received by DGII)",
  ),
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
  "document.deadline_approaching": documentDeadline.describe(
    "An e-CF not yet received by DGII reached the company's share of its deadline's window (75 % by default)",
  ),
  "document.deadline_missed": documentDeadline.describe(
    "An e-CF not yet received by DGII passed its deadline (72 h in a contingency, or the company's window)",
  ),
  "sequence.gap_deadline_approaching": sequenceGapDeadline.describe(
    "A gap the ledger proposes reached the company's share of its deadline to void it",
  ),
  "sequence.gap_deadline_missed": sequenceGapDeadline.describe(
    "A gap the ledger proposes passed the company's deadline to void it",
  ),
  "sequence.forecast_request_by": sequenceForecastRequestBy.describe(
    "The forecast's day to request an authorization's successor is within 7 days or passed",
  ),
  "sequence.forecast_unused": sequenceForecastUnused.describe(
    "More than the company's share of an authorization is forecast to go unused at its expiry",
  ),
  "year_end_close.awaiting_decision": yearEndCloseAwaitingDecision.describe(
    "A year-end close waits for the company's decision by one of its approvers",
  ),
  "year_end_close.completed": yearEndCloseCompleted.describe(
    "A year-end close finished its sends for the company (or could send nothing: blocked)",
  ),
  "webhook.test": webhookTest.describe(
    'Sent on request to one endpoint ("Enviar prueba", POST …/webhooks/{id}/test)',
  ),
} satisfies Record<EventType, z.ZodType>;

/** Each event's payload, as writeEvent takes it and a delivery carries it in `data`. */
export type EventPayloads = { [T in EventType]: z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[T]> };
