import "server-only";

import type { Environment } from "@/lib/domain/environments";
import {
  difference,
  EMPTY_SET,
  normalize,
  serieTipoKey,
  union,
  type IntervalSet,
} from "@/lib/domain/intervals";
import { getDb } from "@/lib/server/platform/db";
import { storedRequestRanges } from "@/lib/server/platform/db/stored-ranges";

import { issuedBetween } from "./issued";
import { spansBySerieTipo } from "./serie-tipo";

/** Error voids read for the "unknown outcome" side (the newest; older ones are reported as truncated). */
export const MAX_UNKNOWN_VOIDS = 1_000;

/** The voided numbers of a series+type between two numbers (VoidedInterval rows, merged across voids). */
export async function voidedBetween(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  from: number,
  to: number,
): Promise<IntervalSet> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ desde: bigint; hasta: bigint }>>`
    SELECT "desde", "hasta" FROM "VoidedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF}
      AND "desde" <= ${BigInt(to)} AND "hasta" >= ${BigInt(from)}
    ORDER BY "desde"`;
  return rows.length === 0
    ? EMPTY_SET
    : normalize(rows.map((row) => ({ desde: Number(row.desde), hasta: Number(row.hasta) })));
}

/** How many voided numbers inside each range (intervals of different voids never overlap: DGII voids a number once). */
export async function voidedCountsIn(
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
): Promise<number[]> {
  if (ranges.length === 0) return [];
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ i: number; total: bigint | null }>>`
    SELECT r.i::int AS i, v.total
    FROM unnest(${ranges.map((r) => r.serie)}::text[], ${ranges.map((r) => r.tipoeCF)}::text[],
                ${ranges.map((r) => String(r.desde))}::bigint[], ${ranges.map((r) => String(r.hasta))}::bigint[])
         WITH ORDINALITY AS r(serie, tipo, desde, hasta, i)
    CROSS JOIN LATERAL (
      SELECT sum(LEAST("hasta", r.hasta) - GREATEST("desde", r.desde) + 1) AS total FROM "VoidedInterval"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = r.serie AND "tipoeCF" = r.tipo AND "desde" <= r.hasta AND "hasta" >= r.desde
    ) v`;
  const out = ranges.map(() => 0);
  for (const row of rows) out[row.i - 1] = row.total === null ? 0 : Number(row.total);
  return out;
}

/** Voided numbers per series+type with no authorization around them: total per key. */
export async function voidedTotals(
  accountId: string,
  environment: Environment,
): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ serie: string; tipo: string; total: bigint }>>`
    SELECT "serie", "tipoeCF" AS tipo, sum("hasta" - "desde" + 1) AS total FROM "VoidedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
    GROUP BY "serie", "tipoeCF"`;
  return new Map(rows.map((row) => [serieTipoKey(row.serie, row.tipo), Number(row.total)]));
}

/**
 * The unknown outcomes: numbers of the company's Error voids (DGII may or may not have voided them),
 * per series+type, with the voids they come from — less the numbers DGII is known to have voided
 * since (a retried void) and the numbers imported as used, which are known, not unknown (else the
 * inventory counts them twice). Bounded to the newest MAX_UNKNOWN_VOIDS.
 */
export async function unknownOutcomes(
  accountId: string,
  environment: Environment,
): Promise<{ byKey: Map<string, IntervalSet>; voidIds: Map<string, string[]>; truncated: boolean }> {
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: { accountId, environment, status: "Error" },
    select: { id: true, ranges: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_UNKNOWN_VOIDS + 1,
  });
  const all: Array<{ serie: string; tipoeCF: string; desde: number; hasta: number }> = [];
  const voidIds = new Map<string, string[]>();
  for (const row of rows.slice(0, MAX_UNKNOWN_VOIDS)) {
    for (const range of storedRequestRanges(row.ranges)) {
      all.push(range);
      const key = serieTipoKey(range.serie, range.tipoeCF);
      const ids = voidIds.get(key) ?? [];
      if (!ids.includes(row.id)) ids.push(row.id);
      voidIds.set(key, ids);
    }
  }
  const byKey = new Map<string, IntervalSet>();
  for (const { key, serie, tipoeCF, set, from, to } of spansBySerieTipo(all)) {
    const voided = await voidedBetween(accountId, environment, serie, tipoeCF, from, to);
    const used = await issuedBetween(accountId, environment, serie, tipoeCF, from, to);
    byKey.set(key, difference(set, union(voided, used)));
  }
  return { byKey, voidIds, truncated: rows.length > MAX_UNKNOWN_VOIDS };
}
