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

/** A batch's number: claimed as one, or already held by the company (then nothing is claimed). */
export type BatchClaimState = ClaimState | "held";

export interface BatchClaims {
  states: Map<string, BatchClaimState>;
  /** This batch's claim: what `releaseBatchClaims` lets go of, and only that. */
  claimId: string;
}

/**
 * `claimLookup` for every number of a batch at once, and which of them the company already holds
 * (those are not claimed), in one statement: a batch of 100 costs one round trip before DGII is
 * asked instead of two per number, and on PGlite every statement waits for the one before it.
 * Numbers are claimed in e-NCF order, so two instances claiming overlapping batches lock the rows in
 * the same order and never deadlock. A number stored by another lookup while this statement runs
 * can be claimed and asked again: the store merges the second answer, nothing is lost.
 */
export async function claimLookups(
  caller: Omit<LookupKey, "ncf">,
  ncfs: readonly string[],
  leaseMs: number,
  now = Date.now(),
): Promise<BatchClaims> {
  const db = await getDb();
  const claimId = `running:${randomUUID()}`;
  const sorted = [...new Set(ncfs)].sort();
  const rows = await db.$queryRaw<Array<{ ncf: string; state: string }>>`
    WITH held AS (
      SELECT "ncf" FROM "Document"
      WHERE "accountId" = ${caller.accountId} AND "environment" = ${caller.environment}::"Environment"
        AND "ncf" = ANY (${sorted}::text[])
    ), claimed AS (
      INSERT INTO "DgiiLookup" AS l ("accountId", "environment", "ncf", "state", "until")
      SELECT ${caller.accountId}, ${caller.environment}::"Environment", w."ncf", ${claimId}, ${now + leaseMs}::bigint
      FROM unnest(${sorted}::text[]) AS w("ncf")
      WHERE w."ncf" NOT IN (SELECT "ncf" FROM held)
      ORDER BY w."ncf"
      ON CONFLICT ("accountId", "environment", "ncf") DO UPDATE SET
        "state" = CASE WHEN l."until" <= ${now}::bigint THEN ${claimId} ELSE l."state" END,
        "until" = CASE WHEN l."until" <= ${now}::bigint THEN ${now + leaseMs}::bigint ELSE l."until" END
      RETURNING l."ncf", l."state"
    )
    SELECT "ncf", "state" FROM claimed
    UNION ALL
    SELECT "ncf", 'held' FROM held`;
  const states = new Map<string, BatchClaimState>();
  for (const row of rows) {
    states.set(
      row.ncf,
      row.state === "held"
        ? "held"
        : row.state === claimId
          ? "claimed"
          : row.state === "absent"
            ? "absent"
            : "running-elsewhere",
    );
  }
  return { states, claimId };
}

/** Lets go of the batch's claims on these numbers that no lookup started (a claim taken over since is not touched). */
export async function releaseBatchClaims(
  caller: Omit<LookupKey, "ncf">,
  claimId: string,
  ncfs: readonly string[],
): Promise<void> {
  if (ncfs.length === 0) return;
  const db = await getDb();
  await db.$executeRaw`
    DELETE FROM "DgiiLookup"
    WHERE "accountId" = ${caller.accountId} AND "environment" = ${caller.environment}::"Environment"
      AND "ncf" = ANY (${[...ncfs]}::text[]) AND "state" = ${claimId}`;
}

/**
 * Lets go of a batch's claims together when the request answers — one statement, not one per
 * number; a lookup still running then (over the time budget) lets go of its own when it ends.
 */
export function batchClaimRelease(caller: Omit<LookupKey, "ncf">, claimId: string) {
  const finished: string[] = [];
  let closed = false;
  return {
    /** This number's lookup is over: its claim goes with the batch's, or now if the batch answered. */
    async finished(ncf: string): Promise<void> {
      if (closed) await releaseBatchClaims(caller, claimId, [ncf]);
      else finished.push(ncf);
    },
    /** The request answers: every finished lookup's claim, and `unstarted`, let go at once. */
    async close(unstarted: readonly string[]): Promise<void> {
      closed = true;
      await releaseBatchClaims(caller, claimId, [...finished, ...unstarted]);
    },
  };
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
