import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANGING_VOID_RANGE } from "@/lib/server/testing/hanging-void-range";
import { reopenChildDatabase, runHangingVoidChild } from "@/lib/server/testing/run-hanging-void-child";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
import { decompressSignedXml } from "./signed-xml-storage";
import { findVoid } from "./void-repository";

const RNC = "131999001";
let simulator: SimulatorHandle;
let dataDir: string;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
  simulator.admin.injectFault({ service: "anularrango", mode: "hang", count: 5 });
  dataDir = mkdtempSync(path.join(tmpdir(), "anula-crash-"));
});

afterAll(async () => {
  await simulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a process killed while the authority hangs", () => {
  it("leaves the attempt listed as Error after a restart: nothing lost", async () => {
    const { voidId, signal } = await runHangingVoidChild({
      dataDir,
      rnc: RNC,
      simulatorUrl: simulator.url,
      signal: "SIGKILL",
      env: { LOG_LEVEL: "silent" },
    });
    expect(signal).toBe("SIGKILL");
    const db = await reopenChildDatabase(dataDir);
    try {
      const account = await db.prisma.account.findFirstOrThrow({ where: { rnc: RNC } });
      const record = await findVoid(account.id, "TesteCF", voidId);
      expect(record).toMatchObject({ voidId, status: "Error", errorCode: "NOT_CONFIRMED", totalVoided: 3 });
      const signed = await db.prisma.voidRecord.findFirstOrThrow({
        where: { id: voidId },
        select: { signedXmlGzip: true },
      });
      expect(await decompressSignedXml(signed.signedXmlGzip)).toContain(
        `<SecuenciaeNCFDesde>${HANGING_VOID_RANGE.secuenciaDesde}</SecuenciaeNCFDesde>`,
      );
    } finally {
      await db.dispose();
    }
  }, 120_000);
});
