import "server-only";

import type { EcfType } from "@/lib/domain/ecf-types";
import { formatEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { countNumbers, EMPTY_SET, intersection, normalize, type IntervalSet } from "@/lib/domain/intervals";
import { getDb } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";
import { Prisma } from "@/prisma/generated/client";

import { spansBySerieTipo } from "./serie-tipo";

/**
 * The issued side of the ledger. Counts, bounds, holes and used numbers come from IssuedInterval:
 * the used numbers (every imported document but one DGII rejected with secuenciaUtilizada=false,
 * `sequenceReusable`) merged into maximal runs per series+type by the triggers on "Document"
 * (migration issued_intervals), so a million documents with a thousand skips are ~1,000 rows and
 * nothing here walks the documents. Only what needs a document's own fields (its e-NCF as stored,
 * when it was issued) still reads "Document", one index probe at a time.
 */

export interface IssuedSummary {
  serie: string;
  tipoeCF: string;
  count: number;
  lowest: number;
  highest: number;
}

/** Per series+type: how many used numbers, the lowest and the highest. */
export async function issuedSummaries(accountId: string, environment: Environment): Promise<IssuedSummary[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<
    Array<{ serie: string; tipo: string; count: bigint; lowest: bigint; highest: bigint }>
  >`
    SELECT "serie", "tipoeCF" AS tipo, sum("hasta" - "desde" + 1)::bigint AS count,
           min("desde") AS lowest, max("hasta") AS highest
    FROM "IssuedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
    GROUP BY "serie", "tipoeCF" ORDER BY "serie", "tipoeCF"`;
  return rows.map((row) => ({
    serie: row.serie,
    tipoeCF: row.tipo,
    count: Number(row.count),
    lowest: Number(row.lowest),
    highest: Number(row.highest),
  }));
}

export interface RangeIssued {
  count: number;
  highest: number | null;
}

/** Used numbers inside each of several ranges of one company (one statement, a lateral per range). */
export async function issuedInRanges(
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
): Promise<RangeIssued[]> {
  if (ranges.length === 0) return [];
  const db = await getDb();
  // Each range: the intervals overlapping it, clipped to it (their parts are disjoint: a sum counts).
  const rows = await db.$queryRaw<Array<{ i: number; count: bigint | null; highest: bigint | null }>>`
    SELECT r.i::int AS i, d.count, d.highest
    FROM unnest(${ranges.map((r) => r.serie)}::text[], ${ranges.map((r) => r.tipoeCF)}::text[],
                ${ranges.map((r) => String(r.desde))}::bigint[], ${ranges.map((r) => String(r.hasta))}::bigint[])
         WITH ORDINALITY AS r(serie, tipo, desde, hasta, i)
    CROSS JOIN LATERAL (
      SELECT sum(LEAST("hasta", r.hasta) - GREATEST("desde", r.desde) + 1)::bigint AS count,
             max(LEAST("hasta", r.hasta)) AS highest
      FROM "IssuedInterval"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = r.serie AND "tipoeCF" = r.tipo AND "desde" <= r.hasta AND "hasta" >= r.desde
    ) d`;
  const out: RangeIssued[] = ranges.map(() => ({ count: 0, highest: null }));
  for (const row of rows) {
    out[row.i - 1] = {
      count: row.count === null ? 0 : Number(row.count),
      highest: row.highest === null ? null : Number(row.highest),
    };
  }
  return out;
}

/**
 * The used numbers of a series+type between two numbers, as a set (IssuedInterval rows clipped to
 * from..to). The scan starts at the interval holding or preceding `from`, so a window high up a long
 * series reads only the rows in it.
 */
export async function issuedBetween(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  from: number,
  to: number,
): Promise<IntervalSet> {
  if (from > to) return EMPTY_SET;
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ desde: bigint; hasta: bigint }>>`
    SELECT GREATEST("desde", ${BigInt(from)}) AS desde, LEAST("hasta", ${BigInt(to)}) AS hasta
    FROM "IssuedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF}
      AND "desde" >= ${startOf(accountId, environment, serie, tipoeCF, from)}
      AND "desde" <= ${BigInt(to)} AND "hasta" >= ${BigInt(from)}
    ORDER BY "desde"`;
  return rows.length === 0
    ? EMPTY_SET
    : normalize(rows.map((row) => ({ desde: Number(row.desde), hasta: Number(row.hasta) })));
}

