import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { postgresTarget, type DatabaseTarget } from "./database-target";
import { nowMs } from "./epoch";
import { readMigrationFiles } from "./migration-files";
import { openDatabase, type OpenOptions } from "./open-database";
import { pgliteImage } from "./pglite-image";
import { createTestDatabase } from "./test-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new cluster for a fresh PGlite dir (loaded, not initdb'd again: pglite-image.ts); nothing on PostgreSQL. */
async function clean(): Promise<OpenOptions> {
  return serverUrl ? {} : { pgliteImage: await pgliteImage("empty") };
}

/** A fresh place to keep a database across "restarts": a temp PGlite dir, or a new PG schema. */
async function freshPersistentTarget(): Promise<DatabaseTarget> {
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "anula-db-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { kind: "pglite", dataDir: dir };
  }
  const schema = `test_restart_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const admin = await openDatabase(postgresTarget(serverUrl));
  await admin.exec(`CREATE SCHEMA "${schema}"`);
  cleanups.push(async () => {
    await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.close();
  });
  return postgresTarget(serverUrl, schema);
}

describe("migrations", () => {
  it("apply on a clean database, then a second run applies nothing and fails nothing", async () => {
    const database = await openDatabase(await freshPersistentTarget(), await clean());
    try {
      const files = await readMigrationFiles();
      expect(files.length).toBeGreaterThan(0);
      const first = await database.migrate();
      expect(first.applied).toEqual(files.map((file) => file.name));
      const second = await database.migrate();
      expect(second).toEqual({ applied: [], edited: [] });
      const rows = await database.prisma.$queryRaw<{ migration_name: string; checksum: string }[]>`
        SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`;
      expect(rows).toEqual(files.map((file) => ({ migration_name: file.name, checksum: file.checksum })));
    } finally {
      await database.close();
    }
  });

  it("keeps the data across a restart", async () => {
    const target = await freshPersistentTarget();
    const first = await openDatabase(target, await clean());
    await first.migrate();
    const now = nowMs();
    await first.prisma.account.create({
      data: {
        rnc: "101010101",
        name: "Persistida",
        createdAt: now,
        updatedAt: now,
        organization: { create: { name: "Persistida", createdAt: now, updatedAt: now } },
      },
    });
    await first.close();

    const second = await openDatabase(target);
    try {
      expect((await second.migrate()).applied).toEqual([]);
      const account = await second.prisma.account.findUnique({ where: { rnc: "101010101" } });
      expect(account?.name).toBe("Persistida");
      expect(account?.createdAt).toBe(now);
    } finally {
      await second.close();
    }
  });

  it.runIf(serverUrl)("several instances migrating at once apply each migration exactly once", async () => {
    const target = await freshPersistentTarget();
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase(target)));
    try {
      const results = await Promise.all(instances.map((instance) => instance.migrate()));
      const files = await readMigrationFiles();
      expect(results.flatMap((result) => result.applied).sort()).toEqual(
        files.map((file) => file.name).sort(),
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it("reports an applied migration whose file was edited", async () => {
    const database = await openDatabase(await freshPersistentTarget(), await clean());
    try {
      await database.migrate();
      await database.exec(`UPDATE "_prisma_migrations" SET checksum = 'not-the-file'`);
      const result = await database.migrate();
      expect(result.applied).toEqual([]);
      expect(result.edited.length).toBe((await readMigrationFiles()).length);
    } finally {
      await database.close();
    }
  });
});

describe("createTestDatabase", () => {
  it("gives a migrated, empty database that truncate() empties again", async () => {
    const database = await createTestDatabase({ install: false });
    try {
      expect(await database.prisma.account.count()).toBe(0);
      const now = nowMs();
      await database.prisma.account.create({
        data: {
          rnc: "202020202",
          name: "A",
          createdAt: now,
          updatedAt: now,
          organization: { create: { name: "A", createdAt: now, updatedAt: now } },
        },
      });
      expect(await database.prisma.account.count()).toBe(1);
      await database.truncate();
      expect(await database.prisma.account.count()).toBe(0);
      expect(database.kind).toBe(serverUrl ? "postgres" : "pglite");
    } finally {
      await database.dispose();
    }
  });
});
