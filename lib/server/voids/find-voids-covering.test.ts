import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { lookupDocuments } from "@/lib/portal/document-lookup";
import { findVoidsCovering } from "./find-voids-covering";
import { splitPartialSuccess } from "./partial-success";
import { voidContentOf } from "./prepare-void";
import { storedRanges } from "../platform/db/stored-ranges";
import type { VoidCompletion } from "./types";
import { completeVoid } from "./record-answer";
import { insertWriteAhead } from "./void-repository";

let database: TestDatabase;
let account: TestAccount;
let other: TestAccount;
let counter = 0;

function planOf(ranges: Array<[string, string]>): VoidPlan {
  const result = validateVoidRequest({
    ranges: ranges.map(([secuenciaDesde, secuenciaHasta]) => ({ secuenciaDesde, secuenciaHasta })),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

async function attempt(owner: TestAccount, ranges: Array<[string, string]>, completion?: VoidCompletion) {
  counter += 1;
  const voidId = `0190f200-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  const plan = planOf(ranges);
  const record = await insertWriteAhead({
    voidId,
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment: "TesteCF",
    content: voidContentOf(plan),
    fileName: `${owner.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: 1_700_000_000_000 + counter,
    lease: { owner: "test-instance", expiresAt: 1 },
  });
  if (completion) await completeVoid(record, completion, voidContentOf(plan), 1_700_000_000_000 + counter);
  return voidId;
}

const accepted: VoidCompletion = { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] };
const rejected: VoidCompletion = { status: "Rechazado", codigo: "2", nombre: "Rechazado", mensajes: ["x"] };

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
  other = await createTestAccount();
});

afterAll(async () => {
  await database?.dispose();
});

