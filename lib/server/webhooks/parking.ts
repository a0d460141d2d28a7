import "server-only";

import type { PrismaClient } from "@/lib/server/platform/db";

/**
 * A disabled endpoint's pending deliveries are parked: their nextAttemptAt moves beyond every
 * clock, so the claims' index scan (status, nextAttemptAt) never wades through them at each poll —
 * an endpoint disabled after 3 days of failing may hold days of a company's events. Enabling it
 * again makes them due at once. They stay `pending` throughout; the delivery log shows no next
 * attempt for them.
 *
 * Both run after the endpoint's own change has committed, best effort like the backoff's
 * rescheduling: taking the deliveries' rows inside that transaction would lock in the opposite
 * order to a claim's (deliveries, then endpoint). A statement lost here only costs scan time.
 */
export const PARKED_AT = BigInt(Number.MAX_SAFE_INTEGER);

export function isParked(nextAttemptAt: bigint): boolean {
  return nextAttemptAt >= PARKED_AT;
}

export async function parkDeliveries(db: PrismaClient, endpointIds: readonly string[]): Promise<number> {
  if (endpointIds.length === 0) return 0;
  return db.$executeRaw`
    UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${String(PARKED_AT)}::bigint
    WHERE "endpointId" = ANY(${[...endpointIds]}::text[]) AND "status" = 'pending'
      AND "nextAttemptAt" < ${String(PARKED_AT)}::bigint`;
}

export async function unparkDeliveries(db: PrismaClient, endpointId: string, now: number): Promise<number> {
  return db.$executeRaw`
    UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${String(now)}::bigint
    WHERE "endpointId" = ${endpointId} AND "status" = 'pending'
      AND "nextAttemptAt" >= ${String(PARKED_AT)}::bigint`;
}
