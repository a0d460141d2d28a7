import "server-only";

import type { ReadinessResponse } from "@/lib/schemas/ops-responses";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, type PrismaClient } from "@/lib/server/platform/db";
import { readMigrationFiles } from "@/lib/server/platform/db/migration-files";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { taxAuthConfigFromEnv, taxAuthConfigOf } from "@/lib/server/platform/taxauth/config";

import { isDraining } from "./lifecycle";

export interface ReadinessDeps {
  db?: () => Promise<PrismaClient>;
  /** Check this set of variables instead of the running configuration. */
  env?: Record<string, string | undefined>;
  migrationsDir?: string;
  /** A check slower than this counts as failed (a load balancer must not hang on /readyz). */
  timeoutMs?: number;
}

type Check = { ok: boolean; message?: string };

/**
 * GET /readyz: ready when the database answers, every migration is applied and, with TAXAUTH=dgii,
 * DGII's base URLs are configured (https). Messages are generic: no URLs, users or secrets; the
 * details go to the log.
 */
export async function checkReadiness(
  deps: ReadinessDeps = {},
): Promise<{ ready: boolean; body: ReadinessResponse }> {
  const timeoutMs = deps.timeoutMs ?? 3_000;
  const [database, migrations] = await withTimeout(databaseChecks(deps), timeoutMs, [
    { ok: false, message: "database did not answer in time" },
    { ok: false, message: "not checked" },
  ]);
  const taxAuthority = taxAuthorityCheck(deps.env);
  const checks = { database, migrations, taxAuthority };
  const healthy = database.ok && migrations.ok && taxAuthority.ok;
  const draining = isDraining();
  const status = draining ? "shutting_down" : healthy ? "ready" : "not_ready";
  return { ready: healthy && !draining, body: { status, checks } };
}

async function databaseChecks(deps: ReadinessDeps): Promise<[Check, Check & { pending?: string[] }]> {
  let prisma: PrismaClient;
  try {
    prisma = await (deps.db ?? getDb)();
    await prisma.$queryRawUnsafe("SELECT 1");
  } catch (error) {
    logger.warn({ err: error }, "Readiness: database unreachable");
    return [
      { ok: false, message: "database unreachable" },
      { ok: false, message: "not checked" },
    ];
  }
  try {
    const rows = await prisma.$queryRawUnsafe<Array<{ migration_name: string }>>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    const pending = (await readMigrationFiles(deps.migrationsDir))
      .map((migration) => migration.name)
      .filter((name) => !applied.has(name));
    return [
      { ok: true },
      pending.length === 0 ? { ok: true } : { ok: false, message: "migrations pending", pending },
    ];
  } catch (error) {
    logger.warn({ err: error }, "Readiness: migration history unreadable");
    return [{ ok: true }, { ok: false, message: "migration history unreadable" }];
  }
}

/** The running configuration's authority, or (tests) that of a given set of variables. */
function taxAuthorityCheck(
  env?: Record<string, string | undefined>,
): Check & { mode?: "simulator" | "dgii" } {
  try {
    const config = env ? taxAuthConfigFromEnv(env) : taxAuthConfigOf(loadConfig().taxAuth);
    if (
      config.mode === "dgii" &&
      !Object.values(config.baseUrls).every((url) => url.startsWith("https://"))
    ) {
      return { ok: false, mode: config.mode, message: "DGII base URLs must be https" };
    }
    return { ok: true, mode: config.mode };
  } catch {
    return { ok: false, message: "tax authority configuration invalid (see TAXAUTH*)" };
  }
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
