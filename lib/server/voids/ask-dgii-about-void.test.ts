import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { VoidDgiiQuestion } from "@/lib/domain/void-dgii-question";
import { isAppError } from "@/lib/errors";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { waitForInFlight } from "../platform/ops/in-flight";
import { askDgiiAboutVoid } from "./ask-dgii-about-void";
import { settleVoid } from "./settle-void";
import { findEvidence, findSettlementExtensions } from "./settlement-repository";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * "Consultar a la DGII" on a void in Error, against a real database and the DGII simulator over HTTP:
 * consultatrackids about the bounds of each range, the answers kept as one JSON evidence file, the
 * void left as it was; every refusal, and DGII failing (nothing stored).
 */

let app: VoidTestApp;
let owner: TestAccount;
let other: TestAccount;
let sequence = 700_000;

const e31 = (n: number) => `E31${String(n).padStart(10, "0")}`;

/** `count` ranges of 3 numbers, apart from every other test's. */
function freshRanges(count: number) {
  return Array.from({ length: count }, () => {
    sequence += 10;
    return { secuenciaDesde: e31(sequence + 1), secuenciaHasta: e31(sequence + 3) };
  });
}

/** A void that ends in Error: DGII answers 500 to its send (nothing voided at DGII). */
async function errorVoid(
  ranges: ReturnType<typeof freshRanges>,
  account = owner,
  environment: "TesteCF" | "CerteCF" = "TesteCF",
): Promise<string> {
  app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
  const response = await app.call("POST", `/${environment}/customer/void-ncf`, {
    token: account.idToken,
    body: { ranges },
  });
  expect(response.status).toBe(502);
  return response.body.voidId as string;
}

const ask = (voidId: string, account = owner, environment: "TesteCF" | "CerteCF" = "TesteCF") =>
  askDgiiAboutVoid({ accountId: account.auth.accountId, environment, voidId, by: "ana@empresa.do (portal)" });

const questions = () => app.simulator.admin.callCounts().consultatrackids;
const evidenceCount = (voidId: string) => app.db.prisma.voidEvidence.count({ where: { voidId } });
const record = (voidId: string) =>
  app.db.prisma.voidRecord.findUniqueOrThrow({
    where: { id: voidId },
    select: { status: true, settledAt: true, taxauthCode: true, errorCode: true, updateAt: true },
  });

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 1_500, responseTimeoutMs: 4_000 });
  owner = await createTestAccount({ certificate: true });
  other = await createTestAccount({ certificate: true });
}, 60_000);

afterAll(async () => {
  await waitForInFlight(5_000);
  await app?.close();
});

beforeEach(() => {
  app.simulator.admin.clearFaults();
});

