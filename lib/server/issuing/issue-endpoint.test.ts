import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as issuedXmlRoute from "@/app/[environment]/documentos-ecf/[ecf]/xml/route";
import * as certificationRoute from "@/app/[environment]/emisor/certificacion/route";
import type { EcfType } from "@/lib/domain/ecf-types";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createAuthorization, findGaps, setCoverageMark } from "@/lib/server/ledger";
import { getDb } from "@/lib/server/platform/db";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { type EcfObject, sampleEcfBodyOf } from "./testing/sample-ecf-bodies";

let app: VoidTestApp;
let operator: TestAccount;
let next = 0;

/** A sample body of `tipo` issued by `account`, under a fresh e-NCF (tests never collide). */
function bodyOf(
  tipo: EcfType,
  account: TestAccount = operator,
  changes: (ecf: EcfObject) => void = () => {},
) {
  next += 1;
  return sampleEcfBodyOf(tipo, account.auth.rnc, `E${tipo}${String(next).padStart(10, "0")}`, changes);
}

const issue = (
  body: unknown,
  account: TestAccount = operator,
  options: { env?: string; query?: string; headers?: Record<string, string> } = {},
) =>
  app.call("POST", `/${options.env ?? "TesteCF"}/documentos-ecf${options.query ?? ""}`, {
    token: account.idToken,
    body,
    headers: { ...(account.apiKey ? { "x-api-key": account.apiKey } : {}), ...options.headers },
  });
const receptions = () => app.simulator.admin.callCounts().recepcion ?? 0;
const encfOf = (body: { ECF: EcfObject }) => body.ECF.Encabezado.IdDoc.eNCF as string;

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/xml", module: issuedXmlRoute },
      { pattern: "/[environment]/emisor/certificacion", module: certificationRoute },
    ],
  });
  operator = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());
beforeEach(() => app.simulator.admin.clearFaults());

