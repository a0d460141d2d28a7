import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reopenChildDatabase, runHangingVoidChild } from "@/lib/server/testing/run-hanging-void-child";
import { findVoid } from "@/lib/server/voids/void-repository";
import { STORED_VOID_MESSAGES } from "@/lib/server/voids/types";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

const RNC = "131999002";
let simulator: SimulatorHandle;
let dataDir: string;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
  simulator.admin.injectFault({ service: "anularrango", mode: "hang", count: 5 });
  dataDir = mkdtempSync(path.join(tmpdir(), "anula-shutdown-"));
});

afterAll(async () => {
  await simulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGTERM while a void waits for the authority", () => {
  it("drains within the bound, marks the abandoned send INTERRUPTED, closes the database and exits 0", async () => {
    const {
      voidId,
      code,
      signal,
      log,
      msAfterSignal: ms,
    } = await runHangingVoidChild({
      dataDir,
      rnc: RNC,
      simulatorUrl: simulator.url,
      signal: "SIGTERM",
      startRuntime: true,
      env: {
        NODE_ENV: "production",
        SHUTDOWN_TIMEOUT_MS: "700",
        SHUTDOWN_DRAIN_DELAY_MS: "0",
        LOG_LEVEL: "info",
      },
    });
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(10_000);
    expect(log).toContain('"msg":"Shutdown: done"');
    expect(log).toMatch(/"sendsAbandoned":1/);

    const db = await reopenChildDatabase(dataDir);
    try {
      const account = await db.prisma.account.findFirstOrThrow({ where: { rnc: RNC } });
      expect(await findVoid(account.id, "TesteCF", voidId)).toMatchObject({
        voidId,
        status: "Error",
        errorCode: "INTERRUPTED",
        totalVoided: 3,
      });
      const lease = await db.prisma.voidRecord.findFirstOrThrow({
        where: { id: voidId },
        select: { leaseOwner: true, leaseExpiresAt: true, errorMessage: true },
      });
      expect(lease).toEqual({
        leaseOwner: null,
        leaseExpiresAt: null,
        errorMessage: STORED_VOID_MESSAGES.interrupted,
      });
    } finally {
      await db.dispose();
    }
  }, 120_000);
});
