import "server-only";

import { Prisma } from "@/prisma/generated/client";

import type { RawSql } from "./db-or-tx";

/**
 * Several unrelated reads in one statement (one round trip, one snapshot): each read is a SELECT of
 * the same nine columns, tagged with its name, and the reads are joined by UNION ALL. Written for
 * the void's write-ahead, whose refusing checks (ALREADY_VOIDED, SEQUENCE_USED, the authorizations,
 * VOID_IN_PROGRESS) run on every void under the series lock: one statement each was most of a
 * void's database time, and on PGlite most of its CPU. Each feature keeps its own read and what it
 * makes of the rows; only the statement is shared.
 */
export interface TaggedRow {
  tag: string;
  /** Order within the read (the rows of one read come back in this order). */
  ord: number;
  id: string | null;
  serie: string | null;
  tipo: string | null;
  lo: number | null;
  hi: number | null;
  /** A third number (an instant, in ms). */
  at: number | null;
  txt: string | null;
}

export interface TaggedRead<T> {
  tag: string;
  /** A SELECT of taggedColumns(tag, …): may end with ORDER BY / LIMIT (each read is parenthesized). */
  sql: Prisma.Sql;
  /** What the read answers, from its rows (sorted by `ord`). */
  read: (rows: TaggedRow[]) => T;
}

/** SQL expressions (written in code, never user input) for the columns a read fills; the rest are NULL. */
export interface TaggedColumns {
  ord?: string;
  id?: string;
  serie?: string;
  tipo?: string;
  lo?: string;
  hi?: string;
  at?: string;
  txt?: string;
}

/** The select list of a tagged read: the tag, then every column in one order, cast to one type. */
export function taggedColumns(tag: string, columns: TaggedColumns): Prisma.Sql {
  const column = (expression: string | undefined, type: string, name: string) =>
    `(${expression ?? "NULL"})::${type} AS "${name}"`;
  return Prisma.sql`${tag}::text AS "tag", ${Prisma.raw(
    [
      column(columns.ord ?? "0", "int", "ord"),
      column(columns.id, "text", "id"),
      column(columns.serie, "text", "serie"),
      column(columns.tipo, "text", "tipo"),
      column(columns.lo, "bigint", "lo"),
      column(columns.hi, "bigint", "hi"),
      column(columns.at, "bigint", "at"),
      column(columns.txt, "text", "txt"),
    ].join(", "),
  )}`;
}

/** A read: `SELECT <its tagged columns> <rest>` (FROM, WHERE, ORDER BY, LIMIT), and what it answers. */
export function taggedRead<T>(
  tag: string,
  columns: TaggedColumns,
  rest: Prisma.Sql,
  read: (rows: TaggedRow[]) => T,
): TaggedRead<T> {
  return { tag, sql: Prisma.sql`SELECT ${taggedColumns(tag, columns)} ${rest}`, read };
}

type Numbers = "lo" | "hi" | "at";

type Answers<R extends ReadonlyArray<TaggedRead<unknown>>> = {
  [K in keyof R]: R[K] extends TaggedRead<infer T> ? T : never;
};

/** Runs the reads as one statement and answers each one's result, in the reads' order. */
export async function readTagged<const R extends ReadonlyArray<TaggedRead<unknown>>>(
  db: RawSql,
  reads: R,
): Promise<Answers<R>> {
  if (new Set(reads.map((read) => read.tag)).size !== reads.length) {
    throw new Error("readTagged: two reads share a tag");
  }
  const rows = await db.$queryRaw<Array<Omit<TaggedRow, Numbers> & Record<Numbers, bigint | number | null>>>(
    Prisma.join(
      reads.map((read) => Prisma.sql`(${read.sql})`),
      " UNION ALL ",
    ),
  );
  const byTag = new Map<string, TaggedRow[]>(reads.map((read) => [read.tag, []]));
  for (const row of rows) {
    byTag.get(row.tag)!.push({
      ...row,
      ord: Number(row.ord),
      lo: row.lo === null ? null : Number(row.lo),
      hi: row.hi === null ? null : Number(row.hi),
      at: row.at === null ? null : Number(row.at),
    });
  }
  return reads.map((read) => read.read(byTag.get(read.tag)!.sort((a, b) => a.ord - b.ord))) as Answers<R>;
}
