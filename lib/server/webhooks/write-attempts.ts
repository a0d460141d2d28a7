import "server-only";

import { logger } from "@/lib/server/platform/config/logger";
import type { PrismaClient } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";

import type { RecordedAttempt } from "./record-outcomes";

/**
 * The statements of recordAttempts (record-outcomes.ts), each one for the whole group: attempts
 * inserted and deliveries updated from arrays (unnest), so a group of 100 answers costs the same
 * few statements as one.
 */

export interface DisabledEndpoint {
  id: string;
  accountId: string;
  environment: string;
  url: string;
  failingSince: bigint | null;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function insertAttempts(tx: Tx, attempts: RecordedAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "WebhookDeliveryAttempt"
      ("id", "deliveryId", "attemptedAt", "trigger", "requestedBy", "statusCode", "latencyMs", "error", "responseExcerpt")
    SELECT a.id, a.delivery_id, a.attempted_at::bigint, a.trigger, a.requested_by, a.status_code::int,
           a.latency_ms::int, a.error, a.excerpt
    FROM unnest(
      ${attempts.map((attempt) => attempt.id)}::text[],
      ${attempts.map((attempt) => attempt.deliveryId)}::text[],
      ${attempts.map((attempt) => String(attempt.attemptedAt))}::text[],
      ${attempts.map((attempt) => attempt.trigger)}::text[],
      ${attempts.map((attempt) => attempt.requestedBy)}::text[],
      ${attempts.map((attempt) => (attempt.statusCode === null ? null : String(attempt.statusCode)))}::text[],
      ${attempts.map((attempt) => String(attempt.latencyMs))}::text[],
      ${attempts.map((attempt) => attempt.error)}::text[],
      ${attempts.map((attempt) => attempt.responseExcerpt)}::text[]
    ) AS a(id, delivery_id, attempted_at, trigger, requested_by, status_code, latency_ms, error, excerpt)`;
}

export interface DeliveryUpdate {
  id: string;
  status: string;
  nextAttemptAt: number;
  /** False for a replay: an automatic attempt may hold the delivery meanwhile. */
  clearLock: boolean;
  attempt: RecordedAttempt;
  deliveredAt: number | null;
}

export async function applyDeliveryUpdates(tx: Tx, updates: DeliveryUpdate[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE "WebhookDelivery" AS d SET
      "status" = u.status,
      "attempts" = d."attempts" + u.added::int,
      "nextAttemptAt" = u.next_at::bigint,
      "lockedUntil" = CASE WHEN u.clear_lock::boolean THEN NULL ELSE d."lockedUntil" END,
      "lastAttemptAt" = u.attempted_at::bigint,
      "lastStatusCode" = u.status_code::int,
      "lastLatencyMs" = u.latency_ms::int,
      "lastError" = u.error,
      "lastResponseExcerpt" = u.excerpt,
      "deliveredAt" = COALESCE(u.delivered_at::bigint, d."deliveredAt")
    FROM unnest(
      ${updates.map((update) => update.id)}::text[],
      ${updates.map((update) => update.status)}::text[],
      ${updates.map(() => "1")}::text[],
      ${updates.map((update) => String(update.nextAttemptAt))}::text[],
      ${updates.map((update) => String(update.clearLock))}::text[],
      ${updates.map((update) => String(update.attempt.attemptedAt))}::text[],
      ${updates.map((update) => (update.attempt.statusCode === null ? null : String(update.attempt.statusCode)))}::text[],
      ${updates.map((update) => String(update.attempt.latencyMs))}::text[],
      ${updates.map((update) => update.attempt.error)}::text[],
      ${updates.map((update) => update.attempt.responseExcerpt)}::text[],
      ${updates.map((update) => (update.deliveredAt === null ? null : String(update.deliveredAt)))}::text[]
    ) AS u(id, status, added, next_at, clear_lock, attempted_at, status_code, latency_ms, error, excerpt, delivered_at)
    WHERE d."id" = u.id`;
}

/** The endpoint was disabled for failing: the event the notifications tell administrators about. */
export async function announceDisabled(
  tx: Tx,
  endpoint: DisabledEndpoint,
  lastError: string | null,
  now: number,
): Promise<void> {
  const account = await tx.account.findUnique({ where: { id: endpoint.accountId }, select: { rnc: true } });
  await writeEvent(tx, {
    type: "webhook.disabled",
    accountId: endpoint.accountId,
    environment: endpoint.environment,
    subjectId: endpoint.id,
    payload: {
      endpointId: endpoint.id,
      customerId: account?.rnc ?? "",
      environment: endpoint.environment as "TesteCF" | "CerteCF" | "eCF",
      url: endpoint.url,
      failingSince: new Date(Number(endpoint.failingSince)).toISOString(),
      lastError,
    },
    now,
  });
  logger.warn(
    { endpointId: endpoint.id, accountId: endpoint.accountId },
    "Webhook endpoint disabled after 3 days failing",
  );
}
