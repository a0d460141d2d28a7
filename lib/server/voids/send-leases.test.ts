import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { startHangingVoidChild } from "@/lib/server/testing/run-hanging-void-child";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
import { trackInFlight } from "../platform/ops/in-flight";
import { voidContentOf } from "./prepare-void";
import { instanceId, interruptAbandonedSends, renewLeases, sweepExpiredLeases } from "./send-leases";
import { completeVoid } from "./record-answer";
import { insertWriteAhead } from "./void-repository";
import { STORED_VOID_MESSAGES, type VoidAttempt } from "./types";

let database: TestDatabase;
let account: TestAccount;
let counter = 0;
const NOW = 1_800_000_000_000;

function planOf(desde: string, hasta: string): VoidPlan {
  const result = validateVoidRequest({ ranges: [{ secuenciaDesde: desde, secuenciaHasta: hasta }] });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

async function writeAhead(lease: { owner: string; expiresAt: number }): Promise<VoidAttempt> {
  counter += 1;
  const voidId = `0190f200-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  return insertWriteAhead({
    voidId,
    accountId: account.auth.accountId,
    rnc: account.auth.rnc,
    environment: "TesteCF",
    content: voidContentOf(
      planOf(`E3100000${String(counter).padStart(5, "0")}`, `E3100000${String(counter).padStart(5, "0")}`),
    ),
    fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: NOW,
    lease,
  });
}

const leaseOf = (voidId: string) =>
  database.prisma.voidRecord.findUniqueOrThrow({
    where: { id: voidId },
    select: { status: true, errorCode: true, errorMessage: true, leaseOwner: true, leaseExpiresAt: true },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
});
afterAll(async () => database?.dispose());

describe("send leases", () => {
  it("the write-ahead holds a lease; 'still waiting' keeps it; the send's outcome releases it", async () => {
    const record = await writeAhead({ owner: "instance-a", expiresAt: NOW + 30_000 });
    expect(await leaseOf(record.voidId)).toMatchObject({
      errorCode: "NOT_CONFIRMED",
      leaseOwner: "instance-a",
    });
    const content = voidContentOf(planOf("E310000099001", "E310000099001"));
    await completeVoid(
      record,
      {
        status: "Error",
        errorCode: "TAXAUTH_VOID_ERROR",
        errorMessage: STORED_VOID_MESSAGES.stillWaiting(25_000),
        stillWaiting: true,
      },
      content,
      NOW + 1,
    );
    expect(await leaseOf(record.voidId)).toMatchObject({
      leaseOwner: "instance-a",
      leaseExpiresAt: BigInt(NOW + 30_000),
    });
    await completeVoid(
      record,
      { status: "Error", errorCode: "TAXAUTH_VOID_ERROR", errorMessage: "HTTP 503" },
      content,
      NOW + 2,
    );
    expect(await leaseOf(record.voidId)).toMatchObject({
      errorMessage: "HTTP 503",
      leaseOwner: null,
      leaseExpiresAt: null,
    });

    const accepted = await writeAhead({ owner: "instance-a", expiresAt: NOW + 30_000 });
    await completeVoid(
      accepted,
      { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] },
      content,
      NOW + 3,
    );
    expect(await leaseOf(accepted.voidId)).toMatchObject({
      status: "Aceptado",
      leaseOwner: null,
      leaseExpiresAt: null,
    });
  });

  it("'still waiting' written after the send's own failure does not replace it", async () => {
    const record = await writeAhead({ owner: "instance-a", expiresAt: NOW + 30_000 });
    const content = voidContentOf(planOf("E310000099002", "E310000099002"));
    await completeVoid(
      record,
      { status: "Error", errorCode: "TAXAUTH_VOID_ERROR", errorMessage: "HTTP 500" },
      content,
      NOW + 1,
    );
    const late = await completeVoid(
      record,
      {
        status: "Error",
        errorCode: "TAXAUTH_VOID_ERROR",
        errorMessage: STORED_VOID_MESSAGES.stillWaiting(1),
        stillWaiting: true,
      },
      content,
      NOW + 2,
    );
    expect(late).toMatchObject({ errorMessage: "HTTP 500", updateAt: NOW + 1 });
  });

  it("the sweep marks INTERRUPTED only Error records whose lease ran out, once", async () => {
    const expired = await writeAhead({ owner: "dead-instance", expiresAt: NOW + 1_000 });
    const live = await writeAhead({ owner: "live-instance", expiresAt: NOW + 60_000 });
    const settled = await writeAhead({ owner: "dead-instance", expiresAt: NOW + 1_000 });
    const content = voidContentOf(planOf("E310000099003", "E310000099003"));
    await completeVoid(
      settled,
      { status: "Rechazado", codigo: "2", nombre: "Rechazado", mensajes: ["x"] },
      content,
      NOW,
    );

    const swept = await sweepExpiredLeases(NOW + 5_000);
    expect(swept.map((row) => row.voidId)).toEqual([expired.voidId]);
    expect(swept[0]).toMatchObject({
      accountId: account.auth.accountId,
      customerId: account.auth.rnc,
      environment: "TesteCF",
    });
    expect(await leaseOf(expired.voidId)).toEqual({
      status: "Error",
      errorCode: "INTERRUPTED",
      errorMessage: STORED_VOID_MESSAGES.interrupted,
      leaseOwner: null,
      leaseExpiresAt: null,
    });
    expect(await leaseOf(live.voidId)).toMatchObject({
      errorCode: "NOT_CONFIRMED",
      leaseOwner: "live-instance",
    });
    expect(await leaseOf(settled.voidId)).toMatchObject({ status: "Rechazado", errorCode: null });
    expect(await sweepExpiredLeases(NOW + 5_000)).toEqual([]);
    // A late answer still settles an interrupted record: INTERRUPTED says no answer is expected, not that none may come.
    const moved = await completeVoid(
      expired,
      { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] },
      content,
      NOW + 6_000,
    );
    expect(moved).toMatchObject({ status: "Aceptado", errorCode: null });
  });

  it("renews only this instance's sends still in flight, and shutdown marks its abandoned ones", async () => {
    const mine = await writeAhead({ owner: instanceId(), expiresAt: NOW + 1_000 });
    const other = await writeAhead({ owner: "other-instance", expiresAt: NOW + 1_000 });
    let finish!: () => void;
    void trackInFlight(new Promise<void>((resolve) => (finish = resolve)), mine.voidId);
    void trackInFlight(new Promise<void>(() => {}), other.voidId); // not ours: its owner renews it

    expect(await renewLeases(NOW + 10_000)).toBe(1);
    expect((await leaseOf(mine.voidId)).leaseExpiresAt).toBeGreaterThan(BigInt(NOW + 10_000));
    expect((await leaseOf(other.voidId)).leaseExpiresAt).toBe(BigInt(NOW + 1_000));

    expect(await interruptAbandonedSends(NOW + 11_000)).toBe(1);
    expect(await leaseOf(mine.voidId)).toMatchObject({ errorCode: "INTERRUPTED", leaseOwner: null });
    expect(await leaseOf(other.voidId)).toMatchObject({
      errorCode: "NOT_CONFIRMED",
      leaseOwner: "other-instance",
    });
    finish();
  });
});

/**
 * Two instances of one deployment on PostgreSQL, each waiting on DGII for its own void: one is
 * killed. The survivor's sweep marks the dead one's record INTERRUPTED and never its own.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("two instances on PostgreSQL, one killed mid-send", () => {
  let simulator: SimulatorHandle;
  let dataDir: string;

  beforeAll(async () => {
    simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
    simulator.admin.injectFault({ service: "anularrango", mode: "hang", count: 10 });
    dataDir = mkdtempSync(path.join(tmpdir(), "anula-leases-"));
  });
  afterAll(async () => {
    await simulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("marks the dead instance's send INTERRUPTED within a lease, and the living one's never", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("schema", database.schema!);
    const instance = (rnc: string) =>
      startHangingVoidChild({
        dataDir: path.join(dataDir, rnc),
        rnc,
        simulatorUrl: simulator.url,
        startRuntime: true,
        env: {
          DATABASE_URL: url.toString(),
          DEMO_USERNAME: `demo-${rnc}@anula.local`,
          VOID_SEND_LEASE_MS: "1500",
          SHUTDOWN_DRAIN_DELAY_MS: "0",
          LOG_LEVEL: "silent",
        },
      });
    // The database is not empty, so no demo account is seeded: the instances' accounts exist first.
    await createTestAccount({ rnc: "131888001", certificate: true });
    await createTestAccount({ rnc: "131888002", certificate: true });
    const doomed = await instance("131888001");
    const survivor = await instance("131888002");
    try {
      doomed.kill("SIGKILL");
      await doomed.exited;
      let state = await leaseOf(doomed.voidId);
      for (let waited = 0; state.errorCode !== "INTERRUPTED" && waited < 15_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await leaseOf(doomed.voidId);
      }
      expect(state).toMatchObject({ status: "Error", errorCode: "INTERRUPTED", leaseOwner: null });
      // Several lease periods later the survivor's send is still its own, renewed, NOT_CONFIRMED.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const alive = await leaseOf(survivor.voidId);
      expect(alive).toMatchObject({ status: "Error", errorCode: "NOT_CONFIRMED" });
      expect(alive.leaseOwner).toBeTruthy();
      expect(Number(alive.leaseExpiresAt)).toBeGreaterThan(Date.now());
    } finally {
      survivor.kill("SIGKILL");
      await survivor.exited;
    }
  }, 120_000);
});
