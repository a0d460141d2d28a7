import "server-only";

import { claimDueFollowUps, type ClaimedFollowUp } from "@/lib/server/ledger";
import type { PrismaClient } from "@/lib/server/platform/db";

/** An issued e-CF a follow-up round acts on, as claimed. */
export type ClaimedIssued = ClaimedFollowUp;

/**
 * Claims up to `limit` issued e-CF whose follow-up is due and that no instance holds (the request
 * sending it, or another instance's round), for `leaseMs`. The statement is the ledger's (it alone
 * writes documents); an instance that dies mid-round leaves its claims to run out.
 */
export function claimDueIssued(
  db: PrismaClient,
  options: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedIssued[]> {
  return claimDueFollowUps(db, options);
}

/** True when some issued e-CF's follow-up is due now (one indexed look, for the idle poll). */
export async function hasDueIssued(db: PrismaClient, now: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "Document"
    WHERE "followUpAt" <= ${BigInt(now)}
      AND ("followUpClaimedUntil" IS NULL OR "followUpClaimedUntil" <= ${BigInt(now)})
    LIMIT 1`;
  return rows.length > 0;
}
