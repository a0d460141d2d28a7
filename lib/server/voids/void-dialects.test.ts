import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import type { Dialect } from "@/lib/taxauth-simulator";
import { waitForInFlight } from "../platform/ops/in-flight";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * The void flow against each way DGII words its answers (the simulator's dialects): accepted and
 * rejected (void-endpoint.test.ts's core cases), an Idempotency-Key replay and a late answer (past
 * the request's deadline, the record moves Error → Aceptado) give the same outcome whether DGII says
 * codigo 1, codigo 15 "Satisfactorio" or answers in XML. DGII's partial success (the partial
 * dialect) is Aceptado for what DGII voided, with the excepted sequences beside it, in the POST
 * answer, the list and ?voidId= alike, on time or late.
 */
const FULL = "Las secuencias fueron anuladas correctamente.";
const PARTIAL = "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";

interface DialectCase {
  dialect: Exclude<Dialect, "partial">;
  /** What the record keeps of DGII's acceptance. */
  acceptance: { codigo: string; nombre: string; mensajes: string[] };
}

const CASES: DialectCase[] = [
  { dialect: "success1", acceptance: { codigo: "1", nombre: "Aceptado", mensajes: [] } },
  { dialect: "success15", acceptance: { codigo: "15", nombre: "Satisfactorio", mensajes: [FULL] } },
  { dialect: "xml", acceptance: { codigo: "1", nombre: "Aceptado", mensajes: [] } },
];

let app: VoidTestApp;
let account: TestAccount;
let sequence = 900_000;

function freshRange(count: number, tipo = "31") {
  sequence += 1000;
  const at = (n: number) => `E${tipo}${String(n).padStart(10, "0")}`;
  return { secuenciaDesde: at(sequence + 1), secuenciaHasta: at(sequence + count) };
}

const post = (body: unknown) =>
  app.call("POST", "/TesteCF/customer/void-ncf", { token: account.idToken, body });
const record = async (voidId: string) =>
  (await app.call("GET", `/TesteCF/customer/void-ncf?voidId=${voidId}`, { token: account.idToken })).body;
const listed = async (voidId: string) => {
  const list = await app.call("GET", "/TesteCF/customer/void-ncf?limit=100", { token: account.idToken });
  return (list.body.items as Array<Record<string, unknown>>).find((item) => item.voidId === voidId);
};
const voidedBySimulator = () => app.simulator.admin.voidedRanges("TesteCF", account.auth.rnc);
const rangeView = (tipoeCF: string, secuenciaDesde: string, secuenciaHasta: string, cantidad: number) => ({
  tipoeCF,
  secuenciaDesde,
  secuenciaHasta,
  cantidad,
});
const plus = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;

const DEADLINE_MS = 10_000;

/**
 * A send answered after the request's deadline: a short deadline for this one request (read per
 * send), an answer delayed past it but well within the response timeout; the record as the 502
 * left it, then as the late answer left it.
 */
async function lateVoid(
  body: unknown,
): Promise<{ response: Awaited<ReturnType<typeof post>>; before: unknown }> {
  setEnvForTests({ VOID_DEADLINE_MS: "300" });
  try {
    app.simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_000 });
    const response = await post(body);
    const before = await record(response.body.voidId as string);
    await waitForInFlight(10_000);
    return { response, before };
  } finally {
    setEnvForTests({ VOID_DEADLINE_MS: String(DEADLINE_MS) });
  }
}

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: DEADLINE_MS, responseTimeoutMs: 10_000 });
  account = await createTestAccount({ certificate: true });
});

afterAll(async () => {
  await app?.close();
});

