import "server-only";

import { randomBytes } from "node:crypto";

import type { PrismaClient } from "@/prisma/generated/client";

import { resetConfigForTests } from "@/lib/server/platform/config/load-config";

import { postgresTarget, type DatabaseTarget } from "./database-target";
import { setDbForTests } from "./get-db";
import { openDatabase } from "./open-database";
import { pgliteImage } from "./pglite-image";

export interface TestDatabase {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the throw-away schema this database lives in. */
  schema?: string;
  /** Empties every table (keeps the schema and the migration history). */
  truncate(): Promise<void>;
  /** Closes the client; on PostgreSQL also drops the schema. Restores getDb(). */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** PGlite on disk instead of in memory (restart tests). Ignored with TEST_DATABASE_URL. */
  dataDir?: string;
  /** Make getDb() return this database until dispose() (default true). */
  install?: boolean;
}

/**
 * A clean, migrated database for one test file. PGlite in memory by default; when
 * TEST_DATABASE_URL is set (CI: postgres://postgres@127.0.0.1:5432/test) a fresh schema with a
 * random name on that server, dropped by dispose(), so test files never see each other's rows.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  ensureTestSecrets();
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const schema = serverUrl ? `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}` : undefined;
  const target: DatabaseTarget = serverUrl
    ? postgresTarget(serverUrl, schema)
    : { kind: "pglite", dataDir: options.dataDir };

  // In memory: a copy of the migrated image (pglite-image.ts); migrate() below then finds nothing to do.
  const image = target.kind === "pglite" && !target.dataDir ? await pgliteImage("migrated") : undefined;
  const database = await openDatabase(target, { pgliteImage: image });
  if (schema) await database.exec(`CREATE SCHEMA "${schema}"`);
  await database.migrate();
  const install = options.install ?? true;
  if (install) setDbForTests(database.prisma);

  return {
    prisma: database.prisma,
    kind: target.kind,
    schema,
    truncate: async () => {
      const tables = await database.prisma.$queryRaw<{ tablename: string }[]>`
        SELECT tablename FROM pg_tables
        WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
      if (tables.length === 0) return;
      const list = tables.map((table) => `"${table.tablename}"`).join(", ");
      // The activity log refuses TRUNCATE (append-only, migration activity_log): a throw-away test
      // database lifts that for this one statement; the app never does.
      const log = tables.some((table) => table.tablename === "ActivityLogEntry");
      await database.exec(
        log
          ? `BEGIN; ALTER TABLE "ActivityLogEntry" DISABLE TRIGGER "ActivityLogEntry_no_truncate"; ` +
              `TRUNCATE ${list} CASCADE; ` +
              `ALTER TABLE "ActivityLogEntry" ENABLE TRIGGER "ActivityLogEntry_no_truncate"; COMMIT;`
          : `TRUNCATE ${list} CASCADE`,
      );
    },
    dispose: async () => {
      if (install) setDbForTests(null);
      // The job queue's schema beside it (lib/server/platform/jobs/background-work.ts jobsSchemaOf), if a test made one.
      if (schema)
        await database.exec(
          `DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`,
        );
      await database.close();
    },
  };
}

/**
 * Tests must not write secrets into the repository's ./data: unless the environment already has
 * them, AUTH_SECRET and ENCRYPTION_KEY get random per-process values.
 */
export function ensureTestSecrets(): void {
  let changed = false;
  if (!process.env.AUTH_SECRET) {
    process.env.AUTH_SECRET = randomBytes(32).toString("base64");
    changed = true;
  }
  if (!process.env.ENCRYPTION_KEY) {
    process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
    changed = true;
  }
  if (changed) resetConfigForTests();
}
