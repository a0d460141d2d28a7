import { mkdtempSync, rmSync, writeFileSync, readFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { diffSchemaAgainstMigrations } from "./migration-diff";
import { defaultMigrationsDir, defaultSchemaPath, migrationDirectoryName } from "./migration-files";
import { pgliteImage } from "./pglite-image";

const scratch = mkdtempSync(path.join(tmpdir(), "anula-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration files", () => {
  // The wasm engine starts in ~3 s and replays the history into a shadow PGlite: one slow test.
  // Its databases are copies of a saved new cluster (pglite-image.ts): no initdb for each.
  it("prisma/migrations holds every change of schema.prisma (run db:migrate:create if this fails)", async () => {
    expect(await diffSchemaAgainstMigrations({ emptyCluster: await pgliteImage("empty") })).toBeNull();
  }, 120_000);

  it("diffs a changed schema into the SQL of a new migration", async () => {
    const schemaPath = path.join(scratch, "schema.prisma");
    const migrationsDir = path.join(scratch, "migrations");
    cpSync(defaultMigrationsDir(), migrationsDir, { recursive: true });
    writeFileSync(
      schemaPath,
      readFileSync(defaultSchemaPath(), "utf8").replace(
        "model Account {\n",
        "model Account {\n  phone String?\n",
      ),
    );
    const script = await diffSchemaAgainstMigrations({
      schemaPath,
      migrationsDir,
      emptyCluster: await pgliteImage("empty"),
    });
    expect(script).toContain('ALTER TABLE "Account" ADD COLUMN     "phone" TEXT;');
    expect(script).not.toContain("CREATE SCHEMA");
  }, 120_000);

  it("names migration directories <UTC timestamp>_<slug>", () => {
    expect(migrationDirectoryName("Add documents!", new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe(
      "20250102030405_add_documents",
    );
    expect(() => migrationDirectoryName("  ")).toThrow();
  });
});
