import "server-only";

import { randomUUID } from "node:crypto";

import type { Environment } from "@/lib/domain/environments";
import { getDb } from "@/lib/server/platform/db";

/**
 * Who asks DGII about an e-NCF the company does not hold, across every instance: one DgiiLookup row
 * per number. The first to claim it asks; the others wait for its answer. A claim lapses at `until`,
 * so an instance that died mid-lookup blocks nobody for long. The same row remembers, for a few
 * minutes, that DGII listed no submission of the number (an integrator polling a number it has not
 * sent yet must not cost a DGII call per poll; a few minutes, because it may be sent any moment).
 */
export interface LookupKey {
  accountId: string;
  environment: Environment;
  ncf: string;
}

export type ClaimState = "claimed" | "running-elsewhere" | "absent";

/** Claims the lookup for `leaseMs`, unless another holds a live claim or DGII's "absent" is fresh. */
export async function claimLookup(key: LookupKey, leaseMs: number, now = Date.now()): Promise<ClaimState> {
  const db = await getDb();
  // Each claim names itself, so two instances claiming in the same millisecond cannot both win.
  const mine = `running:${randomUUID()}`;
  const rows = await db.$queryRaw<Array<{ state: string }>>`
    INSERT INTO "DgiiLookup" AS l ("accountId", "environment", "ncf", "state", "until")
    VALUES (${key.accountId}, ${key.environment}::"Environment", ${key.ncf}, ${mine}, ${now + leaseMs}::bigint)
    ON CONFLICT ("accountId", "environment", "ncf") DO UPDATE SET
      "state" = CASE WHEN l."until" <= ${now}::bigint THEN ${mine} ELSE l."state" END,
      "until" = CASE WHEN l."until" <= ${now}::bigint THEN ${now + leaseMs}::bigint ELSE l."until" END
    RETURNING "state"`;
  const state = rows[0]!.state;
  if (state === mine) return "claimed";
  return state === "absent" ? "absent" : "running-elsewhere";
}

/** The lookup found nothing at DGII: remembered as absent for `absentMs`, then asked again. */
export async function markAbsent(key: LookupKey, absentMs: number, now = Date.now()): Promise<void> {
  const db = await getDb();
  if (absentMs <= 0) return releaseClaim(key);
  await db.$executeRaw`
    UPDATE "DgiiLookup" SET "state" = 'absent', "until" = ${now + absentMs}::bigint
    WHERE "accountId" = ${key.accountId} AND "environment" = ${key.environment}::"Environment"
      AND "ncf" = ${key.ncf}`;
}

/** The lookup is over (found and stored, or failed): the next one may claim at once. */
export function releaseClaim(key: LookupKey): Promise<void> {
  return deleteClaim(key, false);
}

/** Forgets a remembered "absent" (the portal's "Consultar de nuevo en la DGII"). */
export function forgetAbsent(key: LookupKey): Promise<void> {
  return deleteClaim(key, true);
}

async function deleteClaim(key: LookupKey, onlyAbsent: boolean): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`
    DELETE FROM "DgiiLookup"
    WHERE "accountId" = ${key.accountId} AND "environment" = ${key.environment}::"Environment"
      AND "ncf" = ${key.ncf} AND (${!onlyAbsent} OR "state" = 'absent')`;
}
