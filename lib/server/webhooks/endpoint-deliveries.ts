import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/domain/webhook-endpoint";
import { AppError, type ErrorCode } from "@/lib/errors";
import { getDb, toMs, toMsOrNull } from "@/lib/server/platform/db";
import { decodeCursor, encodeCursor } from "@/lib/server/platform/http/list-cursor";

import type { WebhookScope } from "./endpoints";
import { isParked } from "./parking";
import { replayDelivery } from "./replay";

/**
 * An endpoint's delivery log: one delivery per event and endpoint (its eventId is the
 * webhook-id), its attempts (automatic retries and manual replays) with the HTTP status, latency and
 * the first 1,000 characters of the answer. Scoped like the endpoints: company, environment, and the
 * endpoint of the path — another's delivery id is "not found".
 */

export const DELIVERY_LIST_LIMIT_DEFAULT = 25;
export const DELIVERY_LIST_LIMIT_MAX = 100;

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  /** The event's id: the webhook-id header of every attempt. */
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** While pending: the next automatic attempt. */
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  lastResponseExcerpt: string | null;
  deliveredAt: number | null;
  createdAt: number;
}

export interface WebhookDeliveryAttemptView {
  id: string;
  attemptedAt: number;
  trigger: "automatic" | "replay";
  requestedBy: string | null;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  attemptLog: WebhookDeliveryAttemptView[];
  /** The event's data as delivered (`data` of the envelope); null once the event was cleaned up. */
  data: unknown;
}

export interface DeliveryListQuery {
  status?: WebhookDeliveryStatus;
  limit?: number;
  nextToken?: string;
}

function parameterError(code: ErrorCode, parameter: string, message: string): AppError {
  return new AppError(code, `Parámetro ${parameter}: ${message}.`, { extra: { parameter } });
}

/** The list's query string; the first bad parameter answers 400 with its own code. */
export function parseDeliveryListQuery(searchParams: URLSearchParams): DeliveryListQuery {
  const query: DeliveryListQuery = {};
  for (const [key, value] of searchParams) {
    if (key === "status") {
      if (!(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value)) {
        throw parameterError("INVALID_STATUS", "status", "debe ser pending, delivered o failed");
      }
      query.status = value as WebhookDeliveryStatus;
    } else if (key === "limit") {
      const limit = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(limit >= 1 && limit <= DELIVERY_LIST_LIMIT_MAX)) {
        throw parameterError(
          "INVALID_LIMIT",
          "limit",
          `debe ser un entero de 1 a ${DELIVERY_LIST_LIMIT_MAX}`,
        );
      }
      query.limit = limit;
    } else if (key === "nextToken") {
      query.nextToken = value;
    } else {
      throw parameterError(
        "INVALID_PARAMETER",
        key.slice(0, 40),
        "no existe (use status, limit o nextToken)",
      );
    }
  }
  return query;
}

type DeliveryRow = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>["webhookDelivery"]["findFirst"]>>
>;
type AttemptRow = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>["webhookDeliveryAttempt"]["findFirst"]>>
>;

/**
 * The delivery as the log shows it. `attempts` and the last* fields come from the attempts
 * themselves (replays included: a replay of a delivered event leaves the delivery's own columns,
 * which drive the retry schedule, as they were); the row's columns when none is logged.
 */
function toView(row: DeliveryRow, count: number, latest: AttemptRow | undefined): WebhookDeliveryView {
  const fromLatest = latest
    ? {
        attempts: Math.max(count, row.attempts),
        lastAttemptAt: toMs(latest.attemptedAt),
        lastStatusCode: latest.statusCode,
        lastLatencyMs: latest.latencyMs,
        lastError: latest.error,
        lastResponseExcerpt: latest.responseExcerpt,
      }
    : {};
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    // Parked (its endpoint disabled): no attempt is scheduled.
    nextAttemptAt: row.status === "pending" && !isParked(row.nextAttemptAt) ? toMs(row.nextAttemptAt) : null,
    lastAttemptAt: toMsOrNull(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    lastResponseExcerpt: row.lastResponseExcerpt,
    deliveredAt: toMsOrNull(row.deliveredAt),
    createdAt: toMs(row.createdAt),
    ...fromLatest,
  };
}

/** 404 WEBHOOK_NOT_FOUND unless the endpoint is the company's, in this environment. */
async function requireEndpoint(scope: Omit<WebhookScope, "by">, endpointId: string): Promise<void> {
  const db = await getDb();
  const found = await db.webhookEndpoint.count({
    where: { id: endpointId, accountId: scope.auth.accountId, environment: scope.environment },
  });
  if (found === 0) {
    throw new AppError(
      "WEBHOOK_NOT_FOUND",
      `El webhook ${endpointId.slice(0, 40)} no existe en esta empresa y ambiente.`,
    );
  }
}