/**
 * SQL for "the start of the interval holding or preceding n" (or 0): a lower bound for the index
 * scan of intervals reaching n, found by one probe (intervals are disjoint and sorted: the one
 * before it ends before n).
 */
function startOf(accountId: string, environment: Environment, serie: string, tipoeCF: string, n: number) {
  return Prisma.sql`coalesce((
    SELECT max("desde") FROM "IssuedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF} AND "desde" <= ${BigInt(n)}), 0)`;
}

/** The greatest used number of a series+type below `n` (0 when none). */
export async function usedBelow(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  n: number,
): Promise<number> {
  const db = await getDb();
  const [row] = await db.$queryRaw<Array<{ below: bigint }>>`
    SELECT LEAST("hasta", ${BigInt(n - 1)}) AS below FROM "IssuedInterval"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF} AND "desde" < ${BigInt(n)}
    ORDER BY "desde" DESC LIMIT 1`;
  return row ? Number(row.below) : 0;
}

export interface IssuedDocument {
  ncf: string;
  secuencia: number;
  /** When it was issued, if known (the issuer's or DGII's date), else when it was imported. */
  createdAt: number;
  /** createdAt is the issue date (false: only the import's time is known). */
  issueDateKnown: boolean;
}

/** The highest used number of a series+type issued at or before `cutoff` (epoch ms), if any. */
export async function highestIssuedBefore(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  cutoff: number,
): Promise<IssuedDocument | null> {
  const db = await getDb();
  const row = await db.document.findFirst({
    where: {
      accountId,
      environment,
      serie,
      tipoeCF,
      sequenceReusable: false,
      secuencia: { not: null },
      createdAt: { lte: BigInt(Math.max(0, Math.floor(cutoff))) },
    },
    orderBy: { secuencia: "desc" },
    select: { ncf: true, secuencia: true, createdAt: true, issuedAt: true },
  });
  return row
    ? {
        ncf: row.ncf,
        secuencia: Number(row.secuencia),
        createdAt: Number(row.createdAt),
        issueDateKnown: row.issuedAt !== null,
      }
    : null;
}

/** The highest used number of a series+type (any time), with when it was issued. */
export async function highestIssued(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
): Promise<IssuedDocument | null> {
  return highestIssuedBefore(accountId, environment, serie, tipoeCF, 8_640_000_000_000_000);
}

/**
 * The holes between consecutive used numbers of a series+type whose lower neighbour is ≥ `from` − 1
 * and whose upper neighbour is ≤ `upTo`, in order, at most `limit`: `{ desde, hasta }` of each hole.
 * Between intervals (clipped to from − 1..upTo): the holes are what lies between one and the next.
 */
export async function holesBetweenIssued(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  from: number,
  upTo: number,
  limit: number,
): Promise<Array<{ desde: number; hasta: number }>> {
  const low = Math.max(0, from - 1);
  if (low > upTo) return [];
  const db = await getDb();
  // Streams in index order (WindowAgg over the ordered scan): LIMIT stops the scan early.
  const rows = await db.$queryRaw<Array<{ s: bigint; nx: bigint }>>`
    SELECT s, nx FROM (
      SELECT LEAST("hasta", ${BigInt(upTo)}) AS s,
             lead(GREATEST("desde", ${BigInt(low)})) OVER (ORDER BY "desde") AS nx
      FROM "IssuedInterval"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF}
        AND "desde" >= ${startOf(accountId, environment, serie, tipoeCF, low)}
        AND "desde" <= ${BigInt(upTo)} AND "hasta" >= ${BigInt(low)}
    ) t
    WHERE nx > s + 1
    ORDER BY s
    LIMIT ${limit}`;
  return rows.map((row) => ({ desde: Number(row.s) + 1, hasta: Number(row.nx) - 1 }));
}

