import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { HANGING_VOID_RANGE } from "@/lib/server/testing/hanging-void-range";
import { startHangingVoidChild } from "@/lib/server/testing/run-hanging-void-child";
import { TaxAuthClient, taxAuthConfigFromEnv } from "@/lib/server/platform/taxauth";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
import { createVoid } from "./create-void";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

/**
 * Two instances of one deployment on PostgreSQL: the first request of an Idempotency-Key runs on
 * instance A (a child process) while DGII takes its time; the duplicate reaches instance B (this
 * process). B shares nothing with A but the database, and must answer what A's send ends in.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("an Idempotency-Key duplicate on another instance", () => {
  let database: TestDatabase;
  let simulator: SimulatorHandle;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
    dataDir = mkdtempSync(path.join(tmpdir(), "anula-idem-"));
    setEnvForTests({ VOID_DEADLINE_MS: "10000" });
  });
  afterAll(async () => {
    setTaxAuthClient(undefined);
    await simulator?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("waits for the first instance's outcome and answers the same voidId and status", async () => {
    const rnc = "131777001";
    const account = await createTestAccount({ rnc, certificate: true });
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_500, count: 1 });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("schema", database.schema!);
    const instanceA = await startHangingVoidChild({
      dataDir,
      rnc,
      simulatorUrl: simulator.url,
      env: {
        DATABASE_URL: url.toString(),
        HANGING_VOID_IDEMPOTENCY_KEY: "erp-dup-1",
        LOG_LEVEL: "silent",
      },
    });
    const client = new TaxAuthClient(taxAuthConfigFromEnv({} as NodeJS.ProcessEnv, simulator.url));
    setTaxAuthClient(client);
    try {
      const duplicate = await createVoid({
        accountId: account.auth.accountId,
        rnc,
        environment: "TesteCF",
        // The child's own body: the duplicate is the same request.
        body: { value: { ranges: [HANGING_VOID_RANGE] } },
        createdBy: "instance B",
        idempotencyKey: "erp-dup-1",
      });
      expect(duplicate).toMatchObject({
        outcome: "accepted",
        replayed: true,
        attempt: { voidId: instanceA.voidId, status: "Aceptado", totalVoided: 3 },
      });
      expect(simulator.admin.callCounts().anularrango).toBe(1);
    } finally {
      instanceA.kill("SIGKILL");
      await instanceA.exited;
      await client.close();
    }
  }, 60_000);
});