function deliveryNotFound(deliveryId: string): AppError {
  return new AppError(
    "WEBHOOK_DELIVERY_NOT_FOUND",
    `El envío ${deliveryId.slice(0, 40)} no existe para este webhook.`,
  );
}

/** A page of the endpoint's deliveries, newest first, keyset-paged on (createdAt, id); `status` filters. */
export async function listWebhookDeliveries(
  scope: Omit<WebhookScope, "by">,
  endpointId: string,
  query: DeliveryListQuery = {},
): Promise<{ items: WebhookDeliveryView[]; nextToken?: string; limit: number }> {
  await requireEndpoint(scope, endpointId);
  const limit = query.limit ?? DELIVERY_LIST_LIMIT_DEFAULT;
  const before = query.nextToken !== undefined ? decodeCursor(query.nextToken) : undefined;
  const db = await getDb();
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId,
      accountId: scope.auth.accountId,
      ...(query.status ? { status: query.status } : {}),
      ...(before
        ? {
            OR: [
              { createdAt: { lt: BigInt(before.createdAt) } },
              { createdAt: BigInt(before.createdAt), id: { lt: before.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: {
      attemptsLog: { orderBy: [{ attemptedAt: "desc" }, { id: "desc" }], take: 1 },
      _count: { select: { attemptsLog: true } },
    },
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toView(row, row._count.attemptsLog, row.attemptsLog[0])),
    ...(rows.length > limit && last
      ? { nextToken: encodeCursor({ createdAt: toMs(last.createdAt), id: last.id }) }
      : {}),
    limit,
  };
}

/** The most deliveries a document's page lists (a few events, a few endpoints each). */
export const EVENT_DELIVERIES_SHOWN = 100;

/**
 * The company's deliveries of these events (a document's page lists those about the document),
 * oldest first, each with its endpoint's URL; the newest EVENT_DELIVERIES_SHOWN.
 */
export async function deliveriesOfEvents(
  accountId: string,
  eventIds: readonly string[],
): Promise<Array<WebhookDeliveryView & { endpointUrl: string }>> {
  if (eventIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.webhookDelivery.findMany({
    where: { accountId, eventId: { in: [...eventIds] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: EVENT_DELIVERIES_SHOWN,
    include: {
      endpoint: { select: { url: true } },
      attemptsLog: { orderBy: [{ attemptedAt: "desc" }, { id: "desc" }], take: 1 },
      _count: { select: { attemptsLog: true } },
    },
  });
  return rows.reverse().map((row) => ({
    ...toView(row, row._count.attemptsLog, row.attemptsLog[0]),
    endpointUrl: row.endpoint.url,
  }));
}

/** One delivery of the endpoint with every attempt (oldest first) and the event's data. */
export async function getWebhookDelivery(
  scope: Omit<WebhookScope, "by">,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  await requireEndpoint(scope, endpointId);
  const db = await getDb();
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId, accountId: scope.auth.accountId },
    include: { attemptsLog: { orderBy: [{ attemptedAt: "asc" }, { id: "asc" }] } },
  });
  if (!row) throw deliveryNotFound(deliveryId);
  const event = await db.outboxEvent.findFirst({
    where: { id: row.eventId, accountId: scope.auth.accountId },
    select: { payload: true },
  });
  return {
    ...toView(row, row.attemptsLog.length, row.attemptsLog.at(-1)),
    attemptLog: row.attemptsLog.map((attempt) => ({
      id: attempt.id,
      attemptedAt: toMs(attempt.attemptedAt),
      trigger: attempt.trigger === "replay" ? "replay" : "automatic",
      requestedBy: attempt.requestedBy,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
      responseExcerpt: attempt.responseExcerpt,
    })),
    data: event?.payload ?? null,
  };
}

/**
 * Sends the delivery again now (one attempt, trigger "replay", with the same webhook-id so the
 * receiver may recognize it) and answers the delivery as it stands after it. 409 WEBHOOK_DISABLED
 * while the endpoint is disabled.
 */
export async function replayWebhookDelivery(
  scope: Omit<WebhookScope, "by">,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  await requireEndpoint(scope, endpointId);
  const db = await getDb();
  const owned = await db.webhookDelivery.count({
    where: { id: deliveryId, endpointId, accountId: scope.auth.accountId },
  });
  if (owned === 0) throw deliveryNotFound(deliveryId);
  const result = await replayDelivery({
    accountId: scope.auth.accountId,
    environment: scope.environment as Environment,
    deliveryId,
    requestedBy: scope.auth.actor,
  });
  if (result.kind === "not_found") throw deliveryNotFound(deliveryId);
  if (result.kind === "endpoint_disabled") {
    throw new AppError("WEBHOOK_DISABLED", "El webhook está desactivado: actívelo antes de reenviar.");
  }
  return getWebhookDelivery(scope, endpointId, deliveryId);
}
