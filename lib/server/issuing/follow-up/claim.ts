import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { PrismaClient } from "@/lib/server/platform/db";

/** An issued e-CF a follow-up round acts on, as claimed. */
export interface ClaimedIssued {
  id: string;
  accountId: string;
  environment: Environment;
  rnc: string;
  ncf: string;
  status: string;
  trackId: string | null;
  invoiceTotal: string | null;
  taxauthResponse: unknown;
  followUpAttempts: number;
  issuedAt: number;
}

/**
 * Claims up to `limit` issued e-CF whose follow-up is due and that no instance holds (the request
 * sending it, or another instance's round), for `leaseMs`: one statement, rows locked and skipped
 * by concurrent claims (FOR UPDATE SKIP LOCKED), so on any number of instances each document is
 * acted on by one at a time. An instance that dies mid-round leaves its claims to run out.
 */
export async function claimDueIssued(
  db: PrismaClient,
  options: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedIssued[]> {
  if (options.limit <= 0) return [];
  const now = BigInt(options.now);
  const rows = await db.$queryRaw<Array<Omit<ClaimedIssued, "issuedAt"> & { issuedAt: bigint | null }>>`
    UPDATE "Document" AS d SET "followUpClaimedUntil" = ${now + BigInt(options.leaseMs)}
    WHERE d."id" IN (
      SELECT "id" FROM "Document"
      WHERE "followUpAt" <= ${now} AND ("followUpClaimedUntil" IS NULL OR "followUpClaimedUntil" <= ${now})
      ORDER BY "followUpAt"
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING d."id", d."accountId", d."environment"::text AS "environment", d."customerId" AS "rnc", d."ncf",
      d."status", d."trackId", d."invoiceTotal"::text AS "invoiceTotal", d."taxauthResponse",
      d."followUpAttempts", d."issuedAt"`;
  return rows.map((row) => ({ ...row, issuedAt: Number(row.issuedAt ?? 0) }));
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
