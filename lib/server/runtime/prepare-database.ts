import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { openProcessDatabase } from "@/lib/server/platform/db/get-db";
import { databaseTarget, describeTarget } from "@/lib/server/platform/db/database-target";
import { ensureDemoAccount } from "@/lib/server/accounts";
import { ensureDemoDocuments } from "@/lib/server/documents";
import { backfillVoidedIntervals } from "@/lib/server/ledger";
import { showSecretsOnce } from "@/lib/server/platform/ops/show-secrets-once";
import { enforceTaxAuthMode } from "@/lib/server/platform/taxauth/deployment-mode";
import { ensureSetupToken, SETUP_PAGE_LABEL, SETUP_PATH, SETUP_TOKEN_LABEL } from "@/lib/server/setup";

/**
 * Before the server answers: apply pending migrations (under PostgreSQL's advisory lock, so several
 * instances starting at once are safe), refuse a TAXAUTH other than the database's (the first start
 * records it: lib/server/platform/taxauth/deployment-mode.ts), then — on an empty database with the demo on — seed the
 * demo account and its documents; on a database with no user at all (no demo), make sure the
 * first-run setup token exists. Returns what was seeded, if anything.
 */
export async function prepareDatabase(config: AppConfig): Promise<{ demoRnc?: string }> {
  const started = performance.now();
  const database = await openProcessDatabase();
  const { applied, edited } = await database.migrate();
  if (edited.length > 0) {
    logger.warn({ edited }, "Applied migrations were edited afterwards; the database keeps the old version.");
  }
  // Before anything is written or sent: an instance whose TAXAUTH differs from the database's stops here.
  await enforceTaxAuthMode(database.prisma, config.taxAuth.mode);
  // The sequence ledger's voided intervals of voids older than it (gzip-stored ranges need the
  // application): once per database, recorded in RuntimeStep.
  await backfillVoidedIntervals();
  const demo = await ensureDemoAccount(database.prisma, config);
  if (demo) await ensureDemoDocuments(demo.accountId, demo.rnc, database.prisma);
  await offerFirstRun(database.prisma, config);
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

/**
 * No user at all (a production deployment's first start): the deployment's way in is /setup with a
 * setup token. The instance that creates the token shows it once on its console (never the log);
 * the others, and later starts while it is valid, only say where to go.
 */
async function offerFirstRun(
  prisma: Parameters<typeof ensureSetupToken>[0],
  config: AppConfig,
): Promise<void> {
  const issued = await ensureSetupToken(prisma);
  if (issued) {
    const page = `${config.nextAuthUrl?.replace(/\/+$/, "") ?? ""}${SETUP_PATH}`;
    showSecretsOnce([
      { label: SETUP_TOKEN_LABEL, value: issued.token },
      { label: SETUP_PAGE_LABEL, value: page },
    ]);
    logger.warn(
      { setupPage: page, expiresAt: new Date(issued.expiresAt).toISOString() },
      "No user yet: open the setup page with the setup token shown once on the console (or run npm run setup).",
    );
  } else if ((await prisma.user.findFirst({ select: { id: true } })) === null) {
    logger.warn(
      { setupPage: SETUP_PATH },
      "No user yet: complete the first-run setup at /setup with the setup token shown when it was made " +
        "(npm run setup -- --new-token prints a new one), or run npm run setup.",
    );
  }
}
