import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { isSealedWith } from "@/lib/server/platform/secrets/encryption";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { setDbForTests } from "@/lib/server/platform/db/get-db";
import { openDatabase } from "@/lib/server/platform/db/open-database";
import { seedPgliteDataDir } from "@/lib/server/platform/db/pglite-image";

import { runInProcess, spawnScript, type CliRun } from "./cli-testing";
import { runRotateKeyCli } from "./rotate-key-cli";

/**
 * `npm run rotate-key` as an operator runs it, on a PGlite data directory, after ENCRYPTION_KEY
 * changed. The first run is a process of its own (tsx with react-server conditions, as package.json
 * says); the later ones run the same command (runRotateKeyCli) in this process, which spares a Node
 * start per run.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "anula-rotate-"));
const originalKey = process.env.ENCRYPTION_KEY;
afterAll(() => {
  setEnvForTests({ ENCRYPTION_KEY: originalKey });
  rmSync(dataDir, { recursive: true, force: true });
});

const KEY_A = randomBytes(32).toString("base64");
const KEY_B = randomBytes(32).toString("hex");

const ENV = {
  DEMO: "off",
  DATABASE_URL: "",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  ENCRYPTION_KEYS_PREVIOUS: "",
};

function spawnRotateKey(env: Record<string, string>): Promise<CliRun> {
  return spawnScript("scripts/rotate-key.ts", [], { ...ENV, ...env });
}

function rotateKey(env: Record<string, string>): Promise<CliRun> {
  return runInProcess(runRotateKeyCli, [], { ...ENV, ...env });
}

describe("npm run rotate-key", () => {
  it("re-encrypts a certificate sealed with the old key, then finds nothing to do; refuses to pass an unreadable row", async () => {
    // The app's data under key A (the process is stopped before the script runs: PGlite opens once).
    const pglite = path.join(dataDir, "pglite");
    await seedPgliteDataDir(pglite);
    let database = await openDatabase({ kind: "pglite", dataDir: pglite });
    await database.migrate();
    setDbForTests(database.prisma);
    setEnvForTests({ ENCRYPTION_KEY: KEY_A });
    const account = await createTestAccount({ certificate: true });
    setDbForTests(null);
    await database.close();

    const first = await spawnRotateKey({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEYS_PREVIOUS: KEY_A });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      "Certificates: 1 encrypted, 1 re-encrypted, 0 already current, 0 unreadable, 0 changed meanwhile",
    );
    expect(first.stdout).toContain("ENCRYPTION_KEYS_PREVIOUS can be removed");

    const second = await rotateKey({ ENCRYPTION_KEY: KEY_B });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Certificates: 1 encrypted, 0 re-encrypted, 1 already current");

    const wrong = await rotateKey({ ENCRYPTION_KEY: randomBytes(32).toString("base64") });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("1 row(s) open with none of the configured keys");

    database = await openDatabase({ kind: "pglite", dataDir: pglite });
    try {
      const row = await database.prisma.certificate.findUniqueOrThrow({
        where: { id: account.certificate!.id },
      });
      expect(isSealedWith({ iv: row.p12Iv }, Buffer.from(KEY_B, "hex"))).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
