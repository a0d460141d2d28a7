import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { answeredBySimulator, TAXAUTH_MOVE_COMMAND } from "@/lib/domain/taxauth-deployment";
import { loadConfig, resetConfigForTests } from "@/lib/server/platform/config/load-config";
import { closeDb, setDbForTests } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { prepareDatabase } from "@/lib/server/runtime/prepare-database";

import { enforceTaxAuthMode, isSimulatedAnswer, moveToDgii } from "./deployment-mode";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => database.prisma.deploymentSetting.deleteMany());
afterAll(async () => database?.dispose());

describe("the database's TAXAUTH", () => {
  it("is recorded by the first start; a start with the other TAXAUTH is refused, naming the move command", async () => {
    expect(await enforceTaxAuthMode(database.prisma, "simulator", 1_000)).toEqual({
      mode: "simulator",
      simulatedUntil: null,
    });
    await expect(enforceTaxAuthMode(database.prisma, "simulator")).resolves.toMatchObject({
      mode: "simulator",
    });
    const refused = enforceTaxAuthMode(database.prisma, "dgii");
    await expect(refused).rejects.toMatchObject({ code: "CONFIGURATION_ERROR" });
    await expect(refused).rejects.toThrow(
      `This database answers to TAXAUTH=simulator, and this instance has TAXAUTH=dgii`,
    );
    await expect(refused).rejects.toThrow(TAXAUTH_MOVE_COMMAND);
    // The refusal changed nothing.
    expect(await database.prisma.deploymentSetting.findMany({ select: { key: true, value: true } })).toEqual([
      { key: "taxauth.mode", value: "simulator" },
    ]);
  });

  it("two first starts at once with different TAXAUTH: exactly one starts", async () => {
    const results = await Promise.allSettled([
      enforceTaxAuthMode(database.prisma, "simulator"),
      enforceTaxAuthMode(database.prisma, "dgii"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });

  it("moves once from the simulator to DGII: the simulator's answers before the move stay simulated", async () => {
    await enforceTaxAuthMode(database.prisma, "simulator", 1_000);
    expect(await isSimulatedAnswer(5_000, database.prisma)).toBe(true);

    expect(await moveToDgii(database.prisma, 10_000)).toEqual({
      moved: true,
      deployment: { mode: "dgii", simulatedUntil: 10_000 },
    });
    expect(await moveToDgii(database.prisma, 20_000)).toEqual({
      moved: false,
      deployment: { mode: "dgii", simulatedUntil: 10_000 },
    });
    await expect(enforceTaxAuthMode(database.prisma, "dgii")).resolves.toEqual({
      mode: "dgii",
      simulatedUntil: 10_000,
    });
    await expect(enforceTaxAuthMode(database.prisma, "simulator")).rejects.toThrow(
      /moved to DGII never goes back to the simulator/,
    );
    expect(await isSimulatedAnswer(9_999, database.prisma)).toBe(true);
    expect(await isSimulatedAnswer(10_000, database.prisma)).toBe(false);
  });

  it("a database started on DGII has nothing simulated", async () => {
    await enforceTaxAuthMode(database.prisma, "dgii");
    expect(await isSimulatedAnswer(0, database.prisma)).toBe(false);
    expect(answeredBySimulator(0, { mode: "simulator", simulatedUntil: null })).toBe(true);
  });
});

describe("the start (prepareDatabase)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "anula-taxauth-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("records the simulator at the first start and refuses a TAXAUTH=dgii start on the same database", async () => {
    const saved = { ...process.env };
    try {
      for (const key of ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY", "TAXAUTH"]) delete process.env[key];
      Object.assign(process.env, { DATA_DIR: dataDir, DEMO: "off" });
      resetConfigForTests();
      setDbForTests(null);
      const config = loadConfig();
      await prepareDatabase(config);
      await closeDb();
      // TAXAUTH=dgii needs PostgreSQL to load; the refusal is the database's, whatever the store.
      await expect(
        prepareDatabase({ ...config, taxAuth: { ...config.taxAuth, mode: "dgii" } }),
      ).rejects.toThrow(TAXAUTH_MOVE_COMMAND);
    } finally {
      await closeDb();
      process.env = saved;
      resetConfigForTests();
      setDbForTests(database.prisma);
    }
  }, 60_000);
});
