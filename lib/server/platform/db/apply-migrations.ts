// No `server-only` here: scripts/db-migrate.ts (tsx, outside Next) applies migrations too.
//
// Our own applier instead of the wasm engine's applyMigrations: it is a few lines, needs no wasm
// start-up (≈3 s) on every boot, and takes a PostgreSQL advisory lock so several app instances
// starting at once apply each migration exactly once. It keeps Prisma's `_prisma_migrations` table
// (same columns, sha256 checksums), so `prisma migrate status/deploy` read the same history.
import { randomUUID } from "node:crypto";

import type { MigrationFile } from "./migration-files";

/** One dedicated connection (session): the advisory lock belongs to it. */
export interface MigrationConnection {
  /** Runs a script of one or more statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** The key Prisma Migrate itself locks with, so we also wait for a concurrent `prisma migrate deploy`. */
const ADVISORY_LOCK_KEY = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

export interface ApplyMigrationsResult {
  applied: string[];
  /** Applied migrations whose file changed since (never edit an applied migration). */
  edited: string[];
}

/**
 * Applies every migration not yet recorded, in name order, each in its own transaction together
 * with its `_prisma_migrations` row (a failure leaves neither half behind). Idempotent.
 */
export async function applyMigrations(
  connection: MigrationConnection,
  migrations: MigrationFile[],
): Promise<ApplyMigrationsResult> {
  await connection.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
  try {
    await connection.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await connection.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.filter((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed.length > 0) {
      throw new Error(
        `Migration ${failed.map((row) => row.migration_name).join(", ")} failed earlier and needs attention ` +
          "(fix the database, then mark it rolled back or applied in _prisma_migrations).",
      );
    }
    const done = new Map(
      rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row.checksum]),
    );
    const edited = migrations
      .filter((migration) => done.has(migration.name) && done.get(migration.name) !== migration.checksum)
      .map((migration) => migration.name);

    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await applyOne(connection, migration);
      applied.push(migration.name);
    }
    return { applied, edited };
  } finally {
    await connection.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`);
  }
}

async function applyOne(connection: MigrationConnection, migration: MigrationFile): Promise<void> {
  await connection.exec("BEGIN");
  try {
    await connection.exec(migration.sql);
    await connection.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await connection.exec("COMMIT");
  } catch (error) {
    await connection.exec("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
