import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/server/db/test-database";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
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

/** Runs the child until it reports its write-ahead record, then kills it with SIGKILL. */
function runChildUntilWritten(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "testing/crash-child.ts")],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          TEST_DATABASE_URL: "",
          DEMO: "on",
          DEMO_RNC: RNC,
          TAXAUTH: "simulator",
          TAXAUTH_SIMULATOR_URL: simulator.url,
          VOID_DEADLINE_MS: "600000",
          LOG_LEVEL: "silent",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /WRITTEN (\S+)/.exec(output);
      if (match) {
        child.kill("SIGKILL");
        child.once("exit", () => resolve(match[1]!));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`child exited (${code}) before writing: ${errors}`));
    });
  });
}

describe("a process killed while the authority hangs", () => {
  it("leaves the attempt listed as Error after a restart: nothing lost", async () => {
    const voidId = await runChildUntilWritten();
    // "Restart": open the same on-disk PGlite data directory in this process (the child ran on the
    // embedded engine even in the PostgreSQL test run).
    const serverUrl = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    const db = await createTestDatabase({ dataDir: path.join(dataDir, "pglite") }).finally(() => {
      if (serverUrl !== undefined) process.env.TEST_DATABASE_URL = serverUrl;
    });
    try {
      const account = await db.prisma.account.findFirstOrThrow({ where: { rnc: RNC } });
      const record = await findVoid(account.id, "TesteCF", voidId);
      expect(record).toMatchObject({ voidId, status: "Error", errorCode: "NOT_CONFIRMED", totalVoided: 3 });
      const signed = await db.prisma.voidRecord.findFirstOrThrow({
        where: { id: voidId },
        select: { signedXml: true },
      });
      expect(signed.signedXml).toContain("<SecuenciaeNCFDesde>E310000000001</SecuenciaeNCFDesde>");
    } finally {
      await db.dispose();
    }
  }, 120_000);
});
