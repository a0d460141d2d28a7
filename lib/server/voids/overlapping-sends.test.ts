import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { createVoid } from "./create-void";
import { waitForInFlight } from "../platform/ops/in-flight";
import { resendVoid } from "./resend-void";

/**
 * No overlapping sends: the refusing checks and the write-ahead run under the lock of
 * each series+type, and a range overlapping an Error attempt whose send still holds a live lease is
 * refused with 409 VOID_IN_PROGRESS before anything is signed into a record or sent.
 */
let database: TestDatabase;
let simulator: SimulatorHandle;
let client: TaxAuthClient;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator));
  setTaxAuthClient(client);
  // The first answer comes after the deadline: the caller gets "still waiting", the lease stays.
  setEnvForTests({ VOID_DEADLINE_MS: "300", VOID_RATE_LIMIT_PER_MINUTE: "0" });
  account = await createTestAccount({ rnc: "130000072", certificate: true });
});
afterEach(async () => {
  await waitForInFlight(15_000);
  simulator.admin.clearFaults();
});
afterAll(async () => {
  setTaxAuthClient(undefined);
  await client?.close();
  await simulator?.close();
  await database?.dispose();
});

const sends = () => simulator.admin.callCounts().anularrango ?? 0;

function voidRanges(ranges: Array<[string, string]>) {
  return createVoid({
    accountId: account.auth.accountId,
    rnc: account.auth.rnc,
    environment: "TesteCF",
    body: { value: { ranges: ranges.map(([from, to]) => ({ secuenciaDesde: from, secuenciaHasta: to })) } },
    createdBy: "overlap test",
  });
}

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; extra?: Record<string, unknown> }> {
  try {
    await promise;
    return { code: "OK" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, extra: error.extra };
  }
}

describe("overlapping sends", () => {
  it("a range overlapping a send still waiting for DGII → 409 VOID_IN_PROGRESS naming it, nothing sent", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 2_000, count: 1 });
    const start = sends();
    const first = await voidRanges([["E310000000101", "E310000000110"]]);
    expect(first.attempt).toMatchObject({ status: "Error" }); // answered at the deadline, still sending
    const before = sends();

    const refused = await codeOf(
      voidRanges([
        ["E320000000001", "E320000000002"],
        ["E310000000105", "E310000000120"],
      ]),
    );
    expect(refused).toEqual({
      code: "VOID_IN_PROGRESS",
      extra: expect.objectContaining({ voidId: first.attempt.voidId, line: 2 }),
    });
    expect(sends()).toBe(before);
    expect(await database.prisma.voidRecord.count({ where: { accountId: account.auth.accountId } })).toBe(1);

    // Touching is not overlapping; another series+type is not either.
    const beside = await voidRanges([["E310000000111", "E310000000112"]]);

    // Once DGII's late answer has settled the first: the overlap is ALREADY_VOIDED, not in progress.
    await waitForInFlight(15_000);
    const settled = await database.prisma.voidRecord.findMany({
      where: { id: { in: [first.attempt.voidId, beside.attempt.voidId] } },
      select: { status: true },
    });
    expect(settled.map((record) => record.status)).toEqual(["Aceptado", "Aceptado"]);
    expect(sends() - start).toBe(2); // the first and the one beside it; the refused one never
    expect(await codeOf(voidRanges([["E310000000105", "E310000000120"]]))).toMatchObject({
      code: "ALREADY_VOIDED",
      extra: expect.objectContaining({ voidId: first.attempt.voidId }),
    });
  });

  it("two overlapping voids at once: one is sent, the other refused", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_000, count: 2 });
    const before = sends();
    const outcomes = await Promise.all([
      codeOf(voidRanges([["E310000000201", "E310000000220"]])),
      codeOf(voidRanges([["E310000000215", "E310000000230"]])),
      codeOf(voidRanges([["E310000000218", "E310000000219"]])),
    ]);
    expect(outcomes.map((outcome) => outcome.code).sort()).toEqual([
      "OK",
      "VOID_IN_PROGRESS",
      "VOID_IN_PROGRESS",
    ]);
    await waitForInFlight(15_000);
    expect(sends() - before).toBe(1);
  });

  it("a resend while another void of those numbers waits for DGII → 409 VOID_IN_PROGRESS, nothing sent", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 503, count: 1 });
    const failed = await voidRanges([["E310000000401", "E310000000410"]]);
    expect(failed.attempt).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 2_000, count: 1 });
    const waiting = await voidRanges([["E310000000405", "E310000000406"]]); // allowed: the first is over
    const before = sends();
    expect(
      await codeOf(
        resendVoid({
          accountId: account.auth.accountId,
          environment: "TesteCF",
          voidId: failed.attempt.voidId,
          requestedBy: "overlap test",
        }),
      ),
    ).toMatchObject({
      code: "VOID_IN_PROGRESS",
      extra: expect.objectContaining({ voidId: waiting.attempt.voidId }),
    });
    expect(sends()).toBe(before);
    // The refused resend took no lease: once the other send is over, it may go.
    await waitForInFlight(15_000);
    const record = await database.prisma.voidRecord.findUniqueOrThrow({
      where: { id: failed.attempt.voidId },
    });
    expect(record.leaseOwner).toBeNull();
  });

  it("an Error attempt whose send is over (no live lease) does not block: retry rule 2 only warns", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 503, count: 1 });
    const failed = await voidRanges([["E310000000301", "E310000000302"]]);
    expect(failed.attempt).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
    const retried = await voidRanges([["E310000000301", "E310000000302"]]);
    expect(retried.attempt.status).toBe("Aceptado");
  });
});