describe("findVoidsCovering", () => {
  it("finds every attempt of any status whose range holds the number, newest first, and only those", async () => {
    const acceptedId = await attempt(
      account,
      [
        ["E310000000001", "E310000000010"],
        ["E310000000050", "E310000000060"],
      ],
      accepted,
    );
    const rejectedId = await attempt(account, [["E310000000055", "E310000000055"]], rejected);
    const errorId = await attempt(account, [["E310000000040", "E310000000070"]]);
    // Same numbers, another type, another company: never answers.
    await attempt(account, [["E320000000055", "E320000000055"]], accepted);
    await attempt(other, [["E310000000055", "E310000000055"]], accepted);

    const hit = await findVoidsCovering(account.auth.accountId, "TesteCF", "e310000000055");
    expect(hit.encf).toBe("E310000000055");
    expect(hit.truncated).toBe(false);
    expect(hit.voids.map((v) => [v.voidId, v.status, v.secuenciaDesde, v.secuenciaHasta])).toEqual([
      [errorId, "Error", "E310000000040", "E310000000070"],
      [rejectedId, "Rechazado", "E310000000055", "E310000000055"],
      [acceptedId, "Aceptado", "E310000000050", "E310000000060"],
    ]);
    // Inside the accepted void's bounding box (1–60) but in no range of it.
    const gap = await findVoidsCovering(account.auth.accountId, "TesteCF", "E310000000030");
    expect(gap.voids).toEqual([]);
    expect((await findVoidsCovering(account.auth.accountId, "CerteCF", "E310000000055")).voids).toEqual([]);
  });

  it("a partial success: an excepted number is found with excepted: true, and the document lookup does not call it voided", async () => {
    const sent: Array<[string, string]> = [["E310000000200", "E310000000205"]];
    const content = voidContentOf(planOf(sent));
    // DGII voided 200, 201, 203 and 204; it excepted 202 (inside the voided span) and 205 (past it).
    const partial = splitPartialSuccess(content.storedRanges, [
      { serie: "E", tipoeCF: "31", desde: 202, hasta: 202 },
      { serie: "E", tipoeCF: "31", desde: 205, hasta: 205 },
    ])!;
    const partialId = await attempt(account, sent, {
      ...accepted,
      codigo: "15",
      nombre: "Satisfactorio",
      partial,
    });

    for (const [encf, desde, hasta, excepted] of [
      ["E310000000201", "E310000000200", "E310000000201", false],
      ["E310000000202", "E310000000202", "E310000000202", true],
      ["E310000000204", "E310000000203", "E310000000204", false],
      ["E310000000205", "E310000000205", "E310000000205", true],
    ] as const) {
      const hit = await findVoidsCovering(account.auth.accountId, "TesteCF", encf);
      expect(
        hit.voids.map((v) => [v.voidId, v.status, v.secuenciaDesde, v.secuenciaHasta, v.excepted]),
        encf,
      ).toEqual([[partialId, "Aceptado", desde, hasta, excepted]]);
    }

    const [voided, inside, past] = await lookupDocuments(
      account.auth.accountId,
      "TesteCF",
      ["E310000000201", "E310000000202", "E310000000205"],
      "es",
    );
    expect(voided).toMatchObject({ kind: "not-found", voided: { href: `/voids/${partialId}?env=TesteCF` } });
    expect(voided!.kind === "not-found" && voided!.voided?.text).toContain("dentro de un rango anulado");
    for (const result of [inside, past]) {
      expect(result).toMatchObject({
        kind: "not-found",
        voided: { href: `/voids/${partialId}?env=TesteCF` },
      });
      const text = result!.kind === "not-found" ? result!.voided!.text : "";
      expect(text, result!.ecf).not.toContain("rango anulado");
      expect(text, result!.ecf).toContain("no lo anuló");
    }
    const [english] = await lookupDocuments(account.auth.accountId, "TesteCF", ["E310000000205"], "en");
    const englishText = english!.kind === "not-found" ? english!.voided!.text : "";
    expect(englishText).not.toContain("voided range");
    expect(englishText).toContain("did not void it");
  });

  it("refuses a malformed e-NCF with the domain's code", async () => {
    await expect(findVoidsCovering(account.auth.accountId, "TesteCF", "E3100000")).rejects.toMatchObject({
      code: "INVALID_ENCF_LENGTH",
    });
    await expect(findVoidsCovering(account.auth.accountId, "TesteCF", "E350000000001")).rejects.toMatchObject(
      {
        code: "INVALID_TIPO_ECF",
      },
    );
    await expect(findVoidsCovering(account.auth.accountId, "TesteCF", "E31000000000X")).rejects.toMatchObject(
      {
        code: "INVALID_ENCF_FORMAT",
      },
    );
  });

  // MEASURE=1 npx vitest run lib/server/voids/find-voids-covering.test.ts
  it.skipIf(!process.env.MEASURE)("at 100,000 records stays bounded", { timeout: 600_000 }, async () => {
    const big = await createTestAccount();
    const json = (n: number) =>
      storedRanges([
        {
          tipoeCF: "31",
          secuenciaDesde: `E31${String(n * 10 + 1).padStart(10, "0")}`,
          secuenciaHasta: `E31${String(n * 10 + 5).padStart(10, "0")}`,
          cantidad: 5,
        },
      ]);
    // 90,000 accepted (one index row each), 5,000 Rechazado of type 31, 5,000 Error of type 32.
    const t0 = performance.now();
    for (let start = 0; start < 100_000; start += 5_000) {
      const rows = Array.from({ length: 5_000 }, (_, i) => start + i);
      const status = (n: number) => (n < 90_000 ? "Aceptado" : n < 95_000 ? "Rechazado" : "Error");
      await database.prisma.voidRecord.createMany({
        data: rows.map((n) => ({
          id: `0190f300-0000-7000-8000-${String(n).padStart(12, "0")}`,
          accountId: big.auth.accountId,
          customerId: big.auth.rnc,
          environment: "TesteCF" as const,
          status: status(n) as "Aceptado",
          fechaHoraAnulacion: "01-01-2026 00:00:00",
          totalVoided: 5n,
          ranges: n >= 95_000 ? json(n).replaceAll("31", "32") : json(n),
          rangeCount: 1,
          fileName: "x.xml",
          signedXmlGzip: "",
          createdAt: BigInt(1_700_000_000_000 + n),
          updateAt: BigInt(1_700_000_000_000 + n),
        })),
      });
      await database.prisma.voidedBlock.createMany({
        data: rows
          .filter((n) => n < 90_000)
          .map((n) => ({
            accountId: big.auth.accountId,
            environment: "TesteCF" as const,
            voidId: `0190f300-0000-7000-8000-${String(n).padStart(12, "0")}`,
            serie: "E",
            tipoeCF: "31",
            minDesde: BigInt(n * 10 + 1),
            maxHasta: BigInt(n * 10 + 5),
          })),
      });
    }
    const seeded = performance.now() - t0;
    const times: Record<string, number> = {};
    for (const [name, encf] of [
      ["low accepted", "E310000000003"],
      ["high accepted", "E310000899993"],
      ["recent rejected", "E310000945003"],
      ["old rejected (beyond the bound)", "E310000900003"],
      ["none", "E330000000003"],
    ] as const) {
      const start = performance.now();
      const answer = await findVoidsCovering(big.auth.accountId, "TesteCF", encf);
      times[name] = Math.round(performance.now() - start);
      expect(answer.voids.length).toBe(name === "none" || name.startsWith("old") ? 0 : 1);
      // 5,000 Rechazado attempts of type 31: only the newest 1,000 are read, and the answer says so.
      expect(answer.truncated).toBe(name !== "none");
    }
    console.log(`seeded 100,000 in ${Math.round(seeded)} ms; search ms:`, times);
  });
});
