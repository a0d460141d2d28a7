import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as importRoute from "@/app/[environment]/documentos-ecf/import/route";
import * as remedyRoute from "@/app/[environment]/secuencias/[encf]/remedio/route";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { remedySchema } from "@/lib/schemas/remedy";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { addPerson, createCompany } from "@/lib/server/approvals/testing/approvals-test-app";
import { getDb } from "@/lib/server/platform/db";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

/**
 * GET …/secuencias/{encf}/remedio over real HTTP on PGlite, with DGII the simulator: each kind of
 * answer from what the ledger holds and what DGII lists, and the checks that could not be made.
 */
let app: VoidTestApp;
let account: TestAccount;
let other: TestAccount;
let trackCounter = 0;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const e = (tipo: string, n: number) => `E${tipo}${String(n).padStart(10, "0")}`;
const dmy = (epochMs: number) => santoDomingoDate(epochMs).split("-").reverse().join("-");

async function remedy(encf: string, options: { env?: string; owner?: TestAccount } = {}) {
  const owner = options.owner ?? account;
  const answer = await app.call("GET", `/${options.env ?? "TesteCF"}/secuencias/${encf}/remedio`, {
    token: owner.idToken,
  });
  if (answer.status === 200) expect(remedySchema.safeParse(answer.body).error?.issues ?? []).toEqual([]);
  return answer;
}