describe("askDgiiAboutVoid: consultatrackids about a void in Error", () => {
  it("asks the first and last e-NCF of each range, keeps the answers as one JSON evidence file, changes nothing else", async () => {
    const ranges = freshRanges(2);
    const voidId = await errorVoid(ranges);
    // DGII lists a submission of the second range's last number (a resend of it, say).
    app.simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "t-ask-9",
      rnc: owner.auth.rnc,
      encf: ranges[1]!.secuenciaHasta,
      codigo: 2,
      secuenciaUtilizada: false,
    });
    const before = await record(voidId);
    const asked = questions();

    const { evidence, question } = await ask(voidId);

    expect(questions() - asked).toBe(4);
    expect(question).toMatchObject({
      service: "consultatrackids",
      voidId,
      environment: "TesteCF",
      rnc: owner.auth.rnc,
      askedBy: "ana@empresa.do (portal)",
      rangeCount: 2,
      rangesAsked: 2,
    });
    expect(question.caveat).toContain("no confirman la anulación por sí solas");
    expect(question.answers).toEqual([
      { encf: ranges[0]!.secuenciaDesde, bound: "first", ...ranges[0]!, trackIds: [] },
      { encf: ranges[0]!.secuenciaHasta, bound: "last", ...ranges[0]!, trackIds: [] },
      { encf: ranges[1]!.secuenciaDesde, bound: "first", ...ranges[1]!, trackIds: [] },
      {
        encf: ranges[1]!.secuenciaHasta,
        bound: "last",
        ...ranges[1]!,
        trackIds: [{ trackId: "t-ask-9", codigo: "2", estado: "Rechazado" }],
      },
    ]);

    // One file, stored as the answer says, downloadable like a settlement's evidence.
    expect(evidence).toMatchObject({ contentType: "application/json" });
    expect(evidence.fileName).toMatch(/^consulta-dgii-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json$/);
    expect(await evidenceCount(voidId)).toBe(1);
    const file = await findEvidence(owner.auth.accountId, voidId, evidence.id);
    expect(file).toMatchObject({ fileName: evidence.fileName, contentType: "application/json" });
    expect(file!.content.length).toBe(evidence.size);
    const stored = JSON.parse(Buffer.from(file!.content).toString("utf8")) as VoidDgiiQuestion;
    expect(stored).toEqual(question);

    // The void is as it was: still Error, unsettled, untouched.
    expect(await record(voidId)).toEqual(before);

    // Asked again: a second file beside the first (each press is its own evidence).
    await ask(voidId);
    expect(await evidenceCount(voidId)).toBe(2);

    // Settled by a person: the answers are among the settlement's evidence, citable.
    await settleVoid({
      accountId: owner.auth.accountId,
      environment: "TesteCF",
      voidId,
      outcome: "Rechazado",
      note: "La OFV no lo muestra; ver consulta-dgii adjunta.",
      userId: owner.auth.userId,
      by: "ana@empresa.do (portal)",
    });
    const settled = (await findSettlementExtensions(owner.auth.accountId, [voidId])).get(voidId);
    expect(settled?.settlement?.evidence).toEqual([
      evidence,
      expect.objectContaining({ contentType: "application/json" }),
    ]);
  });

  it("asks a range of one number once, and only the first 50 ranges of a longer void", async () => {
    const ranges = [
      ...freshRanges(1).map((range) => ({ ...range, secuenciaHasta: range.secuenciaDesde })),
      ...freshRanges(51),
    ];
    const voidId = await errorVoid(ranges);
    const asked = questions();
    const { question } = await ask(voidId);
    expect(question).toMatchObject({ rangeCount: 52, rangesAsked: 50 });
    expect(question.answers[0]).toMatchObject({ encf: ranges[0]!.secuenciaDesde, bound: "only" });
    expect(question.answers).toHaveLength(1 + 49 * 2);
    expect(question.answers.at(-1)).toMatchObject({ encf: ranges[49]!.secuenciaHasta, bound: "last" });
    expect(questions() - asked).toBe(99);
  });

  it("refuses a void DGII answered, or a person settled: nothing asked, nothing stored", async () => {
    const accepted = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: owner.idToken,
      body: { ranges: freshRanges(1) },
    });
    expect(accepted.body.status).toBe("Aceptado");
    const acceptedId = accepted.body.voidId as string;
    const settledId = await errorVoid(freshRanges(1));
    await settleVoid({
      accountId: owner.auth.accountId,
      environment: "TesteCF",
      voidId: settledId,
      outcome: "Aceptado",
      note: "Aparece en la OFV.",
      userId: owner.auth.userId,
      by: "ana@empresa.do (portal)",
    });
    const asked = questions();
    expect(await refusal(ask(acceptedId))).toMatchObject({ code: "VOID_NOT_UNKNOWN" });
    expect(await refusal(ask(settledId))).toMatchObject({ code: "VOID_ALREADY_SETTLED" });
    expect(questions()).toBe(asked);
    expect(await evidenceCount(acceptedId)).toBe(0);
    expect(await evidenceCount(settledId)).toBe(0);
  });

  it("refuses CerteCF, where DGII offers no consultatrackids, in words", async () => {
    const voidId = await errorVoid(freshRanges(1), owner, "CerteCF");
    const asked = questions();
    const refused = await refusal(ask(voidId, owner, "CerteCF"));
    expect(refused.code).toBe("DGII_QUERY_NOT_OFFERED");
    expect(refused.message).toContain("CerteCF");
    expect(questions()).toBe(asked);
    expect(await evidenceCount(voidId)).toBe(0);
  });

  it("refuses without an active certificate, in words", async () => {
    const company = await createTestAccount({ certificate: true });
    const voidId = await errorVoid(freshRanges(1), company);
    await app.db.prisma.companyCertificate.updateMany({
      where: { accountId: company.auth.accountId },
      data: { active: false },
    });
    const refused = await refusal(ask(voidId, company));
    expect(refused.code).toBe("CERTIFICATE_NOT_CONFIGURED");
    expect(refused.message).toContain("certificado");
    expect(await evidenceCount(voidId)).toBe(0);
  });

  it("DGII failing: its error in words, nothing stored, the void unchanged", async () => {
    const voidId = await errorVoid(freshRanges(2));
    const before = await record(voidId);
    app.simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500, count: 100 });
    const refused = await refusal(ask(voidId));
    expect(refused.code).toBe("TAXAUTH_STATUS_ERROR");
    expect(refused.message).toContain("DGII");
    expect(await evidenceCount(voidId)).toBe(0);
    expect(await record(voidId)).toEqual(before);
  });

  it("another company's void, or the void under another environment: not found", async () => {
    const voidId = await errorVoid(freshRanges(1));
    const asked = questions();
    expect(await refusal(ask(voidId, other))).toMatchObject({ code: "VOID_NOT_FOUND" });
    expect(await refusal(ask(voidId, owner, "CerteCF"))).toMatchObject({ code: "VOID_NOT_FOUND" });
    expect(questions()).toBe(asked);
    expect(await evidenceCount(voidId)).toBe(0);
  });
});
