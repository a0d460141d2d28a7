import "server-only";

import type { PrismaClient } from "@/prisma/generated/client";
import { loadConfig } from "@/lib/server/platform/config/load-config";

import { databaseTarget } from "./database-target";
import { openDatabase, type OpenDatabase } from "./open-database";
import { scopedTransaction } from "./transaction-scope";

// Kept on globalThis so Next's dev server (which re-evaluates modules on every edit) reuses one
// database per process: PGlite's data directory can be open only once.
const state = globalThis as typeof globalThis & {
  __anulaDb?: Promise<OpenDatabase>;
  __anulaDbOverride?: PrismaClient;
};

/**
 * The process's Prisma client for the configured database (DATABASE_URL → PostgreSQL, else PGlite
 * under DATA_DIR), opened on first use; later calls return the same client. Opening does nothing
 * else: the runtime start migrates and seeds (lib/server/runtime/prepare-database.ts) before the
 * server answers. A failed open is not cached, so the next call tries again. Inside
 * inTransaction(…) (transaction-scope.ts) it returns that transaction's client.
 */
export async function getDb(): Promise<PrismaClient> {
  const tx = scopedTransaction();
  if (tx) return tx;
  if (state.__anulaDbOverride) return state.__anulaDbOverride;
  return (await openProcessDatabase()).prisma;
}

/** The process's database handle (migrations, closing), opened once. */
export function openProcessDatabase(): Promise<OpenDatabase> {
  state.__anulaDb ??= openDatabase(databaseTarget(loadConfig())).catch((error: unknown) => {
    state.__anulaDb = undefined;
    throw error;
  });
  return state.__anulaDb;
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
