import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { PARTIAL_SUCCESS_MESSAGE } from "@/lib/server/platform/taxauth/void-answer-table";
import { splitPartialSuccess } from "./partial-success";
import { voidContentOf } from "./prepare-void";
import { settleVoid } from "./settle-void";
import { findSettlementExtensions } from "./settlement-repository";
import type { VoidAttempt } from "./types";
import { completeVoid } from "./record-answer";
import { insertWriteAhead } from "./void-repository";

/**
 * DGII's answer to the first send arriving after a person settled the record: recorded as a
 * "late-answer" attempt beside the settlement, never over it; a disagreement flags needsReview.
 */

let database: TestDatabase;
let account: TestAccount;
let counter = 0;

async function settledRecord(
  outcome: "Aceptado" | "Rechazado",
  count = 1,
): Promise<{ record: VoidAttempt; content: ReturnType<typeof voidContentOf> }> {
  counter += 1;
  const voidId = `0190f300-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  const encf = (offset: number) => `E3100000${String(counter * 100 + offset).padStart(5, "0")}`;
  const plan = validateVoidRequest({
    ranges: [{ secuenciaDesde: encf(0), secuenciaHasta: encf(count - 1) }],
  });
  if (!plan.ok) throw new Error("invalid plan");
  const content = voidContentOf(plan.plan);
  const record = await insertWriteAhead({
    voidId,
    accountId: account.auth.accountId,
    rnc: account.auth.rnc,
    environment: "TesteCF",
    content,
    fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: Date.now(),
    // The instance that sent it stopped renewing (its lease is over): a person may settle it.
    lease: { owner: "gone", expiresAt: Date.now() - 1 },
  });
  await settleVoid({
    accountId: account.auth.accountId,
    environment: "TesteCF",
    voidId,
    outcome,
    note: "Visto en la OFV",
    userId: account.auth.userId,
    by: "ana (portal)",
  });
  return { record, content };
}

const stored = (voidId: string) =>
  database.prisma.voidRecord.findUniqueOrThrow({
    where: { id: voidId },
    select: {
      status: true,
      taxauthCode: true,
      taxauthName: true,
      settlementOutcome: true,
      needsReview: true,
    },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
});
afterAll(async () => database?.dispose());

describe("a late DGII answer after a manual settlement", () => {
  it("disagreeing (settled Rechazado, DGII says Aceptado): a late-answer attempt and needsReview, nothing overwritten", async () => {
    const { record, content } = await settledRecord("Rechazado");
    const answer = { status: "Aceptado" as const, codigo: "1", nombre: "Aceptado", mensajes: [] };
    const reported = await completeVoid(record, answer, content, Date.now());
    expect(reported.status).toBe("Rechazado");
    expect(await stored(record.voidId)).toEqual({
      status: "Rechazado",
      taxauthCode: null,
      taxauthName: null,
      settlementOutcome: "Rechazado",
      needsReview: true,
    });
    const extension = (await findSettlementExtensions(account.auth.accountId, [record.voidId])).get(
      record.voidId,
    )!;
    expect(extension.needsReview).toBe(true);
    expect(extension.attempts).toEqual([
      expect.objectContaining({
        attemptNumber: 2,
        kind: "late-answer",
        outcome: "Aceptado",
        taxauthCode: "1",
      }),
    ]);
    // A settled Rechazado wrote no ALREADY_VOIDED rows, and the late acceptance does not either.
    expect(await database.prisma.voidedBlock.count({ where: { voidId: record.voidId } })).toBe(0);
  });

  it("disagreeing the other way (settled Aceptado, DGII says Rechazado): flagged, still Aceptado", async () => {
    const { record, content } = await settledRecord("Aceptado");
    const answer = {
      status: "Rechazado" as const,
      codigo: "2",
      nombre: "Rechazado",
      mensajes: ["Las secuencias que está intentando anular han sido utilizadas"],
    };
    await completeVoid(record, answer, content, Date.now());
    expect(await stored(record.voidId)).toMatchObject({
      status: "Aceptado",
      taxauthCode: null,
      needsReview: true,
    });
    expect(await database.prisma.voidedBlock.count({ where: { voidId: record.voidId } })).toBe(1);
  });

  it("a partial success (Aceptado, some sequences NOT voided) after a settled Aceptado: flagged, the settlement kept", async () => {
    const { record, content } = await settledRecord("Aceptado", 3);
    // DGII voided the first two and excepted the third: "Aceptado" too, yet it disagrees.
    const third = { serie: "E", tipoeCF: "31", desde: counter * 100 + 2, hasta: counter * 100 + 2 };
    const partial = splitPartialSuccess(content.storedRanges, [third])!;
    expect(partial.totalExcepted).toBe(1);
    const answer = {
      status: "Aceptado" as const,
      codigo: "15",
      nombre: "Satisfactorio",
      mensajes: [PARTIAL_SUCCESS_MESSAGE, partial.excepted[0]!.secuenciaDesde],
      partial,
    };
    const reported = await completeVoid(record, answer, content, Date.now());
    expect(reported).toMatchObject({ status: "Aceptado", totalVoided: 3 });
    expect(reported).not.toHaveProperty("excepted");
    expect(await stored(record.voidId)).toEqual({
      status: "Aceptado",
      taxauthCode: null,
      taxauthName: null,
      settlementOutcome: "Aceptado",
      needsReview: true,
    });
    // Nothing written over the settlement: the record's ranges stay the settled ones until a person reviews.
    const row = await database.prisma.voidRecord.findUniqueOrThrow({
      where: { id: record.voidId },
      select: { ranges: true, excepted: true, totalVoided: true },
    });
    expect(row).toEqual({ ranges: content.storedRanges, excepted: null, totalVoided: 3n });
    const extension = (await findSettlementExtensions(account.auth.accountId, [record.voidId])).get(
      record.voidId,
    )!;
    expect(extension.attempts).toEqual([
      expect.objectContaining({
        kind: "late-answer",
        outcome: "Aceptado",
        taxauthCode: "15",
        taxauthResponse: answer.mensajes,
      }),
    ]);
  });

  it("agreeing: the attempt is recorded, no review", async () => {
    const { record, content } = await settledRecord("Aceptado");
    await completeVoid(
      record,
      { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] },
      content,
      Date.now(),
    );
    expect(await stored(record.voidId)).toMatchObject({ status: "Aceptado", needsReview: false });
    const extension = (await findSettlementExtensions(account.auth.accountId, [record.voidId])).get(
      record.voidId,
    )!;
    expect(extension.attempts).toEqual([
      expect.objectContaining({ kind: "late-answer", outcome: "Aceptado" }),
    ]);
    // A failure arriving late says nothing: not recorded.
    await completeVoid(
      record,
      { status: "Error", errorCode: "TAXAUTH_VOID_ERROR", errorMessage: "x" },
      content,
      Date.now(),
    );
    expect(
      (await findSettlementExtensions(account.auth.accountId, [record.voidId])).get(record.voidId)!.attempts,
    ).toHaveLength(1);
  });
});
