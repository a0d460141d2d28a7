import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { parseDgiiInstant } from "@/lib/domain/fecha";
import { AppError, isAppError } from "@/lib/errors";
import { importDocuments } from "@/lib/server/documents";
import { importEntry } from "@/lib/server/documents/test-support";
import { assertSequencesUnused, findGaps } from "@/lib/server/ledger";

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

  it("keeps what DGII received in the ledger: never proposed again, refused before a void, naming DGII", async () => {
    const company = await createTestAccount({ certificate: true });
    const { accountId, rnc } = company.auth;
    await importDocuments({
      accountId,
      rnc,
      environment: "TesteCF",
      body: { documents: [importEntry(encf(1)), importEntry(encf(10))], coveredUntil: Date.now() },
    });
    const gapsBefore = await findGaps({ accountId, environment: "TesteCF" });
    expect(gapsBefore.gaps.map((gap) => [gap.secuenciaDesde, gap.secuenciaHasta])).toEqual([
      [encf(2), encf(9)],
    ]);
    for (const [trackId, codigo, fechaRecepcion] of [
      ["t-5a", 2, "2026-11-02T09:00:00"],
      ["t-5b", 1, "2026-11-03T09:00:00"],
    ] as const) {
      simulator.admin.registerDocument({
        environment: "TesteCF",
        trackId,
        rnc,
        encf: encf(5),
        codigo,
        fechaRecepcion,
      });
    }
    const answer = await check([range(2, 9)], [encf(5)], undefined, company);
    expect(answer.numbers[0]).toMatchObject({ encf: encf(5), kind: "received" });

    const stored = await database.prisma.document.findFirstOrThrow({ where: { accountId, ncf: encf(5) } });
    expect(stored).toMatchObject({
      source: "dgii",
      status: "Aceptado",
      trackId: "t-5b",
      sequenceReusable: false,
    });
    expect(Number(stored.issuedAt)).toBe(parseDgiiInstant("2026-11-02T09:00:00"));
    const gapsAfter = await findGaps({ accountId, environment: "TesteCF" });
    expect(gapsAfter.gaps.map((gap) => [gap.secuenciaDesde, gap.secuenciaHasta])).toEqual([
      [encf(2), encf(4)],
      [encf(6), encf(9)],
    ]);
    const refused = await assertSequencesUnused(accountId, "TesteCF", [
      { serie: "E", tipoeCF: "31", desde: 4, hasta: 6 },
    ]).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("SEQUENCE_USED");
    expect((refused as AppError).message).toContain(`la DGII lo recibió: ${encf(5)}, Aceptado`);
    expect((refused as AppError).extra).toMatchObject({
      numbers: [encf(5)],
      sources: [{ encf: encf(5), source: "dgii", status: "Aceptado" }],
    });

    // Asked again later: the submissions it already holds are not added twice.
    clearTrackIdsCacheForTests();
    await check([], [encf(5)], undefined, company);
    const again = await database.prisma.document.findFirstOrThrow({ where: { accountId, ncf: encf(5) } });
    expect(again.taxauthResponse).toHaveLength(2);
  });
});
