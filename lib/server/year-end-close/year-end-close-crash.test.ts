import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { santoDomingoDate } from "@/lib/domain/fecha";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import {
  createTestDatabase,
  ensureTestSecrets,
  type TestDatabase,
} from "@/lib/server/platform/db/test-database";
import { seedPgliteDataDir } from "@/lib/server/platform/db/pglite-image";
import { TaxAuthClient, taxAuthConfigFromEnv } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { reopenChildDatabase } from "@/lib/server/testing/run-hanging-void-child";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

import { advanceYearEndCloses, getYearEndClose } from ".";
import { loadActiveUser } from "@/lib/server/auth/credentials";

const RNCS = ["131777001", "131777002"] as const;
const YEAR = Number(santoDomingoDate(Date.now()).slice(0, 4));
let simulator: SimulatorHandle;
let dataDir: string;
/**
 * PostgreSQL run (TEST_DATABASE_URL): the killed instance and the restarted one (this process) share
 * one throw-away schema, as two instances of a deployment share its server. Else the child's PGlite
 * under dataDir, reopened here after its death.
 */
let shared: { database: TestDatabase; url: string } | undefined;

beforeAll(async () => {
  ensureTestSecrets();
  simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
  for (const rnc of RNCS) {
    simulator.admin.authorizeRanges({
      environment: "TesteCF",
      rnc,
      ranges: [{ from: "E310000000001", to: "E310000000100" }],
    });
  }
  dataDir = mkdtempSync(path.join(tmpdir(), "anula-close-crash-"));
  if (process.env.TEST_DATABASE_URL?.trim()) {
    const database = await createTestDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.searchParams.set("schema", database.schema!);
    shared = { database, url: url.toString() };
  }
});

afterAll(async () => {
  await shared?.database.dispose();
  await simulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs close-crash-child.ts until its first void is written ahead, then kills it (SIGKILL). */
async function killedMidway(): Promise<{ voidId: string; closeId: string }> {
  if (!shared) await seedPgliteDataDir(path.join(dataDir, "pglite"));
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "testing", "close-crash-child.ts")],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: shared?.url ?? "",
        TEST_DATABASE_URL: "",
        TAXAUTH: "simulator",
        TAXAUTH_SIMULATOR_URL: simulator.url,
        VOID_DEADLINE_MS: "600000",
        VOID_RATE_LIMIT_PER_MINUTE: "0",
        LOG_LEVEL: "silent",
        CLOSE_YEAR: String(YEAR),
        CLOSE_RNCS: RNCS.join(","),
        VITEST: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  const exited = new Promise<string | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const written = await new Promise<{ voidId: string; closeId: string }>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /WRITTEN (\S+) (\S+)/.exec(output);
      if (match) resolve({ voidId: match[1]!, closeId: match[2]! });
    });
    void exited.then(() => reject(new Error(`child exited before writing: ${errors}`)));
  });
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  return written;
}

describe("a year-end close whose instance is killed mid-way", () => {
  it("goes on after the restart and sends no void twice", async () => {
    // The first company's void reaches the authority, which never answers; the instance dies.
    simulator.admin.injectFault({ service: "anularrango", mode: "hang", count: 1 });
    const { voidId, closeId } = await killedMidway();
    expect(simulator.admin.callCounts().anularrango).toBe(1);

    // Restart: this process opens the dead instance's database and runs the worker.
    const db = shared?.database ?? (await reopenChildDatabase(dataDir));
    expect(db.kind).toBe(process.env.TEST_DATABASE_URL?.trim() ? "postgres" : "pglite");
    try {
      setEnvForTests({ VOID_DEADLINE_MS: "10000", VOID_RATE_LIMIT_PER_MINUTE: "0" });
      setTaxAuthClient(new TaxAuthClient(taxAuthConfigFromEnv({} as NodeJS.ProcessEnv, simulator.url)));
      // Its lease dies with it (run out: as CLOSE_LEASE_MS later).
      await db.prisma.yearEndClose.updateMany({ data: { leaseUntil: 0n } });
      expect(await advanceYearEndCloses()).toEqual([closeId]);

      // One more void only (the second company's): the first one's is read, never sent again.
      expect(simulator.admin.callCounts().anularrango).toBe(2);
      const records = await db.prisma.voidRecord.findMany({ select: { id: true, status: true } });
      expect(records).toHaveLength(2);
      const close = await db.prisma.yearEndClose.findUniqueOrThrow({ where: { id: closeId } });
      const member = await db.prisma.organizationMember.findFirstOrThrow({
        where: { organizationId: close.organizationId, isAdmin: true },
      });
      const account = await db.prisma.account.findFirstOrThrow({ where: { rnc: RNCS[0] } });
      const auth = (await loadActiveUser(member.userId, account.id))!;
      const view = await getYearEndClose(auth, closeId);
      expect(view.status).toBe("done");
      expect(view.companies.map((company) => company.chunks[0]?.voidId)).toContain(voidId);
      // The hung void has no known answer: to settle; the other was accepted.
      expect(view.summary).toMatchObject({ accepted: 1, toSettle: 1, doneCompanies: 2 });
      // A second run sends nothing.
      await advanceYearEndCloses();
      expect(simulator.admin.callCounts().anularrango).toBe(2);
    } finally {
      if (!shared) await db.dispose();
    }
  }, 120_000);
});
