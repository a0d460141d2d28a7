import "server-only";

import type { AppConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { openProcessDatabase } from "@/lib/server/db/get-db";
import { databaseTarget, describeTarget } from "@/lib/server/db/database-target";
import { ensureDemoAccount } from "@/lib/server/accounts/demo-account";
import { ensureDemoDocuments } from "@/lib/server/documents/demo-documents";

/**
 * Before the server answers: apply pending migrations (under PostgreSQL's advisory lock, so several
 * instances starting at once are safe), then — on an empty database with the demo on — seed the
 * demo account and its documents. Returns what was seeded, if anything.
 */
export async function prepareDatabase(config: AppConfig): Promise<{ demoRnc?: string }> {
  const started = performance.now();
  const database = await openProcessDatabase();
  const { applied, edited } = await database.migrate();
  if (edited.length > 0) {
    logger.warn({ edited }, "Applied migrations were edited afterwards; the database keeps the old version.");
  }
  const demo = await ensureDemoAccount(database.prisma, config);
  if (demo) await ensureDemoDocuments(demo.accountId, demo.rnc, database.prisma);
  logger.info(
    {
      database: describeTarget(databaseTarget(config)),
      applied,
      ms: Math.round(performance.now() - started),
    },
    "Database ready",
  );
  return demo ? { demoRnc: demo.rnc } : {};
}
