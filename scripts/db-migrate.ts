// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, else
// PGlite under DATA_DIR) without starting the app. The app also does this by itself at start.
// Run with `--conditions=react-server` (see package.json) so the `server-only` modules load.
import { loadConfig } from "../lib/server/platform/config/load-config";
import { databaseTarget, describeTarget } from "../lib/server/platform/db/database-target";
import { openDatabase } from "../lib/server/platform/db/open-database";

async function main(): Promise<void> {
  const target = databaseTarget(loadConfig());
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    const { applied, edited } = await database.migrate();
    console.log(
      `${describeTarget(target)}: ${applied.length} migration(s) applied in ${Date.now() - started} ms.`,
    );
    for (const name of applied) console.log(`  + ${name}`);
    for (const name of edited) console.warn(`  ! ${name} was edited after it was applied`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
