import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { findErrorOverlaps } from "./find-error-overlaps";
import { voidContentOf } from "./prepare-void";
import { completeVoid } from "./record-answer";
import { insertWriteAhead } from "./void-repository";

let database: TestDatabase;
let account: TestAccount;
let other: TestAccount;
let counter = 0;

function plan(ranges: Array<[string, string]>): VoidPlan {
  const result = validateVoidRequest({
    ranges: ranges.map(([secuenciaDesde, secuenciaHasta]) => ({ secuenciaDesde, secuenciaHasta })),
    fechaHoraAnulacion: "22-11-2026 08:30:00",
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

async function storeAttempt(
  owner: TestAccount,
  ranges: Array<[string, string]>,
  finalStatus: "Error" | "Aceptado" | "Rechazado",
  environment: "TesteCF" | "CerteCF" = "TesteCF",
): Promise<string> {
  counter += 1;
  const voidId = `0190f000-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  const attemptPlan = plan(ranges);
  const record = await insertWriteAhead({
    voidId,
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment,
    content: voidContentOf(attemptPlan),
    fileName: `${owner.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: 1_700_000_000_000 + counter,
    lease: { owner: "test-instance", expiresAt: 1_700_000_030_000 + counter },
  });
  if (finalStatus !== "Error") {
    await completeVoid(
      record,
      {
        status: finalStatus,
        codigo: finalStatus === "Aceptado" ? "1" : "2",
        nombre: finalStatus,
        mensajes: [],
      },
      voidContentOf(attemptPlan),
      Date.now(),
    );
  }
  return voidId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
  other = await createTestAccount();
});

afterAll(async () => {
  await database?.dispose();
});

describe("findErrorOverlaps", () => {
  it("finds Error attempts sharing sequences, names the request line, newest first", async () => {
    const older = await storeAttempt(account, [["E310000000100", "E310000000199"]], "Error");
    const newer = await storeAttempt(
      account,
      [
        ["E320000000001", "E320000000001"],
        ["E310000000150", "E310000000160"],
      ],
      "Error",
    );
    const request = voidContentOf(
      plan([
        ["E330000000001", "E330000000009"],
        ["E310000000190", "E310000000250"],
        ["E310000000155", "E310000000155"],
      ]),
    );
    const found = await findErrorOverlaps(account.auth.accountId, "TesteCF", request);
    expect(found.map((hit) => [hit.voidId, hit.line])).toEqual([
      [newer, 3],
      [older, 2],
    ]);
    expect(found[0]!.fechaHoraAnulacion).toBe("22-11-2026 08:30:00");
  });

  it("ignores touching ranges, other series, types, environments, accounts and final statuses", async () => {
    await storeAttempt(account, [["E340000000010", "E340000000020"]], "Error");
    await storeAttempt(account, [["E340000000030", "E340000000040"]], "Aceptado");
    await storeAttempt(account, [["E340000000050", "E340000000060"]], "Rechazado");
    await storeAttempt(account, [["E340000000070", "E340000000080"]], "Error", "CerteCF");
    await storeAttempt(other, [["E340000000090", "E340000000099"]], "Error");
    const request = voidContentOf(
      plan([
        ["E340000000001", "E340000000009"], // touches 10 without overlapping
        ["E340000000021", "E340000000029"], // touches 20
        ["F340000000010", "F340000000020"], // other series
        ["E410000000010", "E410000000020"], // other type
        ["E340000000030", "E340000000099"], // only Aceptado/Rechazado/CerteCF/other account here
      ]),
    );
    expect(await findErrorOverlaps(account.auth.accountId, "TesteCF", request)).toEqual([]);
  });

  it("detects a request range that swallows a stored one and one reaching into it", async () => {
    const stored = await storeAttempt(account, [["E450000005000", "E450000005000"]], "Error");
    const inside = voidContentOf(plan([["E450000004000", "E450000006000"]]));
    expect((await findErrorOverlaps(account.auth.accountId, "TesteCF", inside))[0]?.voidId).toBe(stored);
    const many = voidContentOf(
      plan(
        Array.from({ length: 2000 }, (_, i): [string, string] => {
          const start = String(i * 2 + 1).padStart(10, "0");
          return [`E45${start}`, `E45${start}`];
        }),
      ),
    );
    // 4999 is odd → line 2500 would be past the 2000 lines; 3999 (line 2000) does not reach 5000.
    expect(await findErrorOverlaps(account.auth.accountId, "TesteCF", many)).toEqual([]);
    const reaching = voidContentOf(
      plan([
        ["E450000000001", "E450000000002"],
        ["E450000004990", "E450000005001"],
      ]),
    );
    const hits = await findErrorOverlaps(account.auth.accountId, "TesteCF", reaching);
    expect(hits.map((hit) => hit.line)).toEqual([2]);
  });
});
