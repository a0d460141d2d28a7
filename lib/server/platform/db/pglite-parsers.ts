import "server-only";

import { types, type PGlite } from "@electric-sql/pglite";

/**
 * PGlite copies its whole table of result parsers (one per type: ~316 entries, most of them the
 * arrays of every catalog table's row type) into a new object for every query it answers. Measured
 * with the void bench: about a third of a simple query's CPU, ~0.3 ms, on each of a void's
 * statements. This drops the entries that change nothing:
 * - the built-in types' own parsers: PGlite falls back to those very functions when a type has no
 *   entry;
 * - the parsers of arrays of pg_catalog's and information_schema's row types, which no query of
 *   the app reads (an array of such rows would come back as its text).
 * The arrays of every scalar type (text[], the enums' arrays, …) keep their parsers.
 */
export async function slimResultParsers(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ oid: number }>(
    `SELECT a.oid::int AS oid
     FROM pg_catalog.pg_type a
     JOIN pg_catalog.pg_type e ON e.oid = a.typelem
     JOIN pg_catalog.pg_namespace n ON n.oid = e.typnamespace
     WHERE a.typcategory = 'A' AND e.typtype = 'c' AND n.nspname IN ('pg_catalog', 'information_schema')`,
  );
  const unread = new Set(rows.map((row) => String(row.oid)));
  const defaults = types.parsers as Record<string, unknown>;
  pglite.parsers = Object.fromEntries(
    Object.entries(pglite.parsers).filter(([oid, parser]) => !unread.has(oid) && parser !== defaults[oid]),
  ) as PGlite["parsers"];
}
