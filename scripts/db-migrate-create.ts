// `npm run db:migrate:create -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that brings the migration history up to prisma/schema.prisma. Offline: the wasm
// schema engine on in-memory PGlite (see lib/server/platform/db/migration-diff.ts).
// `npm run db:migrate:create -- --check` exits 1 when schema.prisma has changes without a migration.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { diffSchemaAgainstMigrations } from "../lib/server/platform/db/migration-diff";
import {
  MIGRATION_LOCK_CONTENT,
  MIGRATION_LOCK_FILE,
  defaultMigrationsDir,
  migrationDirectoryName,
} from "../lib/server/platform/db/migration-files";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const name = args.find((arg) => !arg.startsWith("--"));
  if (!check && !name) {
    console.error("Usage: npm run db:migrate:create -- <name>   (or -- --check)");
    process.exit(2);
  }

  const started = Date.now();
  const script = await diffSchemaAgainstMigrations();
  if (script === null) {
    console.log(
      `prisma/schema.prisma and prisma/migrations agree; nothing to create (${Date.now() - started} ms).`,
    );
    return;
  }
  if (check) {
    console.error("prisma/schema.prisma has changes that no migration holds:\n\n" + script);
    console.error("Run `npm run db:migrate:create -- <name>`.");
    process.exit(1);
  }

  const migrationsDir = defaultMigrationsDir();
  const directory = path.join(migrationsDir, migrationDirectoryName(name!));
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, "migration.sql"), script);
  if (!existsSync(path.join(migrationsDir, MIGRATION_LOCK_FILE))) {
    await writeFile(path.join(migrationsDir, MIGRATION_LOCK_FILE), MIGRATION_LOCK_CONTENT);
  }
  console.log(
    `Created ${path.relative(process.cwd(), directory)}/migration.sql (${Date.now() - started} ms).`,
  );
  console.log("It is applied automatically at the next start (or `npm run db:migrate`).");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
