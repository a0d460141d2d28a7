import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { getDb } from "@/lib/server/db";

/**
 * The issued side of the ledger, straight from the imported documents (never a row per number of
 * the ledger itself: the documents are the rows). A document counts as used unless DGII rejected it
 * with secuenciaUtilizada=false (`sequenceReusable`). Every query stays on the index
 * (accountId, environment, serie, tipoeCF, sequenceReusable, secuencia).
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
    SELECT "serie", "tipoeCF" AS tipo, count(*) AS count, min("secuencia") AS lowest, max("secuencia") AS highest
    FROM "Document"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "serie" IS NOT NULL AND "sequenceReusable" = false
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
  const rows = await db.$queryRaw<Array<{ i: number; count: bigint; highest: bigint | null }>>`
    SELECT r.i::int AS i, d.count, d.highest
    FROM unnest(${ranges.map((r) => r.serie)}::text[], ${ranges.map((r) => r.tipoeCF)}::text[],
                ${ranges.map((r) => String(r.desde))}::bigint[], ${ranges.map((r) => String(r.hasta))}::bigint[])
         WITH ORDINALITY AS r(serie, tipo, desde, hasta, i)
    CROSS JOIN LATERAL (
      SELECT count(*) AS count, max("secuencia") AS highest FROM "Document"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = r.serie AND "tipoeCF" = r.tipo AND "sequenceReusable" = false
        AND "secuencia" BETWEEN r.desde AND r.hasta
    ) d`;
  const out: RangeIssued[] = ranges.map(() => ({ count: 0, highest: null }));
  for (const row of rows) {
    out[row.i - 1] = { count: Number(row.count), highest: row.highest === null ? null : Number(row.highest) };
  }
  return out;
}

export interface IssuedDocument {
  ncf: string;
  secuencia: number;
  createdAt: number;
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
    select: { ncf: true, secuencia: true, createdAt: true },
  });
  return row ? { ncf: row.ncf, secuencia: Number(row.secuencia), createdAt: Number(row.createdAt) } : null;
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
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ s: bigint; nx: bigint }>>`
    SELECT s, nx FROM (
      SELECT "secuencia" AS s, lead("secuencia") OVER (ORDER BY "secuencia") AS nx
      FROM "Document"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = ${serie} AND "tipoeCF" = ${tipoeCF} AND "sequenceReusable" = false
        AND "secuencia" >= ${BigInt(Math.max(0, from - 1))} AND "secuencia" <= ${BigInt(upTo)}
    ) t
    WHERE nx > s + 1
    ORDER BY s
    LIMIT ${limit}`;
  return rows.map((row) => ({ desde: Number(row.s) + 1, hasta: Number(row.nx) - 1 }));
}

/** Used numbers inside request ranges: the first `limit` e-NCF (by series, type, number) and how many in all (capped). */
export async function usedNumbersIn(
  accountId: string,
  environment: Environment,
  ranges: ReadonlyArray<{ serie: string; tipoeCF: string; desde: number; hasta: number }>,
  limit: number,
  countCap: number,
): Promise<{ first: string[]; total: number; capped: boolean }> {
  if (ranges.length === 0) return { first: [], total: 0, capped: false };
  const db = await getDb();
  const series = ranges.map((r) => r.serie);
  const tipos = ranges.map((r) => r.tipoeCF);
  const desdes = ranges.map((r) => String(r.desde));
  const hastas = ranges.map((r) => String(r.hasta));
  // One index probe per range (LATERAL … LIMIT): a plain join of 10,000 ranges with the documents
  // was planned as a scan and sort of every document of the company (minutes on 1,000,000 rows).
  const first = await db.$queryRaw<Array<{ ncf: string }>>`
    SELECT x."ncf" FROM unnest(${series}::text[], ${tipos}::text[], ${desdes}::bigint[], ${hastas}::bigint[])
         AS r(serie, tipo, desde, hasta)
    CROSS JOIN LATERAL (
      SELECT d."ncf", d."secuencia" FROM "Document" d
      WHERE d."accountId" = ${accountId} AND d."environment" = ${environment}::"Environment"
        AND d."serie" = r.serie AND d."tipoeCF" = r.tipo AND d."sequenceReusable" = false
        AND d."secuencia" BETWEEN r.desde AND r.hasta
      ORDER BY d."secuencia" LIMIT ${limit}
    ) x
    ORDER BY r.serie, r.tipo, x."secuencia"
    LIMIT ${limit}`;
  if (first.length < limit) return { first: first.map((row) => row.ncf), total: first.length, capped: false };
  const [{ total } = { total: 0n }] = await db.$queryRaw<Array<{ total: bigint }>>`
    SELECT count(*) AS total FROM (
      SELECT 1 FROM unnest(${series}::text[], ${tipos}::text[], ${desdes}::bigint[], ${hastas}::bigint[])
           AS r(serie, tipo, desde, hasta)
      CROSS JOIN LATERAL (
        SELECT 1 FROM "Document" d
        WHERE d."accountId" = ${accountId} AND d."environment" = ${environment}::"Environment"
          AND d."serie" = r.serie AND d."tipoeCF" = r.tipo AND d."sequenceReusable" = false
          AND d."secuencia" BETWEEN r.desde AND r.hasta
        LIMIT ${countCap + 1}
      ) x
      LIMIT ${countCap + 1}
    ) hits`;
  const count = Number(total);
  return { first: first.map((row) => row.ncf), total: Math.min(count, countCap), capped: count > countCap };
}
