import "server-only";

import { v7 as uuidv7 } from "uuid";

import { endpointsFor } from "@/lib/domain/webhook-routing";
import type { PrismaClient } from "@/lib/server/platform/db";

/**
 * The fan-out: outbox events not yet processed become one WebhookDelivery per receiving
 * endpoint (lib/domain/webhook-routing.ts), and are marked processed — in ONE transaction, so an
 * event is fanned out exactly once: instances claim disjoint events (FOR UPDATE SKIP LOCKED), the
 * (endpointId, eventId) unique key turns any overlap into nothing (ON CONFLICT DO NOTHING), and a
 * crash before the commit leaves the events unprocessed for the next run. Only `processedAt` is
 * ours: the notifications' consumer keeps its own mark (notifiedAt).
 */

export const FAN_OUT_BATCH = 500;

interface EventRow {
  id: string;
  accountId: string;
  environment: string | null;
  type: string;
  subjectId: string | null;
}

interface EndpointRow {
  id: string;
  accountId: string;
  environment: string;
  enabled: boolean;
  eventTypes: string[] | null;
  retryAfter: bigint | null;
}

/** True when some event waits (an index-only look, for the idle poll). */
export async function hasUnprocessedEvents(db: PrismaClient): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "OutboxEvent" WHERE "processedAt" IS NULL LIMIT 1`;
  return rows.length > 0;
}

/** One batch; returns how many events were processed and deliveries created. */
export async function fanOutEvents(
  db: PrismaClient,
  options: { now: number; batchSize?: number },
): Promise<{ events: number; deliveries: number }> {
  const batch = options.batchSize ?? FAN_OUT_BATCH;
  return db.$transaction(
    async (tx) => {
      const events = await tx.$queryRaw<EventRow[]>`
        SELECT "id", "accountId", "environment"::text AS "environment", "type", "subjectId"
        FROM "OutboxEvent"
        WHERE "processedAt" IS NULL
        ORDER BY "id"
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED`;
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const accountIds = [...new Set(events.map((event) => event.accountId))];
      const endpoints = await tx.$queryRaw<EndpointRow[]>`
        SELECT "id", "accountId", "environment"::text AS "environment", "enabled", "eventTypes", "retryAfter"
        FROM "WebhookEndpoint"
        WHERE "enabled" AND "accountId" = ANY(${accountIds}::text[])`;
      const pairs = events.flatMap((event) =>
        endpointsFor(event, endpoints).map((endpoint) => ({ event, endpoint })),
      );
      let created = 0;
      if (pairs.length > 0) {
        const now = String(options.now);
        created = await tx.$executeRaw`
          INSERT INTO "WebhookDelivery"
            ("id", "endpointId", "accountId", "eventId", "eventType", "status", "attempts", "nextAttemptAt", "createdAt")
          SELECT p.id, p.endpoint_id, p.account_id, p.event_id, p.event_type, 'pending', 0, p.next_at::bigint, ${now}::bigint
          FROM unnest(
            ${pairs.map(() => uuidv7())}::text[],
            ${pairs.map((pair) => pair.endpoint.id)}::text[],
            ${pairs.map((pair) => pair.event.accountId)}::text[],
            ${pairs.map((pair) => pair.event.id)}::text[],
            ${pairs.map((pair) => pair.event.type)}::text[],
            ${pairs.map((pair) => String(firstAttemptAt(pair.endpoint, options.now)))}::text[]
          ) AS p(id, endpoint_id, account_id, event_id, event_type, next_at)
          ON CONFLICT ("endpointId", "eventId") DO NOTHING`;
      }
      await tx.$executeRaw`
        UPDATE "OutboxEvent" SET "processedAt" = ${String(options.now)}::bigint
        WHERE "id" = ANY(${events.map((event) => event.id)}::text[])`;
      return { events: events.length, deliveries: created };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** Due at once, unless its endpoint is backing off: then when the endpoint may be tried again. */
function firstAttemptAt(endpoint: EndpointRow, now: number): number {
  return endpoint.retryAfter !== null ? Math.max(now, Number(endpoint.retryAfter)) : now;
}
