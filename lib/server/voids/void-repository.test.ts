import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { voidContentOf } from "./prepare-void";
import { completeVoid } from "./record-answer";
import { findAcceptedOverlap, findStoredRanges, findVoid, insertWriteAhead } from "./void-repository";
import type { VoidAttempt, VoidCompletion } from "./types";

let database: TestDatabase;
let account: TestAccount;
let counter = 0;

const twoSeries: VoidPlan = planOf([
  ["E310000000001", "E310000000005"],
  ["E320000000001", "E320000000002"],
]);

function planOf(ranges: Array<[string, string]>): VoidPlan {
  const result = validateVoidRequest({
    ranges: ranges.map(([secuenciaDesde, secuenciaHasta]) => ({ secuenciaDesde, secuenciaHasta })),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

async function writeAhead(plan: VoidPlan): Promise<VoidAttempt> {
  counter += 1;
  const voidId = `0190f100-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  return insertWriteAhead({
    voidId,
    accountId: account.auth.accountId,
    rnc: account.auth.rnc,
    environment: "TesteCF",
    content: voidContentOf(plan),
    fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: 1_700_000_000_000,
    lease: { owner: "test-instance", expiresAt: 1_700_000_030_000 },
  });
}

const accepted: VoidCompletion = { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] };
const rejected: VoidCompletion = {
  status: "Rechazado",
  codigo: "2",
  nombre: "Rechazado",
  mensajes: ["Motivo"],
};
const failed: VoidCompletion = {
  status: "Error",
  errorCode: "TAXAUTH_VOID_ERROR",
  errorMessage: "sin respuesta",
};

const blocksOf = (voidId: string) => database.prisma.voidedBlock.count({ where: { voidId } });

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
});

afterAll(async () => {
  await database?.dispose();
});

describe("completeVoid", () => {
  it("returns what it stored, and indexes an accepted void once per series and type", async () => {
    const record = await writeAhead(twoSeries);
    const done = await completeVoid(record, accepted, voidContentOf(twoSeries), 1_700_000_000_500);
    expect(done).toMatchObject({
      status: "Aceptado",
      taxauthCode: "1",
      errorCode: null,
      updateAt: 1_700_000_000_500,
    });
    expect(await findVoid(account.auth.accountId, "TesteCF", record.voidId)).toEqual({
      ...done,
      ranges: [
        { tipoeCF: "31", secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000005", cantidad: 5 },
        { tipoeCF: "32", secuenciaDesde: "E320000000001", secuenciaHasta: "E320000000002", cantidad: 2 },
      ],
    });
    expect(await blocksOf(record.voidId)).toBe(2);
  });

  it("never lets a later failure or answer overwrite a confirmed outcome, nor leaves index rows", async () => {
    const one = voidContentOf(planOf([["E330000000001", "E330000000001"]]));
    const acceptedRecord = await writeAhead(planOf([["E330000000001", "E330000000001"]]));
    await completeVoid(acceptedRecord, accepted, one, 1);
    const late = await completeVoid(acceptedRecord, failed, one, 2);
    expect(late).toMatchObject({ status: "Aceptado", updateAt: 1, errorCode: null });
    const again = await completeVoid(acceptedRecord, accepted, one, 3);
    expect(again.updateAt).toBe(1);
    expect(await blocksOf(acceptedRecord.voidId)).toBe(1);

    const plan = planOf([["E340000000001", "E340000000001"]]);
    const rejectedRecord = await writeAhead(plan);
    await completeVoid(rejectedRecord, rejected, voidContentOf(plan), 1);
    const flipped = await completeVoid(rejectedRecord, accepted, voidContentOf(plan), 2);
    expect(flipped).toMatchObject({ status: "Rechazado", taxauthResponse: ["Motivo"] });
    expect(await blocksOf(rejectedRecord.voidId)).toBe(0);
    expect(await findAcceptedOverlap(account.auth.accountId, "TesteCF", voidContentOf(plan))).toBeNull();
  });

  it("keeps an Error attempt open: the reason changes, and a late answer still settles it", async () => {
    const plan = planOf([["E410000000001", "E410000000003"]]);
    const record = await writeAhead(plan);
    const timedOut = await completeVoid(record, failed, voidContentOf(plan), 10);
    expect(timedOut).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR", updateAt: 10 });
    const settled = await completeVoid(timedOut, accepted, voidContentOf(plan), 20);
    expect(settled).toMatchObject({ status: "Aceptado", errorCode: null, errorMessage: null, updateAt: 20 });
    expect(await findAcceptedOverlap(account.auth.accountId, "TesteCF", voidContentOf(plan))).toMatchObject({
      voidId: record.voidId,
    });
  });

  it("indexes a void whose lines are out of order by its true lowest and highest numbers", async () => {
    const plan = planOf([
      ["E440000000100", "E440000000105"],
      ["E440000000001", "E440000000005"],
    ]);
    const record = await writeAhead(plan);
    await completeVoid(record, accepted, voidContentOf(plan), 1);
    const lower = voidContentOf(planOf([["E440000000003", "E440000000003"]]));
    expect(await findAcceptedOverlap(account.auth.accountId, "TesteCF", lower)).toMatchObject({
      voidId: record.voidId,
      desde: 1,
      hasta: 5,
    });
    const between = voidContentOf(planOf([["E440000000050", "E440000000060"]]));
    expect(await findAcceptedOverlap(account.auth.accountId, "TesteCF", between)).toBeNull();
  });

  it("reads stored ranges by voidId only within the account", async () => {
    const plan = planOf([["E450000000001", "E450000000002"]]);
    const record = await writeAhead(plan);
    expect([...(await findStoredRanges(account.auth.accountId, [record.voidId])).keys()]).toEqual([
      record.voidId,
    ]);
    const other = await createTestAccount();
    expect((await findStoredRanges(other.auth.accountId, [record.voidId])).size).toBe(0);
  });

  it("trusts index rows only of records that are Aceptado", async () => {
    const plan = planOf([["E430000000001", "E430000000001"]]);
    const record = await writeAhead(plan);
    await database.prisma.voidedBlock.create({
      data: {
        accountId: account.auth.accountId,
        environment: "TesteCF",
        voidId: record.voidId,
        serie: "E",
        tipoeCF: "43",
        minDesde: 1n,
        maxHasta: 1n,
      },
    });
    expect(await findAcceptedOverlap(account.auth.accountId, "TesteCF", voidContentOf(plan))).toBeNull();
  });
});
