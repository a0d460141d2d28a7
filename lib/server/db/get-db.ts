import "server-only";

import type { PrismaClient } from "@/prisma/generated/client";
import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";

import { databaseTarget, describeTarget } from "./database-target";
import { openDatabase, type OpenDatabase } from "./open-database";

// Kept on globalThis so Next's dev server (which re-evaluates modules on every edit) reuses one
// database per process: PGlite's data directory can be open only once.
const state = globalThis as typeof globalThis & {
  __anulaDb?: Promise<OpenDatabase>;
  __anulaDbOverride?: PrismaClient;
};

/**
 * The process's Prisma client, migrated and (embedded default) seeded with the demo account.
 * The first call opens the database chosen by the configuration (DATABASE_URL → PostgreSQL, else
 * PGlite under DATA_DIR), applies pending migrations, then runs ensureDemoAccount(); later calls
 * return the same client. A failed start is not cached, so the next request tries again.
 */
export async function getDb(): Promise<PrismaClient> {
  if (state.__anulaDbOverride) return state.__anulaDbOverride;
  state.__anulaDb ??= start().catch((error: unknown) => {
    state.__anulaDb = undefined;
    throw error;
  });
  return (await state.__anulaDb).prisma;
}

async function start(): Promise<OpenDatabase> {
  const started = performance.now();
  const config = loadConfig();
  const target = databaseTarget(config);
  const database = await openDatabase(target);
  try {
    const { applied, edited } = await database.migrate();
    if (edited.length > 0) {
      logger.warn(
        { edited },
        "Applied migrations were edited afterwards; the database keeps the old version.",
      );
    }
    // Imported here, not at the top: the accounts module itself depends on getDb().
    const { ensureDemoAccount } = await import("@/lib/server/accounts/demo-account");
    const demo = await ensureDemoAccount(database.prisma, config);
    if (demo) {
      const { ensureDemoDocuments } = await import("@/lib/server/documents/demo-documents");
      await ensureDemoDocuments(demo.accountId, demo.rnc, database.prisma);
    }
    logger.info(
      { database: describeTarget(target), applied, ms: Math.round(performance.now() - started) },
      "Database ready",
    );
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** Tests: make getDb() return this client (null restores the normal behaviour). */
export function setDbForTests(prisma: PrismaClient | null): void {
  state.__anulaDbOverride = prisma ?? undefined;
}

/** Closes the process's database (tests of restarts; graceful shutdown). */
export async function closeDb(): Promise<void> {
  const pending = state.__anulaDb;
  state.__anulaDb = undefined;
  if (pending) await (await pending).close();
}
