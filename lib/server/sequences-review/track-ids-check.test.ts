import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";
import { TaxAuthClient } from "@/lib/server/taxauth";
import { setTaxAuthClient } from "@/lib/server/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/taxauth/test-support";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { checkRangesSent, clearTrackIdsCacheForTests, TRACKIDS_CACHE_MS } from "./track-ids-check";

let database: TestDatabase;
let simulator: SimulatorHandle;
let account: TestAccount;
let uncertified: TestAccount;

const encf = (n: number) => `E31${String(n).padStart(10, "0")}`;
const range = (from: number, to = from) => ({ secuenciaDesde: encf(from), secuenciaHasta: encf(to) });
const dgiiCalls = () => simulator.admin.callCounts().consultatrackids;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  setTaxAuthClient(new TaxAuthClient(configFor(simulator)));
  account = await createTestAccount({ certificate: true });
  uncertified = await createTestAccount();
});
afterAll(async () => {
  setTaxAuthClient(undefined);
  await simulator?.close();
  await database?.dispose();
});
beforeEach(() => {
  simulator.admin.reset();
  clearTrackIdsCacheForTests();
});

const check = (ranges: ReturnType<typeof range>[], numbers: string[] = [], now?: number, who = account) =>
  checkRangesSent({
    accountId: who.auth.accountId,
    rnc: who.auth.rnc,
    environment: "TesteCF",
    ranges,
    numbers,
    now,
  });

describe("checkRangesSent (consultatrackids through the simulator over HTTP)", () => {
  it("asks the edges of each range and the numbers typed, and reads DGII's answer per range", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "t-9",
      rnc: account.auth.rnc,
      encf: encf(9),
      codigo: 2,
      secuenciaUtilizada: false,
    });
    const answer = await check([range(3), range(5, 9)], [encf(42)]);
    expect(answer.ranges.map((r) => r.verdict)).toEqual(["never-received", "received"]);
    expect(answer.ranges[1]!.numbers).toEqual([
      { encf: encf(5), kind: "never-received" },
      { encf: encf(9), kind: "received", trackIds: [{ trackId: "t-9", codigo: "2", estado: "Rechazado" }] },
    ]);
    expect(answer.numbers).toEqual([{ encf: encf(42), kind: "never-received" }]);
    expect(answer.calls).toBe(4);
    expect(dgiiCalls()).toBe(4);
  });

  it("reuses an answer for 10 minutes per company, environment and e-NCF, then asks again", async () => {
    const now = Date.now();
    await check([range(3)], [], now);
    const again = await check([range(3)], [], now + TRACKIDS_CACHE_MS - 1);
    expect(again.calls).toBe(0);
    expect(dgiiCalls()).toBe(1);
    await checkRangesSent({
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "CerteCF",
      ranges: [range(3)],
      now,
    });
    expect(dgiiCalls()).toBe(2);
    expect((await check([range(3)], [], now + TRACKIDS_CACHE_MS)).calls).toBe(1);
    expect(dgiiCalls()).toBe(3);
  });

  it("makes at most 200 DGII calls per review; the ranges past it are marked not asked", async () => {
    const ranges = Array.from({ length: 120 }, (_, i) => range(i * 10 + 1, i * 10 + 4));
    const answer = await check(ranges, [encf(99_999)]);
    expect(answer.calls).toBe(200);
    expect(dgiiCalls()).toBe(200);
    expect(answer.ranges.filter((r) => r.verdict === "not-asked")).toHaveLength(20);
    expect(answer.numbers).toEqual([]);
  });

  it("answers 'unknown', never 'never received', when DGII fails or the company has no certificate", async () => {
    simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500 });
    const failed = await check([range(3)]);
    expect(failed.ranges[0]).toMatchObject({
      verdict: "unknown",
      numbers: [{ kind: "unknown", reason: "TAXAUTH_STATUS_ERROR" }],
    });
    // Not cached: the next review asks again.
    expect((await check([range(3)])).ranges[0]!.verdict).toBe("never-received");
    const none = await check([range(7)], [], undefined, uncertified);
    expect(none.ranges[0]).toMatchObject({
      verdict: "unknown",
      numbers: [{ kind: "unknown", reason: "CERTIFICATE_NOT_CONFIGURED" }],
    });
    expect(none.calls).toBe(0);
  });
});