describe.each(CASES)("DGII answering in the $dialect dialect", ({ dialect, acceptance }) => {
  beforeEach(() => {
    app.simulator.admin.clearFaults();
    app.simulator.admin.setDialect(dialect);
  });

  it("a void of never-used ranges → 200 Aceptado, stored with DGII's own answer", async () => {
    const single = freshRange(1, "32");
    const ranges = [freshRange(5), { ...single, secuenciaHasta: single.secuenciaDesde }];
    const response = await post({ ranges, fechaHoraAnulacion: "22-11-2026 08:30:00" });
    const voidId = response.body.voidId as string;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      voidId,
      status: "Aceptado",
      totalVoided: 6,
      // The 200 body lists no messages (the spec's example); the record keeps DGII's.
      taxauthResponse: { codigo: acceptance.codigo, nombre: acceptance.nombre, mensajes: [] },
      dgiiResponse: { codigo: acceptance.codigo, nombre: acceptance.nombre, mensajes: [] },
    });
    expect(await record(voidId)).toMatchObject({
      status: "Aceptado",
      taxauthCode: acceptance.codigo,
      taxauthName: acceptance.nombre,
      taxauthResponse: acceptance.mensajes,
    });
    expect(voidedBySimulator()).toEqual(
      expect.arrayContaining([
        { from: ranges[0]!.secuenciaDesde, to: ranges[0]!.secuenciaHasta },
        { from: single.secuenciaDesde, to: single.secuenciaDesde },
      ]),
    );
    // The partial-success extensions appear only on a partial success.
    expect(response.body).not.toHaveProperty("excepted");
    expect(await record(voidId)).not.toHaveProperty("excepted");
    const again = await post({ ranges: [ranges[0]] });
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
  });

  it("a void with an issued sequence → 422 Rechazado with DGII's reasons", async () => {
    const range = freshRange(3);
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaHasta, to: range.secuenciaHasta }],
    });
    const response = await post({ ranges: [range] });
    const voidId = response.body.voidId as string;
    const rejection = {
      codigo: "2",
      nombre: "Rechazado",
      mensajes: [expect.stringContaining("utilizadas")],
    };
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      status: "Rechazado",
      totalVoided: 3,
      taxauthResponse: rejection,
    });
    expect(await record(voidId)).toMatchObject({
      status: "Rechazado",
      taxauthCode: "2",
      taxauthName: "Rechazado",
      taxauthResponse: [expect.stringContaining(range.secuenciaHasta)],
    });
    expect(voidedBySimulator()).not.toContainEqual(expect.objectContaining({ from: range.secuenciaDesde }));
  });

  it("an Idempotency-Key repeat → the stored outcome, nothing sent again; another body → 409", async () => {
    const body = { ranges: [freshRange(2)] };
    const key = `dialect-${dialect}-${sequence}`;
    const keyed = (payload: unknown) =>
      app.call("POST", "/TesteCF/customer/void-ncf", {
        token: account.idToken,
        body: payload,
        headers: { "idempotency-key": key },
      });
    const first = await keyed(body);
    expect(first).toMatchObject({
      status: 200,
      body: { status: "Aceptado", taxauthResponse: { codigo: acceptance.codigo, nombre: acceptance.nombre } },
    });
    const calls = app.simulator.admin.callCounts().anularrango;
    expect(await keyed(body)).toMatchObject({ status: 200, body: first.body });
    expect(await keyed({ ranges: [freshRange(1)] })).toMatchObject({
      status: 409,
      body: { code: "IDEMPOTENCY_KEY_REUSED", voidId: first.body.voidId },
    });
    expect(app.simulator.admin.callCounts().anularrango).toBe(calls);
  });

  it("an answer after the deadline → 502 Error first, then the record moves to Aceptado with DGII's answer", async () => {
    const range = freshRange(2);
    const { response, before } = await lateVoid({ ranges: [range] });
    expect(response).toMatchObject({ status: 502, body: { code: "TAXAUTH_VOID_ERROR", status: "Error" } });
    expect(before).toMatchObject({ status: "Error" });
    const voidId = response.body.voidId as string;
    expect(await record(voidId)).toMatchObject({
      status: "Aceptado",
      totalVoided: 2,
      taxauthCode: acceptance.codigo,
      taxauthName: acceptance.nombre,
      taxauthResponse: acceptance.mensajes,
    });
    expect(await record(voidId)).not.toHaveProperty("errorCode");
    expect(voidedBySimulator()).toContainEqual({ from: range.secuenciaDesde, to: range.secuenciaHasta });
    expect(await post({ ranges: [range] })).toMatchObject({
      status: 409,
      body: { code: "ALREADY_VOIDED", voidId },
    });
  });
});

