// No `server-only` here: used by scripts/db-migrate-create.ts (tsx, outside Next) and by a test.
//
// Diffs prisma/schema.prisma against the migration history with the wasm schema engine on
// in-memory PGlite databases (the history is replayed into a PGlite "shadow" database), so creating
// a migration needs neither the native engine binary nor a database server.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  MIGRATION_LOCK_CONTENT,
  MIGRATION_LOCK_FILE,
  defaultMigrationsDir,
  defaultSchemaPath,
  readMigrationFiles,
} from "./migration-files";
import { openSchemaEngine, type MigrationList } from "./schema-engine-wasm";

const NO_FILTERS = { externalTables: [], externalEnums: [] };

/**
 * The SQL that takes a database from the migrations' state to the schema's, or null when they
 * already agree.
 */
export async function diffSchemaAgainstMigrations(
  options: {
    schemaPath?: string;
    migrationsDir?: string;
    /** Start the main and shadow databases from this new cluster (PGlite's dumpDataDir), not initdb. */
    emptyCluster?: Blob;
  } = {},
): Promise<string | null> {
  const schemaPath = options.schemaPath ?? defaultSchemaPath();
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir();
  const content = await readFile(schemaPath, "utf8");
  const migrations = await readMigrationFiles(migrationsDir);
  const schemaFile = { path: path.basename(schemaPath), content };

  const emptyCluster = options.emptyCluster;
  const main = emptyCluster ? new PGlite({ loadDataDir: emptyCluster }) : new PGlite();
  const shadows: PGlite[] = [];
  // The adapter's own shadow database is a new PGlite (initdb); with a saved cluster, a copy of it.
  const adapter = emptyCluster
    ? new (class extends PrismaPGlite {
        override connectToShadowDb() {
          const shadow = new PGlite({ loadDataDir: emptyCluster });
          shadows.push(shadow);
          return new PrismaPGlite(shadow).connect();
        }
      })(main)
    : new PrismaPGlite(main);
  try {
    const engine = await openSchemaEngine(adapter, schemaFile);
    const list: MigrationList = {
      baseDir: migrationsDir,
      lockfile: { path: MIGRATION_LOCK_FILE, content: MIGRATION_LOCK_CONTENT },
      shadowDbInitScript: "",
      migrationDirectories: migrations.map((migration) => ({
        path: migration.name,
        migrationFile: { path: "migration.sql", content: { tag: "ok", value: migration.sql } },
      })),
    };
    const result = await engine.diff({
      from: migrations.length > 0 ? { tag: "migrations", ...list } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [schemaFile] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    engine.free();
    return cleanScript(result.stdout ?? "");
  } finally {
    for (const shadow of shadows) await shadow.close();
    await main.close();
  }
}

/**
 * Drops the engine's `CREATE SCHEMA IF NOT EXISTS "public"` (PostgreSQL checks the CREATE privilege
 * on the database before IF NOT EXISTS, so it would fail for a least-privilege production role, and
 * tests run the migrations inside their own schema). Returns null for an empty diff.
 */
function cleanScript(script: string): string | null {
  const withoutSchema = script.replace(/-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n*/g, "");
  const meaningful = withoutSchema
    .split("\n")
    .some((line) => line.trim() !== "" && !line.trim().startsWith("--"));
  return meaningful ? withoutSchema.trimEnd() + "\n" : null;
}