describe("POST documentos-ecf?validate=true", () => {
  it("answers valid for a good e-CF and signs, stores and sends nothing", async () => {
    const body = bodyOf("31");
    const before = receptions();
    const response = await issue(body, operator, { query: "?validate=true" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true, message: expect.stringContaining("válido") });
    expect(receptions()).toBe(before);
    const db = await getDb();
    expect(await db.document.count({ where: { ncf: encfOf(body) } })).toBe(0);
  });

  it("lists every problem at once in MSeller's shape, each with its JSON path", async () => {
    const body = bodyOf("31", operator, (ecf) => {
      ecf.Encabezado.IdDoc.TipoeCF = "32";
      ecf.Encabezado.Emisor.RNCEmisor = "101010101";
      ecf.Encabezado.Comprador.Color = "rojo";
      delete ecf.Encabezado.Totales.MontoTotal;
    });
    const response = await issue(body, operator, { query: "?validate=true" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "ECF_VALIDATION_FAILED",
      message: expect.stringContaining("No se firmó"),
      requestId: expect.any(String),
    });
    const errors = (response.body.details as { validationErrors: Array<Record<string, string>> })
      .validationErrors;
    const fields = errors.map((error) => `${error.code} ${error.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "UNKNOWN_FIELD ECF.Encabezado.Comprador.Color",
        "REQUIRED ECF.Encabezado.Totales.MontoTotal",
        "RNC_EMISOR_MISMATCH ECF.Encabezado.Emisor.RNCEmisor",
      ]),
    );
    for (const error of errors)
      expect(Object.keys(error).sort()).toEqual(["code", "details", "field", "name"]);
  });

  it("refuses amounts that do not add up (stricter than DGII's conditional acceptance)", async () => {
    const body = bodyOf("31", operator, (ecf) => {
      ecf.Encabezado.Totales.MontoTotal = "999999.99";
    });
    const response = await issue(body, operator, { query: "?validate=true" });
    expect(response.status).toBe(400);
    const errors = (response.body.details as { validationErrors: Array<Record<string, string>> })
      .validationErrors;
    expect(errors.map((error) => error.field)).toContain("ECF.Encabezado.Totales.MontoTotal");
  });

  it("refuses a body that is not { ECF: { … } }", async () => {
    const response = await issue({ ecf: {} }, operator, { query: "?validate=true" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "ECF_VALIDATION_FAILED" });
  });
});

describe("POST documentos-ecf: issuing", () => {
  it("signs, stores and sends an e-CF 31; answers MSeller's fields; the record and its XML follow", async () => {
    const body = bodyOf("31");
    const before = receptions();
    const response = await issue(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      rnc: operator.auth.rnc,
      ecf: encfOf(body),
      internalTrackId: expect.any(String),
      securityCode: expect.stringMatching(/^[A-Za-z0-9+/=]{6}$/),
      signedDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      taxauthStatus: "En Proceso",
      trackId: expect.any(String),
      replayed: false,
    });
    expect(receptions()).toBe(before + 1);
    const qr = new URL(response.body.qr_url as string);
    expect(qr.pathname).toBe("/testecf/consultatimbre");
    expect(qr.searchParams.get("encf")).toBe(encfOf(body));
    expect(qr.searchParams.get("codigoseguridad")).toBe(response.body.securityCode);
    expect(qr.searchParams.get("fechafirma")).toBe(response.body.signedDate);

    const xml = await app.call("GET", `/TesteCF/documentos-ecf/${encfOf(body)}/xml`, {
      token: operator.idToken,
      headers: { "x-api-key": operator.apiKey! },
    });
    expect(xml.status).toBe(200);
    expect(verifyXmlSignature(xml.text).valid).toBe(true);
    expect(xml.text).toContain(`<FechaHoraFirma>${response.body.signedDate}</FechaHoraFirma>`);
    const signatureValue = /<SignatureValue>([^<]+)</.exec(xml.text)![1]!.replace(/\s/g, "");
    expect(signatureValue.slice(0, 6)).toBe(response.body.securityCode);

    // DGII's verdict (after the simulator's 200 ms En Proceso) is read by the status query's refresh.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const record = await app.call("GET", `/TesteCF/documentos-ecf?ecf=${encfOf(body)}`, {
      token: operator.idToken,
      headers: { "x-api-key": operator.apiKey! },
    });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      ncf: encfOf(body),
      status: "Aceptado",
      source: "issued",
      securityCode: response.body.securityCode,
      qr_url: response.body.qr_url,
      signedXml: `/TesteCF/documentos-ecf/${encfOf(body)}/xml`,
      fileName: `${operator.auth.rnc}${encfOf(body)}.xml`,
      documentType: "Factura de Crédito Fiscal Electrónica",
      customerReceived: null,
    });
  });

  it("the same body again answers what was stored and sends nothing; another body for the number is SEQUENCE_USED", async () => {
    const body = bodyOf("31");
    const first = await issue(body);
    expect(first.status).toBe(200);
    const before = receptions();
    const again = await issue({ ECF: { ...body.ECF, FechaHoraFirma: "01-01-2020 00:00:00" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ...first.body, replayed: true, taxauthStatus: expect.any(String) });
    expect(again.body.securityCode).toBe(first.body.securityCode);
    const other = structuredClone(body);
    other.ECF.Encabezado.Comprador.RazonSocialComprador = "Otra Empresa SRL";
    const refused = await issue(other);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "SEQUENCE_USED", numbers: [encfOf(body)] });
    expect(receptions()).toBe(before);
  });

  it("an issued number is used at once: a void of it is refused with SEQUENCE_USED, without any import", async () => {
    const body = bodyOf("31");
    expect((await issue(body)).status).toBe(200);
    const voided = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: operator.idToken,
      body: { ranges: [{ secuenciaDesde: encfOf(body), secuenciaHasta: encfOf(body) }] },
    });
    expect(voided.status).toBe(409);
    expect(voided.body).toMatchObject({ code: "SEQUENCE_USED" });
    expect(voided.body.message).toContain("emitidos en Anula");
  });

  it("the gap finder never proposes a number issued here, only the one skipped between two", async () => {
    const company = await createTestAccount({ certificate: true, apiKey: true });
    const at = (n: number) =>
      bodyOf("31", company, (ecf) => {
        ecf.Encabezado.IdDoc.eNCF = `E31${String(n).padStart(10, "0")}`;
      });
    expect((await issue(at(1), company)).status).toBe(200);
    expect((await issue(at(3), company)).status).toBe(200);
    // Four days on, with the company's import-coverage mark set then: past the quiet period.
    const later = Date.now() + 4 * 24 * 3_600_000;
    await setCoverageMark(company.auth.accountId, "TesteCF", later - 60_000, "test", later);
    const { gaps } = await findGaps({
      accountId: company.auth.accountId,
      environment: "TesteCF",
      now: later,
    });
    expect(gaps.map((gap) => [gap.secuenciaDesde, gap.secuenciaHasta])).toEqual([
      ["E310000000002", "E310000000002"],
    ]);
  });

  it("a voided number is never issued: ALREADY_VOIDED", async () => {
    const body = bodyOf("31");
    const voided = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: operator.idToken,
      body: { ranges: [{ secuenciaDesde: encfOf(body), secuenciaHasta: encfOf(body) }] },
    });
    expect(voided.status).toBe(200);
    const response = await issue(body);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: "ALREADY_VOIDED" });
  });

  it("outside the authorizations entered for its type: SEQUENCE_NOT_AUTHORIZED", async () => {
    const account = await createTestAccount({ certificate: true, apiKey: true });
    await createAuthorization({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      body: {
        secuenciaDesde: "E330000000001",
        secuenciaHasta: "E330000000005",
        fechaAutorizacion: "01-01-2026",
      },
      createdBy: "test",
    });
    const body = bodyOf("33", account, (ecf) => {
      ecf.Encabezado.IdDoc.eNCF = "E330000000009";
    });
    const response = await issue(body, account);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: "SEQUENCE_NOT_AUTHORIZED" });
  });

  it("Idempotency-Key: the same key and body replays; another body is IDEMPOTENCY_KEY_REUSED", async () => {
    const key = `issue-${Date.now()}`;
    const body = bodyOf("31");
    const first = await issue(body, operator, { headers: { "idempotency-key": key } });
    expect(first.status).toBe(200);
    const again = await issue(body, operator, { headers: { "idempotency-key": key } });
    expect(again.body).toMatchObject({ ecf: encfOf(body), replayed: true });
    const checked = await issue(body, operator, {
      query: "?validate=true",
      headers: { "idempotency-key": key },
    });
    expect(checked.body).toEqual({ valid: true, message: expect.stringContaining("ya fue emitido") });
    const reused = await issue(bodyOf("31"), operator, { headers: { "idempotency-key": key } });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", ecf: encfOf(body) });
  });

  it("DGII unreachable: still 200, Pendiente de envío, the document kept", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
    const body = bodyOf("31");
    const response = await issue(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ecf: encfOf(body),
      taxauthStatus: "Pendiente de envío",
      trackId: null,
    });
    const db = await getDb();
    const stored = await db.document.findFirst({ where: { ncf: encfOf(body) } });
    expect(stored).toMatchObject({ status: "Pendiente de envío", source: "issued" });
    expect(stored!.signedXml).toContain("<SignatureValue>");
  });

  it("Prefer: respond-async answers 202 once stored; DGII's reception follows in the background", async () => {
    const body = bodyOf("31");
    const response = await issue(body, operator, { headers: { prefer: "respond-async" } });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ ecf: encfOf(body), taxauthStatus: "Pendiente de envío" });
    await waitForInFlight(5_000);
    const db = await getDb();
    expect(await db.document.findFirst({ where: { ncf: encfOf(body) } })).toMatchObject({
      status: "En Proceso",
    });
  });

  it("a type 32 under RD$250,000 is signed and stored, never sent whole to recepcion: its summary (RFCE) is", async () => {
    const before = receptions();
    const summaries = app.simulator.admin.callCounts().recepcionfc ?? 0;
    const body = bodyOf("32");
    const response = await issue(body);
    expect(response.status).toBe(200);
    // recepcionfc answers its verdict at once (consumer-summary.test.ts follows the summary further).
    expect(response.body).toMatchObject({ taxauthStatus: "Aceptado", trackId: null });
    expect(new URL(response.body.qr_url as string).pathname).toBe("/testecf/consultatimbrefc");
    expect(receptions()).toBe(before);
    expect(app.simulator.admin.callCounts().recepcionfc).toBe(summaries + 1);
  });

  it.each(["33", "34", "41", "43", "44", "45", "46", "47"] as const)("issues a type %s", async (tipo) => {
    const response = await issue(bodyOf(tipo));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.taxauthStatus).toBe("En Proceso");
  });
});

describe("POST documentos-ecf: who may issue, and where", () => {
  it("a viewer is 403; a missing API key is refused; eCF needs the recorded certification", async () => {
    const viewer = await createTestAccount({ roles: ["viewer"], apiKey: true });
    expect((await issue(bodyOf("31", viewer), viewer)).body).toMatchObject({ code: "FORBIDDEN" });
    const noKey = { ...operator, apiKey: undefined };
    expect((await issue(bodyOf("31"), noKey)).body).toMatchObject({ code: "INVALID_API_KEY" });

    const admin = await createTestAccount({ certificate: true, apiKey: true });
    const body = bodyOf("31", admin);
    const refused = await issue(body, admin, { env: "eCF" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "ISSUER_NOT_CERTIFIED" });
    const recorded = await app.call("PUT", "/eCF/emisor/certificacion", { token: admin.idToken });
    expect(recorded.body).toMatchObject({ certified: true, certifiedBy: expect.any(String) });
    const operatorOnly = await createTestAccount({ roles: ["operator"] });
    const forbidden = await app.call("PUT", "/TesteCF/emisor/certificacion", { token: operatorOnly.idToken });
    expect(forbidden.body).toMatchObject({ code: "FORBIDDEN" });
    const issued = await issue(body, admin, { env: "eCF" });
    expect(issued.status).toBe(200);
    await waitForInFlight(5_000);
  });
});