describe("DGII answering in the partial dialect", () => {
  beforeEach(() => {
    app.simulator.admin.clearFaults();
    app.simulator.admin.setDialect("partial");
  });

  /** The same record in the POST answer's terms, the list and ?voidId=: voided ranges plus the excepted ones. */
  async function expectPartial(
    voidId: string,
    expected: {
      ranges: unknown[];
      totalVoided: number;
      excepted: unknown[];
      totalExcepted: number;
      mensajes: string[];
    },
  ) {
    const stored = {
      voidId,
      status: "Aceptado",
      totalVoided: expected.totalVoided,
      ranges: expected.ranges,
      excepted: expected.excepted,
      totalExcepted: expected.totalExcepted,
      taxauthCode: "15",
      taxauthName: "Satisfactorio",
      taxauthResponse: expected.mensajes,
      dgiiResponse: expected.mensajes,
    };
    const byId = await record(voidId);
    expect(byId).toMatchObject(stored);
    expect(byId).not.toHaveProperty("errorCode");
    expect(await listed(voidId)).toEqual(byId);
  }

  it("DGII voids all but the last sequence → 200 Aceptado for what was voided, the excepted listed beside", async () => {
    const single = freshRange(1, "32");
    const ranges = [freshRange(5), { ...single, secuenciaHasta: single.secuenciaDesde }];
    const response = await post({ ranges, fechaHoraAnulacion: "22-11-2026 08:30:00" });
    const voidId = response.body.voidId as string;
    const voided = [rangeView("31", ranges[0]!.secuenciaDesde, ranges[0]!.secuenciaHasta, 5)];
    const excepted = [rangeView("32", single.secuenciaDesde, single.secuenciaDesde, 1)];
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: expect.stringContaining("aceptada en parte"),
      voidId,
      status: "Aceptado",
      rnc: account.auth.rnc,
      fechaHoraAnulacion: "22-11-2026 08:30:00",
      totalVoided: 5,
      ranges: voided,
      fileName: `${account.auth.rnc}ANECF${voidId}.xml`,
      taxauthResponse: { codigo: "15", nombre: "Satisfactorio", mensajes: [] },
      dgiiResponse: { codigo: "15", nombre: "Satisfactorio", mensajes: [] },
      excepted,
      totalExcepted: 1,
      motivo: null,
    });
    await expectPartial(voidId, {
      ranges: voided,
      totalVoided: 5,
      excepted,
      totalExcepted: 1,
      mensajes: [PARTIAL, single.secuenciaDesde],
    });
    // An Idempotency-Key repeat answers the stored outcome, both parts, and sends nothing again.
    const keyedBody = { ranges: [freshRange(3)], fechaHoraAnulacion: "22-11-2026 08:30:00" };
    const keyed = () =>
      app.call("POST", "/TesteCF/customer/void-ncf", {
        token: account.idToken,
        body: keyedBody,
        headers: { "idempotency-key": `partial-${voidId}` },
      });
    const firstKeyed = await keyed();
    expect(firstKeyed).toMatchObject({ status: 200, body: { totalVoided: 2, totalExcepted: 1 } });
    const calls = app.simulator.admin.callCounts().anularrango;
    expect(await keyed()).toMatchObject({ status: 200, body: firstKeyed.body });
    expect(app.simulator.admin.callCounts().anularrango).toBe(calls);
    // The signed XML is kept as sent: both ranges.
    const xml = await app.call("GET", `/TesteCF/customer/void-ncf/${voidId}/xml`, { token: account.idToken });
    expect(xml.text).toContain(single.secuenciaDesde);
    expect(xml.text).toContain(ranges[0]!.secuenciaHasta);
    // Only the voided numbers count for ALREADY_VOIDED: the excepted one may be voided again.
    expect(await post({ ranges: [ranges[0]] })).toMatchObject({
      status: 409,
      body: { code: "ALREADY_VOIDED", voidId },
    });
    const retry = await post({ ranges: [ranges[1]] });
    expect(retry).toMatchObject({ status: 200, body: { status: "Aceptado", totalVoided: 1 } });
    expect(retry.body).not.toHaveProperty("excepted");
  });

  it("a void with an issued sequence → DGII voids the others: 200 with the issued one excepted (the default dialect's 422 is above)", async () => {
    const range = freshRange(3);
    app.simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: range.secuenciaHasta, to: range.secuenciaHasta }],
    });
    const response = await post({ ranges: [range] });
    const voidId = response.body.voidId as string;
    const voided = [rangeView("31", range.secuenciaDesde, plus(range.secuenciaDesde, 1), 2)];
    const excepted = [rangeView("31", range.secuenciaHasta, range.secuenciaHasta, 1)];
    expect(response).toMatchObject({
      status: 200,
      body: { status: "Aceptado", totalVoided: 2, ranges: voided, excepted, totalExcepted: 1 },
    });
    await expectPartial(voidId, {
      ranges: voided,
      totalVoided: 2,
      excepted,
      totalExcepted: 1,
      mensajes: [PARTIAL, range.secuenciaHasta],
    });
    expect(voidedBySimulator()).toContainEqual({
      from: range.secuenciaDesde,
      to: plus(range.secuenciaDesde, 1),
    });
  });

  it("a partial success after the deadline → 502 Error first, then Aceptado for what was voided, the excepted beside", async () => {
    const range = freshRange(3);
    const { response, before } = await lateVoid({ ranges: [range] });
    expect(response).toMatchObject({ status: 502, body: { status: "Error" } });
    expect(before).toMatchObject({ status: "Error", totalVoided: 3 });
    expect(before).not.toHaveProperty("excepted");
    await expectPartial(response.body.voidId as string, {
      ranges: [rangeView("31", range.secuenciaDesde, plus(range.secuenciaDesde, 1), 2)],
      totalVoided: 2,
      excepted: [rangeView("31", range.secuenciaHasta, range.secuenciaHasta, 1)],
      totalExcepted: 1,
      mensajes: [PARTIAL, range.secuenciaHasta],
    });
  });

  it("ALREADY_VOIDED counts voided numbers only: 1–10 with 4–5 excepted, then 4–5 is accepted and 3–3 is refused", async () => {
    // Another company, so that its explicit authorization (1–3 and 6–10) leaves the shared one alone.
    const company = await createTestAccount({ certificate: true });
    const e31 = (n: number) => `E31${String(n).padStart(10, "0")}`;
    const ledger = { environment: "TesteCF" as const, rnc: company.auth.rnc };
    app.simulator.admin.authorizeRanges({
      ...ledger,
      ranges: [
        { from: e31(1), to: e31(3) },
        { from: e31(6), to: e31(10) },
      ],
    });
    const send = (desde: number, hasta: number) =>
      app.call("POST", "/TesteCF/customer/void-ncf", {
        token: company.idToken,
        body: { ranges: [{ secuenciaDesde: e31(desde), secuenciaHasta: e31(hasta) }] },
      });
    const first = await send(1, 10);
    expect(first).toMatchObject({
      status: 200,
      body: {
        status: "Aceptado",
        totalVoided: 8,
        ranges: [rangeView("31", e31(1), e31(3), 3), rangeView("31", e31(6), e31(10), 5)],
        excepted: [rangeView("31", e31(4), e31(5), 2)],
        totalExcepted: 2,
      },
    });
    // DGII authorizes 4–5 after all; a void of them is sent (not refused as already voided) and accepted.
    app.simulator.admin.authorizeRanges({ ...ledger, ranges: [{ from: e31(4), to: e31(5) }] });
    app.simulator.admin.setDialect("success1");
    const calls = app.simulator.admin.callCounts().anularrango ?? 0;
    expect(await send(4, 5)).toMatchObject({ status: 200, body: { status: "Aceptado", totalVoided: 2 } });
    expect(app.simulator.admin.callCounts().anularrango).toBe(calls + 1);
    expect(await send(3, 3)).toMatchObject({
      status: 409,
      body: { code: "ALREADY_VOIDED", voidId: first.body.voidId },
    });
    expect(app.simulator.admin.callCounts().anularrango).toBe(calls + 1);
  });
});
