import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { verifyUserCredentials } from "@/lib/server/auth/credentials";
import { setDbForTests } from "@/lib/server/platform/db/get-db";
import { openDatabase } from "@/lib/server/platform/db/open-database";
import { seedPgliteDataDir } from "@/lib/server/platform/db/pglite-image";
import { ensureTestSecrets } from "@/lib/server/platform/db/test-database";
import { readShownSecret } from "@/lib/server/platform/ops/show-secrets-once";
import { enforceTaxAuthMode } from "@/lib/server/platform/taxauth/deployment-mode";
import { SETUP_TOKEN_ID, SETUP_TOKEN_LABEL, hashSetupToken } from "@/lib/server/setup/setup-token";

import { runInProcess, spawnScript, type CliRun } from "./cli-testing";
import { runSetupCli } from "./setup-cli";

/**
 * `npm run setup` as an operator runs it, on a PGlite data directory of its own with the demo off,
 * and — when TEST_DATABASE_URL is set — on PostgreSQL through DATABASE_URL. The first call on PGlite
 * and the one on PostgreSQL are a process of their own (tsx with react-server conditions, as
 * package.json says); the rest run the same command (runSetupCli) in this process, which spares a
 * Node start per call.
 */

const ENV = { DEMO: "off", DATABASE_URL: "", SETUP_ADMIN_PASSWORD: "", LOG_LEVEL: "silent" };

function spawnSetup(args: string[], env: Record<string, string>, stdin = ""): Promise<CliRun> {
  return spawnScript("scripts/setup.ts", args, { ...ENV, ...env }, stdin);
}

function runSetup(args: string[], env: Record<string, string>, stdin = ""): Promise<CliRun> {
  return runInProcess(runSetupCli, args, { ...ENV, ...env }, stdin);
}

const COMPANY = [
  "--organization",
  "Grupo Ejemplo",
  "--company",
  "Ejemplo SRL",
  "--email",
  "Admin@Ejemplo.do",
];
const dataDirs: string[] = [];
afterAll(() => {
  for (const directory of dataDirs) rmSync(directory, { recursive: true, force: true });
});

describe("npm run setup on the embedded PGlite", () => {
  it("prints a setup token, needs a password, refuses a bad check digit until forced, creates once, then refuses", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "anula-setup-cli-"));
    dataDirs.push(dataDir);
    const env = { DATA_DIR: dataDir };

    const token = await spawnSetup(["--new-token"], env);
    expect(token.code, token.stderr).toBe(0);
    const printed = readShownSecret(token.stdout, SETUP_TOKEN_LABEL);
    expect(printed).toMatch(/^[\w-]{32}$/);

    // Missing details: usage (2), nothing read from stdin, nothing created.
    const usage = await runSetup(["--organization", "Grupo"], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--rnc");
    const noPassword = await runSetup([...COMPANY, "--rnc", "131793916"], env, "");
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain("SETUP_ADMIN_PASSWORD");

    // 131793917: the check digit fails. Password on stdin (a line, as `echo` writes it).
    const refused = await runSetup([...COMPANY, "--rnc", "131793917"], env, "una clave larga\n");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--force-check-digit");

    const created = await runSetup(
      [...COMPANY, "--rnc", "131793917", "--force-check-digit", "--name", "Ana"],
      {
        ...env,
        SETUP_ADMIN_PASSWORD: " clave con espacios ",
      },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("RNC 131793917");
    expect(created.stdout).toContain("admin@ejemplo.do");
    expect(created.stdout).not.toContain("clave con espacios");

    const again = await runSetup([...COMPANY, "--rnc", "101010632", "--email", "otro@ejemplo.do"], {
      ...env,
      SETUP_ADMIN_PASSWORD: "otra clave larga",
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already has a user");
    const noToken = await runSetup(["--new-token"], env);
    expect(noToken.code).toBe(1);
    expect(noToken.stdout).not.toContain(SETUP_TOKEN_LABEL);

    // What the process left in the database: one administrator whose password is kept as given,
    // and the printed token spent.
    ensureTestSecrets();
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    setDbForTests(database.prisma);
    try {
      expect(await database.prisma.user.count()).toBe(1);
      expect(await database.prisma.account.findMany({ select: { rnc: true } })).toEqual([
        { rnc: "131793917" },
      ]);
      expect(await verifyUserCredentials("admin@ejemplo.do", " clave con espacios ")).toMatchObject({
        email: "admin@ejemplo.do",
      });
      const row = await database.prisma.setupToken.findUniqueOrThrow({ where: { id: SETUP_TOKEN_ID } });
      expect(row.tokenHash).toBe(hashSetupToken(printed!));
      expect(row.usedAt).not.toBeNull();
    } finally {
      setDbForTests(null);
      await database.close();
    }
  }, 180_000);
});

describe("npm run setup -- --move-to-dgii", () => {
  it("moves a simulator deployment to DGII once; a simulator instance then refuses to start", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "anula-setup-move-"));
    dataDirs.push(dataDir);
    ensureTestSecrets();
    const open = async () => {
      const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
      await database.migrate();
      return database;
    };
    // A deployment that ran on the simulator: its first start recorded it (on a copy of the migrated
    // image, as the app's first start would leave it; the other case covers a directory created by setup).
    await seedPgliteDataDir(path.join(dataDir, "pglite"));
    let database = await open();
    await enforceTaxAuthMode(database.prisma, "simulator");
    await database.close();

    const before = Date.now();
    const moved = await runSetup(["--move-to-dgii"], { DATA_DIR: dataDir });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain("Moved to DGII");
    expect(moved.stdout).toContain("stay marked as simulated");
    const again = await runSetup(["--move-to-dgii"], { DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Nothing to do: this database moved to DGII at");

    database = await open();
    try {
      const deployment = await enforceTaxAuthMode(database.prisma, "dgii");
      expect(deployment.simulatedUntil).toBeGreaterThanOrEqual(before);
      expect(deployment.simulatedUntil).toBeLessThanOrEqual(Date.now());
      await expect(enforceTaxAuthMode(database.prisma, "simulator")).rejects.toThrow(/TAXAUTH=dgii/);
    } finally {
      await database.close();
    }
  }, 120_000);
});

const serverUrl = process.env.TEST_DATABASE_URL?.trim();

describe.runIf(serverUrl)("npm run setup with DATABASE_URL", () => {
  it("creates the first administrator on PostgreSQL", async () => {
    const schema = `setup_cli_${randomBytes(4).toString("hex")}`;
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    try {
      const url = new URL(serverUrl!);
      url.searchParams.set("schema", schema);
      const run = await spawnSetup([...COMPANY, "--rnc", "00113918205"], {
        DATABASE_URL: url.toString(),
        AUTH_SECRET: randomBytes(32).toString("base64"),
        ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        SETUP_ADMIN_PASSWORD: "clave de postgres",
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`schema ${schema}`);
      const users = await client.query(`SELECT email FROM "${schema}"."User"`);
      expect(users.rows).toEqual([{ email: "admin@ejemplo.do" }]);
    } finally {
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    }
  }, 120_000);
});
