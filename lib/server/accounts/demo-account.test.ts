import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { issueIdToken, requireApiKey, requireBearer } from "@/lib/server/auth";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { loadConfig, parseConfig, resetConfigForTests } from "@/lib/server/platform/config/load-config";
import { closeDb, getDb } from "@/lib/server/platform/db";
import { prepareDatabase } from "@/lib/server/runtime/prepare-database";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { captureLogsForTests } from "@/lib/server/platform/config/logger";
import { readShownSecret } from "@/lib/server/platform/ops/show-secrets-once";

import { DEMO_API_KEY_LABEL, DEMO_PASSWORD_LABEL, ensureDemoAccount } from "./demo-account";

let database: TestDatabase;
const secrets = {
  AUTH_SECRET: "a".repeat(40),
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => database.truncate());
afterAll(async () => database?.dispose());

describe("ensureDemoAccount", () => {
  it("creates a working demo account once, on an empty database", async () => {
    const config = parseConfig({ ...process.env, ...secrets, DEMO_API_KEY: "demo-api-key-for-tests" });
    const created = await ensureDemoAccount(database.prisma, config);
    expect(created).toMatchObject({
      rnc: "130000001",
      username: "demo@anula.local",
      apiKey: "demo-api-key-for-tests",
    });
    expect(await ensureDemoAccount(database.prisma, config)).toBeNull();
    expect(await database.prisma.account.count()).toBe(1);

    // Uses the process configuration (same secrets in this test) for the checks below.
    Object.assign(process.env, secrets);
    resetConfigForTests();
    const token = await issueIdToken({ username: "demo@anula.local", password: "anula-demo" });
    const auth = await requireBearer(
      new Request("http://x", { headers: { authorization: `Bearer ${token.idToken}` } }),
      "GET /[environment]/documentos-ecf",
    );
    expect(auth).toMatchObject({
      rnc: "130000001",
      roles: ["administrator", "approver", "operator"],
      organizationAdmin: true,
    });
    await requireApiKey(
      new Request("http://x", { headers: { "x-api-key": "demo-api-key-for-tests" } }),
      auth,
      "eCF", // the demo key works in every environment
    );
    const credential = await getActiveSigningCredential(auth.accountId);
    expect(credential.info.subjectSerialNumber).toBe("130000001");
  });

  it.each([
    ["DEMO_PASSWORD and DEMO_API_KEY unset: both shown", {}, ["password", "apiKey"]],
    ["DEMO_PASSWORD given: only the generated key", { DEMO_PASSWORD: "given-password-9" }, ["apiKey"]],
    ["DEMO_API_KEY given: only the default password", { DEMO_API_KEY: "given-demo-api-key" }, ["password"]],
  ])(
    "%s once on the console, and no log record carries either credential",
    async (_case, env: Record<string, string>, shown) => {
      const config = parseConfig({ ...process.env, ...secrets, DEMO_API_KEY: "", DEMO_PASSWORD: "", ...env });
      const logs = captureLogsForTests();
      const console = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      let created: Awaited<ReturnType<typeof ensureDemoAccount>>;
      let printed = "";
      try {
        created = await ensureDemoAccount(database.prisma, config);
        printed = console.mock.calls.map(([text]) => String(text)).join("");
      } finally {
        console.mockRestore();
        logs.stop();
      }
      const credentials = { password: config.demo.password, apiKey: created!.apiKey };
      expect(logs.text()).toContain("Demo account created");
      for (const value of Object.values(credentials)) expect(logs.text()).not.toContain(value);
      expect(readShownSecret(printed, DEMO_PASSWORD_LABEL)).toBe(
        shown.includes("password") ? credentials.password : undefined,
      );
      expect(readShownSecret(printed, DEMO_API_KEY_LABEL)).toBe(
        shown.includes("apiKey") ? credentials.apiKey : undefined,
      );
      if (shown.includes("apiKey")) expect(created?.apiKey).toMatch(/^anula_[a-z0-9]{10}_/);
    },
  );

  it("creates nothing with DEMO=off, or against a server unless DEMO=on", async () => {
    expect(await ensureDemoAccount(database.prisma, parseConfig({ ...secrets, DEMO: "off" }))).toBeNull();
    const server = { ...secrets, DATABASE_URL: "postgres://u@127.0.0.1:5432/db" };
    expect(await ensureDemoAccount(database.prisma, parseConfig(server))).toBeNull();
    expect(await database.prisma.account.count()).toBe(0);
    expect(await ensureDemoAccount(database.prisma, parseConfig({ ...server, DEMO: "on" }))).not.toBeNull();
  });

  it("creates nothing when the database already has an account", async () => {
    const now = BigInt(Date.now());
    await database.prisma.account.create({
      data: {
        rnc: "999999999",
        name: "X",
        createdAt: now,
        updatedAt: now,
        organization: { create: { name: "X", createdAt: now, updatedAt: now } },
      },
    });
    expect(await ensureDemoAccount(database.prisma, parseConfig({ ...secrets }))).toBeNull();
  });

  it("two instances seeding at once leave exactly one demo account", async () => {
    const config = parseConfig({ ...secrets });
    const results = await Promise.all([
      ensureDemoAccount(database.prisma, config),
      ensureDemoAccount(database.prisma, config),
    ]);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await database.prisma.account.count()).toBe(1);
    expect(await database.prisma.user.count()).toBe(1);
  });
});

describe("the runtime's database preparation on the embedded default", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "anula-getdb-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("getDb only opens; prepareDatabase migrates and seeds PGlite under DATA_DIR, and the data outlives a restart", async () => {
    const saved = { ...process.env };
    try {
      for (const key of ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY", "DEMO", "DEMO_API_KEY"])
        delete process.env[key];
      process.env.DATA_DIR = dataDir;
      resetConfigForTests();
      const { setDbForTests } = await import("@/lib/server/platform/db");
      setDbForTests(null);

      // Opening is only opening: no migration, so no tables yet.
      const opened = await getDb();
      await expect(opened.account.count()).rejects.toThrow();

      const started = performance.now();
      expect(await prepareDatabase(loadConfig())).toEqual({ demoRnc: "130000001" });
      const coldStartMs = performance.now() - started;
      const first = await getDb();
      expect(first).toBe(opened);
      expect(await first.account.findMany({ select: { rnc: true } })).toEqual([{ rnc: "130000001" }]);
      await closeDb();

      // A restart: the second preparation applies nothing and seeds nothing.
      expect(await prepareDatabase(loadConfig())).toEqual({});
      const second = await getDb();
      expect(second).not.toBe(first);
      expect(await second.account.count()).toBe(1);
      expect(await second.companyCertificate.count({ where: { active: true } })).toBe(1);
      await closeDb();
      // Printed for the record of start-up cost (PGlite cold start + migrations + demo seed).
      console.info(`prepareDatabase cold start with migrations and demo seed: ${Math.round(coldStartMs)} ms`);
    } finally {
      process.env = saved;
      resetConfigForTests();
      const { setDbForTests } = await import("@/lib/server/platform/db");
      setDbForTests(database.prisma);
    }
  });
});
