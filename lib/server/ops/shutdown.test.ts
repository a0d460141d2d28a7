import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@/lib/server/db/test-database";
import { findVoid } from "@/lib/server/voids/void-repository";
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

/** Starts the child, sends SIGTERM once its void is written ahead; resolves with what it did. */
function runChildAndTerminate(): Promise<{
  voidId: string;
  code: number | null;
  signal: string | null;
  log: string;
  ms: number;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "testing/shutdown-child.ts")],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          TEST_DATABASE_URL: "",
          DEMO: "on",
          DEMO_RNC: RNC,
          TAXAUTH: "simulator",
          TAXAUTH_SIMULATOR_URL: simulator.url,
          VOID_DEADLINE_MS: "600000",
          SHUTDOWN_TIMEOUT_MS: "700",
          LOG_LEVEL: "info",
          VITEST: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errors = "";
    let voidId: string | undefined;
    let signalledAt = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /WRITTEN (\S+)/.exec(output);
      if (match && !voidId) {
        voidId = match[1]!;
        signalledAt = Date.now();
        child.kill("SIGTERM");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("exit", (code, signal) => {
      if (!voidId) reject(new Error(`child exited (${code}) before writing: ${errors}`));
      else resolve({ voidId, code, signal, log: output, ms: Date.now() - signalledAt });
    });
  });
}

describe("SIGTERM while a void waits for the authority", () => {
  it("drains within the bound, closes the database and exits 0; the attempt stays Error after a restart", async () => {
    const { voidId, code, signal, log, ms } = await runChildAndTerminate();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(10_000);
    expect(log).toContain('"msg":"Shutdown: done"');
    expect(log).toMatch(/"sendsAbandoned":1/);

    process.env.DATA_DIR = dataDir;
    const db = await createTestDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const account = await db.prisma.account.findFirstOrThrow({ where: { rnc: RNC } });
      expect(await findVoid(account.id, "TesteCF", voidId)).toMatchObject({
        voidId,
        status: "Error",
        errorCode: "NOT_CONFIRMED",
        totalVoided: 3,
      });
    } finally {
      await db.dispose();
    }
  }, 120_000);
});
