import "server-only";

import path from "node:path";

/** Which engine a process talks to. */
export type DatabaseTarget =
  | { kind: "pglite"; /** a directory, or undefined for in-memory */ dataDir?: string }
  | {
      kind: "postgres";
      connectionString: string;
      /** PostgreSQL schema (search_path), default public */ schema?: string;
    };

/** DATABASE_URL set → that PostgreSQL server (its `?schema=` honoured, as Prisma does); else PGlite under DATA_DIR. */
export function databaseTarget(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  if (!config.databaseUrl) return { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
  return postgresTarget(config.databaseUrl);
}

export function postgresTarget(databaseUrl: string, schema?: string): DatabaseTarget {
  const url = new URL(databaseUrl);
  const urlSchema = url.searchParams.get("schema") ?? undefined;
  // node-postgres does not know `schema`; it becomes search_path instead.
  url.searchParams.delete("schema");
  const chosen = schema ?? urlSchema;
  if (chosen !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(chosen)) {
    throw new Error(`Invalid PostgreSQL schema name: ${chosen}`);
  }
  return { kind: "postgres", connectionString: url.toString(), schema: chosen };
}

/** For logs: the URL without its password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return target.dataDir ? `PGlite at ${target.dataDir}` : "PGlite in memory";
  const url = new URL(target.connectionString);
  url.password = "";
  return `PostgreSQL ${url.host}${url.pathname}${target.schema ? ` (schema ${target.schema})` : ""}`;
}
