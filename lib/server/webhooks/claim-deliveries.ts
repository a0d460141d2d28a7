import "server-only";

import type { PrismaClient } from "@/lib/server/platform/db";

import type { EndpointSecretColumns } from "./secrets";

/**
 * Claiming due deliveries (at least once, on any number of instances). A delivery is due
 * when pending, its nextAttemptAt has come, no instance holds it (lockedUntil null or past) and its
 * endpoint is enabled and not backing off (retryAfter null or past). Claimed rows get a lease in
 * lockedUntil: an instance that dies between the claim and the answer leaves them to be taken
 * again once the lease ends — sent twice at worst, which the receiver deduplicates by webhook-id.
 *
 * An endpoint backing off (retryAfter set and past) gets one delivery at a time — a probe — and its
 * retryAfter is pushed to the lease's end meanwhile, so other instances do not probe it too: a
 * receiver that is down is not hammered by every pending delivery when its backoff ends.
 */

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  accountId: string;
  eventId: string;
  attempts: number;
  /** The endpoint, as needed to send: URL and sealed secrets. */
  endpoint: EndpointSecretColumns & { url: string; environment: string };
  event: { id: string; type: string; createdAt: number; payload: unknown } | null;
}

interface DueRow {
  id: string;
  endpointId: string;
  failing: boolean;
}

/** True when some delivery is due now (one indexed look, for the idle poll). */
export async function hasDueDeliveries(db: PrismaClient, now: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "WebhookDelivery"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ${String(now)}::bigint
      AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${String(now)}::bigint)
    LIMIT 1`;
  return rows.length > 0;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`. Returns their ids and whether the batch was
 * full (more may be due).
 */
export async function claimDueDeliveryIds(
  db: PrismaClient,
  options: { now: number; limit: number; leaseMs: number },
): Promise<{ ids: string[]; full: boolean }> {
  if (options.limit <= 0) return { ids: [], full: true };
  const now = String(options.now);
  const leaseEnd = String(options.now + options.leaseMs);
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<DueRow[]>`
        SELECT d."id", d."endpointId", (e."retryAfter" IS NOT NULL) AS "failing"
        FROM "WebhookDelivery" d
        JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
        WHERE d."status" = 'pending'
          AND d."nextAttemptAt" <= ${now}::bigint
          AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= ${now}::bigint)
          AND e."enabled"
          AND (e."retryAfter" IS NULL OR e."retryAfter" <= ${now}::bigint)
        ORDER BY d."nextAttemptAt", d."id"
        LIMIT ${options.limit}
        FOR UPDATE OF d SKIP LOCKED`;
      const probed = new Set<string>();
      const ids: string[] = [];
      for (const row of due) {
        if (row.failing) {
          if (probed.has(row.endpointId)) continue;
          probed.add(row.endpointId);
        }
        ids.push(row.id);
      }
      if (ids.length > 0) {
        await tx.$executeRaw`
          UPDATE "WebhookDelivery" SET "lockedUntil" = ${leaseEnd}::bigint
          WHERE "id" = ANY(${ids}::text[])`;
      }
      if (probed.size > 0) {
        await tx.$executeRaw`
          UPDATE "WebhookEndpoint" SET "retryAfter" = ${leaseEnd}::bigint
          WHERE "id" = ANY(${[...probed]}::text[]) AND "retryAfter" IS NOT NULL`;
      }
      return { ids, full: due.length >= options.limit };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}

interface DeliveryRow {
  id: string;
  endpointId: string;
  accountId: string;
  eventId: string;
  attempts: number;
  url: string;
  environment: string;
  secretCiphertext: Uint8Array<ArrayBuffer>;
  secretIv: Uint8Array<ArrayBuffer>;
  secretTag: Uint8Array<ArrayBuffer>;
  previousSecretCiphertext: Uint8Array<ArrayBuffer> | null;
  previousSecretIv: Uint8Array<ArrayBuffer> | null;
  previousSecretTag: Uint8Array<ArrayBuffer> | null;
  previousSecretExpiresAt: bigint | null;
  type: string | null;
  createdAt: bigint | null;
  payload: unknown;
}

/**
 * What sending needs: the deliveries with their endpoint and event, in one query (on PGlite every
 * round trip queues behind the app's own queries, so a burst of events is sent in few of them).
 */
export async function loadDeliveries(db: PrismaClient, ids: readonly string[]): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<DeliveryRow[]>`
    SELECT d."id", d."endpointId", d."accountId", d."eventId", d."attempts",
           e."url", e."environment"::text AS "environment",
           e."secretCiphertext", e."secretIv", e."secretTag",
           e."previousSecretCiphertext", e."previousSecretIv", e."previousSecretTag", e."previousSecretExpiresAt",
           v."type", v."createdAt", v."payload"
    FROM "WebhookDelivery" d
    JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
    LEFT JOIN "OutboxEvent" v ON v."id" = d."eventId"
    WHERE d."id" = ANY(${[...ids]}::text[])
    ORDER BY d."nextAttemptAt", d."id"`;
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    accountId: row.accountId,
    eventId: row.eventId,
    attempts: row.attempts,
    endpoint: {
      id: row.endpointId,
      url: row.url,
      environment: row.environment,
      secretCiphertext: bytes(row.secretCiphertext)!,
      secretIv: bytes(row.secretIv)!,
      secretTag: bytes(row.secretTag)!,
      previousSecretCiphertext: bytes(row.previousSecretCiphertext),
      previousSecretIv: bytes(row.previousSecretIv),
      previousSecretTag: bytes(row.previousSecretTag),
      previousSecretExpiresAt: row.previousSecretExpiresAt,
    },
    event:
      row.type !== null && row.createdAt !== null
        ? { id: row.eventId, type: row.type, createdAt: Number(row.createdAt), payload: row.payload }
        : null,
  }));
}

/** bytea from a raw query, as the Uint8Array the sealing code takes. */
function bytes(value: Uint8Array | null): Uint8Array<ArrayBuffer> | null {
  return value === null ? null : new Uint8Array(value);
}
