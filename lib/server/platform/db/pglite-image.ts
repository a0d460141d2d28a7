import "server-only";

import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { applyMigrations } from "./apply-migrations";
import { readMigrationFiles } from "./migration-files";

/**
 * A PGlite database saved once as a tarball (PGlite's dumpDataDir) and loaded by each test
 * database instead of starting a new cluster: initdb is most of PGlite's start (~1.4 s against
 * ~0.4 s for a load, on 2 cores). "migrated" has every migration applied (createTestDatabase);
 * "empty" is a new cluster, for the tests of migrations themselves. The file's name is a hash of
 * PGlite's version (and the migrations), so a new or edited migration, or another PGlite, builds a
 * new image; it lives in node_modules/.cache (never committed).
 */
export async function pgliteImage(kind: PgliteImageKind): Promise<Blob> {
  const file = await imagePath(kind);
  const cached = loaded.get(file);
  if (cached) return cached;
  if (!existsSync(file)) await buildImage(kind, file);
  const image = new Blob([readFileSync(file)]);
  loaded.set(file, image);
  return image;
}

export type PgliteImageKind = "empty" | "migrated";

/** Per process (vitest worker): read once, then shared by every test database it opens. */
const loaded = new Map<string, Blob>();

async function imagePath(kind: PgliteImageKind): Promise<string> {
  const hash = createHash("sha256").update(`pglite ${pgliteVersion()}\n`);
  if (kind === "migrated") {
    for (const migration of await readMigrationFiles())
      hash.update(`${migration.name} ${migration.checksum}\n`);
  }
  return path.join(
    process.cwd(),
    "node_modules",
    ".cache",
    "anula",
    `pglite-${kind}-${hash.digest("hex").slice(0, 16)}.tar`,
  );
}

function pgliteVersion(): string {
  const manifest = path.join(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

async function buildImage(kind: PgliteImageKind, file: string): Promise<void> {
  // The migrated image starts from the empty one: one initdb serves both.
  const pglite = new PGlite(
    "memory://",
    kind === "migrated" ? { loadDataDir: await pgliteImage("empty") } : {},
  );
  try {
    if (kind === "migrated")
      await applyMigrations(
        {
          exec: async (sql) => {
            await pglite.exec(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
        },
        await readMigrationFiles(),
      );
    // Uncompressed: gunzipping it on every load would cost more than reading 40 MB.
    const image = await pglite.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside then renamed: workers building at once never read a half-written file.
    const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    // Images of earlier migrations or PGlite versions (40 MB each) are of no further use.
    for (const name of readdirSync(path.dirname(file))) {
      if (name.startsWith(`pglite-${kind}-`) && name.endsWith(".tar") && name !== path.basename(file)) {
        rmSync(path.join(path.dirname(file), name), { force: true });
      }
    }
  } finally {
    await pglite.close();
  }
}

/**
 * An on-disk PGlite database under `dataDir`, migrated, for a child process to open as the app
 * opens its own (DATA_DIR/pglite): the child skips creating and migrating a cluster. Left alone
 * when a database is already there.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { loadDataDir: await pgliteImage("migrated") });
  await pglite.waitReady;
  await pglite.close();
}