/** The used numbers inside request ranges, per series+type in key order (usedSetsRead). */
export async function usedSetsIn(
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
): Promise<UsedSets> {
  const [sets] = await readTagged(await getDb(), [usedSetsRead("issued", accountId, environment, ranges)]);
  return sets;
}

export type UsedSets = Array<{ serie: string; tipoeCF: string; used: IntervalSet }>;

/**
 * The used numbers inside request ranges, per series+type in key order (sets, never numbers one by
 * one): what the used-number checks (the whole request, or line by line in the portal, or the void's
 * write-ahead with its other checks) all read. One read for every series+type: per series+type, the
 * IssuedInterval rows of its span (from the interval holding or preceding its first number, as
 * issuedBetween scans), met with the requested set in memory.
 */
export function usedSetsRead(
  tag: string,
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
): TaggedRead<UsedSets> {
  const spans = spansBySerieTipo(ranges);
  return taggedRead(
    tag,
    {
      ord: "s.ord",
      lo: 'GREATEST(i."desde", s.from_n)',
      hi: 'LEAST(i."hasta", s.to_n)',
    },
    Prisma.sql`
      FROM unnest(
        ${spans.map((span) => span.serie)}::text[], ${spans.map((span) => span.tipoeCF)}::text[],
        ${spans.map((span) => String(span.from))}::bigint[],
        ${spans.map((span) => String(span.to))}::bigint[]
      ) WITH ORDINALITY AS s(serie, tipo, from_n, to_n, ord)
      CROSS JOIN LATERAL (
        SELECT coalesce(max(p."desde"), 0) AS start FROM "IssuedInterval" p
        WHERE p."accountId" = ${accountId} AND p."environment" = ${environment}::"Environment"
          AND p."serie" = s.serie AND p."tipoeCF" = s.tipo AND p."desde" <= s.from_n
      ) b
      JOIN "IssuedInterval" i ON i."accountId" = ${accountId} AND i."environment" = ${environment}::"Environment"
        AND i."serie" = s.serie AND i."tipoeCF" = s.tipo
        AND i."desde" >= b.start AND i."desde" <= s.to_n AND i."hasta" >= s.from_n`,
    (rows) =>
      spans.map((span, index) => {
        const issued = rows
          .filter((row) => row.ord === index + 1)
          .map((row) => ({ desde: row.lo!, hasta: row.hi! }));
        return {
          serie: span.serie,
          tipoeCF: span.tipoeCF,
          used: issued.length === 0 ? EMPTY_SET : intersection(span.set, normalize(issued)),
        };
      }),
  );
}

/**
 * Used numbers inside request ranges: the first `limit` e-NCF (by series, type, number) and how many
 * in all (capped). Per series+type, the requested set meets the issued intervals of its span in
 * memory (one read for all of them): 10,000 ranges cost one short read, not 10,000 probes. The e-NCF are the
 * numbers written back (a document's ncf is its series, type and 10-digit number: what made them).
 */
export async function usedNumbersIn(
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
  limit: number,
  countCap: number,
): Promise<{ first: string[]; total: number; capped: boolean }> {
  return usedNumbersOf(await usedSetsIn(accountId, environment, ranges), limit, countCap);
}

/** usedNumbersIn's answer from the used sets. */
export function usedNumbersOf(
  sets: UsedSets,
  limit: number,
  countCap: number,
): { first: string[]; total: number; capped: boolean } {
  const first: string[] = [];
  let count = 0;
  for (const { serie, tipoeCF, used } of sets) {
    for (const interval of used) {
      for (let n = interval.desde; n <= interval.hasta && first.length < limit; n++) {
        first.push(formatEncf(serie, tipoeCF as EcfType, n));
      }
    }
    count += countNumbers(used);
  }
  return { first, total: Math.min(count, countCap), capped: count > countCap };
}
