import "server-only";

import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { PrismaClient } from "@/prisma/generated/client";

import { applyMigrations, type ApplyMigrationsResult, type MigrationConnection } from "./apply-migrations";
import type { DatabaseTarget } from "./database-target";
import { readMigrationFiles } from "./migration-files";
import { slimResultParsers } from "./pglite-parsers";
import { yieldingAfterQueries } from "./yielding-pglite";

export interface OpenDatabase {
  prisma: PrismaClient;
  target: DatabaseTarget;
  /** Applies pending migrations from prisma/migrations (or `migrationsDir`). */
  migrate(migrationsDir?: string): Promise<ApplyMigrationsResult>;
  /** Runs a raw script on a dedicated connection (tests create and drop schemas with it). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from this saved database (PGlite's dumpDataDir) instead of an empty one. */
  pgliteImage?: Blob;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenDatabase> {
  return target.kind === "pglite"
    ? openPglite(target.dataDir, options.pgliteImage)
    : openPostgres(target.connectionString, target.schema);
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<OpenDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite is one in-process connection: Prisma and the migrator share it (it serialises queries).
  const pglite = new PGlite(dataDir ?? "memory://", image ? { loadDataDir: image } : {});
  await pglite.waitReady;
  await slimResultParsers(pglite);
  // Each query gives the event loop a turn (yielding-pglite.ts): timers and sockets keep running.
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(yieldingAfterQueries(pglite)) });
  const connection: MigrationConnection = {
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
  };
  return {
    prisma,
    target: { kind: "pglite", dataDir },
    migrate: async (migrationsDir) => applyMigrations(connection, await readMigrationFiles(migrationsDir)),
    exec: connection.exec,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

async function openPostgres(connectionString: string, schema: string | undefined): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString,
    // Unqualified names in the migration scripts and the migrator resolve to the chosen schema.
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });

  async function withClient<T>(work: (connection: MigrationConnection) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work({
        exec: async (sql) => {
          await client.query(sql);
        },
        query: async <Row>(sql: string, params?: unknown[]) =>
          (await client.query(sql, params as unknown[] | undefined)).rows as Row[],
      });
    } finally {
      client.release();
    }
  }

  return {
    prisma,
    target: { kind: "postgres", connectionString, schema },
    migrate: async (migrationsDir) => {
      const migrations = await readMigrationFiles(migrationsDir);
      return withClient(async (connection) => {
        // Like Prisma Migrate: a schema named in the URL (?schema=) is created on first use.
        if (schema) {
          const found = await connection.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema]);
          if (found.length === 0) await connection.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        }
        return applyMigrations(connection, migrations);
      });
    },
    exec: (sql) => withClient((connection) => connection.exec(sql)),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