async function importDocuments(documents: Array<Record<string, unknown>>, coveredUntil?: number) {
  const answer = await app.call("POST", "/TesteCF/documentos-ecf/import", {
    token: account.idToken,
    headers: { "x-api-key": account.apiKey! },
    body: { documents, ...(coveredUntil === undefined ? {} : { coveredUntil }) },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.invalid ?? 0).toBe(0);
}

/** DGII received `encf` from the account once, with this codigo (1 Aceptado, 2 Rechazado, 3 En Proceso). */
function receivedAtDgii(encf: string, codigo: 1 | 2 | 3 | 4, secuenciaUtilizada?: boolean) {
  trackCounter += 1;
  app.simulator.admin.registerDocument({
    environment: "TesteCF",
    trackId: `00000000-0000-4000-9100-${String(trackCounter).padStart(12, "0")}`,
    rnc: account.auth.rnc,
    encf,
    codigo,
    fechaRecepcion: "11/3/2025 8:10:37 PM",
    ...(secuenciaUtilizada === undefined ? {} : { secuenciaUtilizada }),
  });
}

/** A document as issuing stores it (the issue flow itself is issue-endpoint.test.ts's). */
async function storeIssued(
  ncf: string,
  fields: {
    status: string;
    invoiceTotal?: string;
    signedXml?: string;
    ncfModificado?: string;
    followUpAt?: bigint;
  },
) {
  const now = BigInt(Date.now());
  const db = await getDb();
  await db.document.create({
    data: {
      accountId: account.auth.accountId,
      environment: "TesteCF",
      customerId: account.auth.rnc,
      ncf,
      serie: ncf[0]!,
      tipoeCF: ncf.slice(1, 3),
      secuencia: BigInt(ncf.slice(3)),
      source: "issued",
      createdAt: now,
      updateAt: now,
      ...fields,
    },
  });
}

const checkOf = (body: Record<string, unknown>, name: string) =>
  (body.checks as Array<{ check: string }>).find((check) => check.check === name);

beforeAll(async () => {
  app = await startVoidTestApp({
    deadlineMs: 5_000,
    responseTimeoutMs: 5_000,
    routes: [
      { pattern: "/[environment]/documentos-ecf/import", module: importRoute },
      { pattern: "/[environment]/secuencias/[encf]/remedio", module: remedyRoute },
    ],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
  other = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());
beforeEach(() => app.simulator.admin.clearFaults());

describe("GET …/secuencias/{encf}/remedio", () => {
  it("an invalid e-NCF → 400 INVALID_ECF naming the problem; nothing asked at DGII", async () => {
    const before = app.simulator.admin.callCounts().consultatrackids ?? 0;
    for (const bad of ["E3100", "P310000000001", "E990000000001", "E310000000000"]) {
      const answer = await remedy(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toMatchObject({ code: "INVALID_ECF" });
    }
    expect(app.simulator.admin.callCounts().consultatrackids ?? 0).toBe(before);
  });

  it("a free number past the quiet period, under the coverage mark, absent at DGII → void", async () => {
    const now = Date.now();
    await importDocuments(
      [
        { ncf: e("33", 40), status: "Aceptado", createdAt: now - 10 * DAY },
        { ncf: e("33", 100), status: "Aceptado", createdAt: now - 9 * DAY },
        { ncf: e("33", 200), status: "Aceptado", createdAt: now - HOUR },
      ],
      now - 30 * 60_000,
    );
    const answer = await remedy(e("33", 50));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: "void", proven: "salto", encf: e("33", 50) });
    expect(checkOf(answer.body, "dgii")).toMatchObject({ result: "absent", at: expect.any(Number) });
    expect(checkOf(answer.body, "coverage-mark")).toMatchObject({ result: "passed" });
    // Asked again: DGII is asked again (an absence is never taken from memory for a void).
    const calls = app.simulator.admin.callCounts().consultatrackids ?? 0;
    expect((await remedy(e("33", 50))).body).toMatchObject({ kind: "void" });
    expect(app.simulator.admin.callCounts().consultatrackids).toBe(calls + 1);

    // Above a number issued an hour ago: the quiet period holds it back — unknown, confirm in the ERP.
    const recent = await remedy(e("33", 150));
    expect(recent.body).toMatchObject({ kind: "unknown", confirmIn: "erp" });
    expect(recent.body.unmet).toContainEqual({ check: "quiet-period", reason: "QUIET_PERIOD" });
  });

  it("CerteCF → unknown naming the DGII check that cannot be made there", async () => {
    const answer = await remedy(e("31", 777), { env: "CerteCF" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: "unknown", confirmIn: "erp" });
    expect(answer.body.unmet).toContainEqual({ check: "dgii", reason: "NOT_ASKABLE" });
    expect(checkOf(answer.body, "dgii")).toMatchObject({
      result: "not-asked",
      reason: "NOT_ASKABLE",
      message: expect.stringContaining("CerteCF"),
    });
  });

  it("DGII down → unknown, TAXAUTH_UNAVAILABLE", async () => {
    app.simulator.admin.injectFault({ service: "consultatrackids", mode: "status", status: 500, count: 5 });
    const answer = await remedy(e("33", 60));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      kind: "unknown",
      unmet: [{ check: "dgii", reason: "TAXAUTH_UNAVAILABLE" }],
    });
  });

  it("accepted → credit note: IndicadorNotaCredito 0 within 30 days, 1 after; what earlier notes left", async () => {
    const now = Date.now();
    await importDocuments([
      { ncf: e("31", 11), status: "Aceptado", fechaEmision: dmy(now), invoiceTotal: 1180 },
      {
        ncf: e("31", 12),
        status: "Aceptado Condicional",
        fechaEmision: dmy(now - 45 * DAY),
        invoiceTotal: 500,
      },
    ]);
    // A credit note issued here for 180 of the first (its signed XML names what it modifies).
    await storeIssued(e("34", 1), {
      status: "Aceptado",
      invoiceTotal: "180.00",
      signedXml: `<ECF><InformacionReferencia><NCFModificado>${e("31", 11)}</NCFModificado></InformacionReferencia></ECF>`,
      ncfModificado: e("31", 11),
    });
    const recent = await remedy(e("31", 11));
    expect(recent.body).toMatchObject({
      kind: "credit-note",
      estado: "Aceptado",
      creditNote: {
        tipoeCF: "34",
        NCFModificado: e("31", 11),
        FechaNCFModificado: dmy(now),
        CodigoModificacion: 1,
        IndicadorNotaCredito: 0,
        daysSinceOriginal: 0,
      },
      amount: {
        original: "1180.00",
        credited: "180.00",
        remaining: "1000.00",
        creditNotes: [{ encf: e("34", 1), status: "Aceptado", total: "180.00" }],
      },
    });
    expect(checkOf(recent.body, "ledger")).toMatchObject({ result: "held", reason: "import" });
    const old = await remedy(e("31", 12));
    expect(old.body).toMatchObject({
      kind: "credit-note",
      estado: "Aceptado Condicional",
      creditNote: { IndicadorNotaCredito: 1, daysSinceOriginal: 45 },
      amount: { original: "500.00", credited: "0.00", remaining: "500.00" },
    });
  });

  it("accepted at DGII, unknown to Anula → asked, stored, credit note (its issue date only the ERP knows)", async () => {
    receivedAtDgii(e("31", 21), 1);
    const answer = await remedy(e("31", 21));
    expect(answer.body).toMatchObject({
      kind: "credit-note",
      creditNote: { NCFModificado: e("31", 21), FechaNCFModificado: null, IndicadorNotaCredito: null },
    });
    expect(checkOf(answer.body, "dgii")).toMatchObject({ result: "in-ledger", reason: "dgii" });
  });

  it("rejected with secuenciaUtilizada true → reissue; false → reissue-replace", async () => {
    receivedAtDgii(e("31", 31), 2, true);
    receivedAtDgii(e("31", 32), 2, false);
    expect((await remedy(e("31", 31))).body).toMatchObject({ kind: "reissue", estado: "Rechazado" });
    expect((await remedy(e("31", 32))).body).toMatchObject({ kind: "reissue-replace", estado: "Rechazado" });
  });

  it("in process at DGII → wait, with when to ask again", async () => {
    receivedAtDgii(e("31", 41), 3);
    const before = Date.now();
    const answer = await remedy(e("31", 41));
    expect(answer.body).toMatchObject({ kind: "wait", waitingFor: "dgii-verdict" });
    expect(answer.body.askAgainAt as number).toBeGreaterThan(before);
  });

  it("signed here and not yet received → wait for DGII's reception, when the follow-up acts", async () => {
    const now = Date.now();
    await storeIssued(e("31", 51), { status: "Pendiente de envío", followUpAt: BigInt(now + 60_000) });
    expect((await remedy(e("31", 51))).body).toMatchObject({
      kind: "wait",
      waitingFor: "dgii-reception",
      askAgainAt: now + 60_000,
    });
  });

  it("voided → the void's id; a void in Error → settle it (its id)", async () => {
    const voided = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e("32", 1), secuenciaHasta: e("32", 3) }] },
    });
    expect(voided.status).toBe(200);
    expect((await remedy(e("32", 2))).body).toMatchObject({ kind: "voided", voidId: voided.body.voidId });

    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const failed = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: e("32", 10), secuenciaHasta: e("32", 12) }] },
    });
    expect(failed.body).toMatchObject({ status: "Error" });
    const calls = app.simulator.admin.callCounts().consultatrackids ?? 0;
    expect((await remedy(e("32", 11))).body).toMatchObject({
      kind: "settle-void",
      voidId: failed.body.voidId,
    });
    // DGII is not asked about a number whose void is open.
    expect(app.simulator.admin.callCounts().consultatrackids ?? 0).toBe(calls);
  });

  it("a void request awaiting approval → wait for the approval, until the request expires", async () => {
    const company = await createCompany();
    await addPerson(company, ["approver"]);
    await addPerson(company, ["approver"]);
    const operator = await addPerson(company, ["operator"]);
    await setApprovalPolicy(company.auth, { environment: "TesteCF", enabled: true, minSequences: null });
    const requested = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: operator.idToken,
      body: { ranges: [{ secuenciaDesde: e("31", 61), secuenciaHasta: e("31", 63) }] },
    });
    expect(requested).toMatchObject({ status: 409, body: { code: "APPROVAL_REQUIRED" } });
    const answer = await remedy(e("31", 62), { owner: company });
    expect(answer.body).toMatchObject({
      kind: "wait",
      waitingFor: "void-approval",
      requestId: requested.body.requestId,
      askAgainAt: expect.any(Number),
    });
  });

  it("another company's number: nothing of it is held for the caller, nothing to credit", async () => {
    const answer = await remedy(e("31", 11), { owner: other });
    expect(answer.status).toBe(200);
    expect(checkOf(answer.body, "ledger")).toMatchObject({ result: "not-held" });
    expect(answer.body).toMatchObject({ kind: "unknown" });
    expect(answer.body.unmet).toContainEqual({ check: "coverage-mark", reason: "NO_COVERAGE_MARK" });
    expect(answer.text).not.toContain("1180");
  });
});
