import { DOMParser } from "@xmldom/xmldom";
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as issuedXmlRoute from "@/app/[environment]/documentos-ecf/[ecf]/xml/route";
import * as batchRoute from "@/app/[environment]/documentos-ecf/status/batch/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { getDb } from "@/lib/server/platform/db";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { validateAgainstXsd } from "@/lib/taxauth-simulator/validate-xsd";
import { verifyXmlSignature } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";

import { followUpDueIssued } from "./follow-up/follow-up-loop";
import { sampleEcfBody } from "./testing/sample-ecf-bodies";

let app: VoidTestApp;
let account: TestAccount;
let next = 0;

type Service = "recepcion" | "recepcionfc" | "consultarfce" | "consultatrackids" | "consultaresultado";
const calls = (service: Service) => app.simulator.admin.callCounts()[service] ?? 0;
const headers = () => ({ "x-api-key": account.apiKey! });
/** The follow-up as it runs when the clock reads `now + ms` (every due round, until none is). */
const followUpIn = (ms: number) => followUpDueIssued({ now: () => Date.now() + ms });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- DGII's shape, reached into by name
type EcfObject = Record<string, any>;

/** The sample e-CF 32 (RD$1,475.00) under a fresh e-NCF; `changes` may make it another one. */
function consumerBody(changes: (ecf: EcfObject) => void = () => {}) {
  next += 1;
  const body = sampleEcfBody("32");
  const ecf = body.ECF as EcfObject;
  ecf.Encabezado.IdDoc.eNCF = `E32${String(7_000 + next).padStart(10, "0")}`;
  ecf.Encabezado.Emisor.RNCEmisor = account.auth.rnc;
  changes(ecf);
  return { body, encf: ecf.Encabezado.IdDoc.eNCF as string };
}

/** RD$295,295.00: one line of 250,000.00 more, at 18 %. */
function overThreshold(ecf: EcfObject) {
  ecf.Encabezado.Comprador = {
    RNCComprador: "131880738",
    RazonSocialComprador: "Distribuidora del Cibao SRL",
  };
  ecf.Encabezado.IdDoc.TablaFormasPago = { FormaDePago: { FormaPago: 2, MontoPago: "295295.00" } };
  ecf.DetallesItems.Item[1].PrecioUnitarioItem = "250000.00";
  ecf.DetallesItems.Item[1].MontoItem = "250000.00";
  Object.assign(ecf.Encabezado.Totales, {
    MontoGravadoTotal: "250250.00",
    MontoGravadoI1: "250250.00",
    TotalITBIS: "45045.00",
    TotalITBIS1: "45045.00",
    MontoTotal: "295295.00",
  });
}

async function issue(body: unknown, env = "TesteCF") {
  const response = await app.call("POST", `/${env}/documentos-ecf`, {
    token: account.idToken,
    body,
    headers: headers(),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  await waitForInFlight(5_000);
  return response.body;
}

async function stored(encf: string) {
  const db = await getDb();
  return (await db.document.findFirst({ where: { accountId: account.auth.accountId, ncf: encf } }))!;
}

const answers = (document: { taxauthResponse: unknown }) =>
  (document.taxauthResponse as string[]).map((answer) => JSON.parse(answer) as Record<string, unknown>);

/** Totales' amounts of a signed XML (e-CF or RFCE), by name. */
function totalesOf(xml: string): Map<string, string> {
  const document = new DOMParser().parseFromString(xml, "text/xml");
  const totales = document.getElementsByTagName("Totales")[0]!;
  const values = new Map<string, string>();
  for (let node = totales.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && node.childNodes.length === 1 && node.firstChild!.nodeType === 3) {
      values.set(node.nodeName, node.textContent ?? "");
    }
  }
  return values;
}

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/xml", module: issuedXmlRoute },
      { pattern: "/[environment]/documentos-ecf/status/batch", module: batchRoute },
    ],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());
beforeEach(() => app.simulator.admin.clearFaults());

describe("a type 32 under RD$250,000 reaches DGII as its summary (RFCE)", () => {
  it("the summary alone is sent, DGII's immediate verdict answered; the RFCE is DGII's schema, signed, with the e-CF's code", async () => {
    const { body, encf } = consumerBody();
    const [receptions, summaries] = [calls("recepcion"), calls("recepcionfc")];
    const answer = await issue(body);
    expect(answer).toMatchObject({ ecf: encf, taxauthStatus: "Aceptado", trackId: null });
    expect(calls("recepcion")).toBe(receptions);
    expect(calls("recepcionfc")).toBe(summaries + 1);

    const document = await stored(encf);
    expect(document).toMatchObject({ status: "Aceptado", followUpAt: null, followUpClaimedUntil: null });
    expect(answers(document).at(-1)).toMatchObject({
      fuente: "recepcionfc",
      codigo: 1,
      estado: "Aceptado",
      encf,
      secuenciaUtilizada: true,
    });
    const rfce = document.summarySignedXml!;
    expect(await validateAgainstXsd(rfce, "rfce")).toEqual({ valid: true, errors: [] });
    expect(verifyXmlSignature(rfce).valid).toBe(true);
    expect(rfce).toContain(`<CodigoSeguridadeCF>${answer.securityCode}</CodigoSeguridadeCF>`);
    expect(rfce).toContain(`<eNCF>${encf}</eNCF>`);
    expect(rfce).toContain(
      "<TablaFormasPago><FormaDePago><FormaPago>3</FormaPago><MontoPago>1475.00</MontoPago>",
    );
    expect(document.signedXml).toContain("<ECF>");

    // Every amount of the summary is the e-CF's own (rfceOf copies, never computes): equal in value.
    const ecfTotales = totalesOf(document.signedXml!);
    const rfceTotales = totalesOf(rfce);
    expect([...rfceTotales.keys()]).toEqual([
      "MontoGravadoTotal",
      "MontoGravadoI1",
      "TotalITBIS",
      "TotalITBIS1",
      "MontoTotal",
    ]);
    for (const [name, value] of rfceTotales) {
      expect(value, name).toMatch(/^\d+\.\d{2}$/);
      expect(new Decimal(value).equals(ecfTotales.get(name)!), name).toBe(true);
    }

    // DGII finds it by the code printed under the QR.
    const credential = await getActiveSigningCredential(account.auth.accountId);
    const found = await app.client.querySummary({
      environment: "TesteCF",
      rnc: account.auth.rnc,
      credential,
      encf,
      securityCode: answer.securityCode as string,
    });
    expect(found).toMatchObject({ codigo: 1, estado: "Aceptado" });
  });

  it("the signed RFCE is served at …/xml?summary=true, and the batch points there", async () => {
    const { body, encf } = consumerBody();
    await issue(body);
    const document = await stored(encf);
    const summary = await app.call("GET", `/TesteCF/documentos-ecf/${encf}/xml?summary=true`, {
      token: account.idToken,
      headers: headers(),
    });
    expect(summary.status).toBe(200);
    expect(summary.headers.get("content-type")).toMatch(/application\/xml/);
    expect(summary.text).toBe(document.summarySignedXml);
    const full = await app.call("GET", `/TesteCF/documentos-ecf/${encf}/xml`, {
      token: account.idToken,
      headers: headers(),
    });
    expect(full.text).toBe(document.signedXml);

    const batch = await app.call("POST", "/TesteCF/documentos-ecf/status/batch", {
      token: account.idToken,
      body: { ecfs: [encf] },
      headers: headers(),
    });
    expect(batch.status).toBe(200);
    expect((batch.body.results as Array<{ data: Record<string, unknown> }>)[0]!.data).toMatchObject({
      status: "Aceptado",
      signedXml: `/TesteCF/documentos-ecf/${encf}/xml`,
      summarySignedXml: `/TesteCF/documentos-ecf/${encf}/xml?summary=true`,
    });

    const bad = await app.call("GET", `/TesteCF/documentos-ecf/${encf}/xml?summary=yes`, {
      token: account.idToken,
      headers: headers(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_PARAMETER", parameter: "summary" });
  });

  it("a type 32 at or above RD$250,000 still goes whole to recepcion: no summary", async () => {
    const { body, encf } = consumerBody(overThreshold);
    const [receptions, summaries] = [calls("recepcion"), calls("recepcionfc")];
    const answer = await issue(body);
    expect(answer).toMatchObject({ taxauthStatus: "En Proceso", trackId: expect.any(String) });
    expect(new URL(answer.qr_url as string).pathname).toBe("/testecf/consultatimbre");
    expect(calls("recepcion")).toBe(receptions + 1);
    expect(calls("recepcionfc")).toBe(summaries);
    expect((await stored(encf)).summarySignedXml).toBeNull();
    const summary = await app.call("GET", `/TesteCF/documentos-ecf/${encf}/xml?summary=true`, {
      token: account.idToken,
      headers: headers(),
    });
    expect(summary.status).toBe(404);
    expect(summary.body).toMatchObject({ code: "DOCUMENT_NOT_FOUND" });
  });
});

describe("a summary's send, like the whole e-CF's", () => {
  it("Prefer: respond-async answers 202 once stored; the summary's verdict follows in the background", async () => {
    const { body, encf } = consumerBody();
    const response = await app.call("POST", "/TesteCF/documentos-ecf", {
      token: account.idToken,
      body,
      headers: { ...headers(), prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ ecf: encf, taxauthStatus: "Pendiente de envío" });
    await waitForInFlight(5_000);
    expect(await stored(encf)).toMatchObject({ status: "Aceptado", followUpAt: null });
  });

  it("the same body again answers what was stored and sends nothing", async () => {
    const { body, encf } = consumerBody();
    const first = await issue(body);
    const summaries = calls("recepcionfc");
    const again = await issue(body);
    expect(again).toMatchObject({
      ecf: encf,
      replayed: true,
      taxauthStatus: "Aceptado",
      securityCode: first.securityCode,
    });
    expect(calls("recepcionfc")).toBe(summaries);
  });
});

describe("the follow-up of a summary DGII did not answer", () => {
  it("recepcionfc down: Pendiente de envío; the follow-up asks consultarfce (not found), then sends the same bytes", async () => {
    app.simulator.admin.injectFault({ service: "recepcionfc", mode: "status", status: 503 });
    const { body, encf } = consumerBody();
    const answer = await issue(body);
    expect(answer).toMatchObject({ taxauthStatus: "Pendiente de envío" });
    const before = await stored(encf);
    expect(before).toMatchObject({ status: "Pendiente de envío", followUpAttempts: 1 });
    expect(answers(before).at(-1)).toMatchObject({ fuente: "recepcionfc", recibido: false });

    const [asks, sends, trackIds] = [calls("consultarfce"), calls("recepcionfc"), calls("consultatrackids")];
    await followUpIn(5_000);
    expect(calls("consultarfce")).toBe(asks + 1);
    expect(calls("recepcionfc")).toBe(sends + 1);
    expect(calls("consultatrackids")).toBe(trackIds);
    const after = await stored(encf);
    expect(after).toMatchObject({ status: "Aceptado", followUpAt: null });
    expect(after.summarySignedXml).toBe(before.summarySignedXml);
    expect(after.signedXml).toBe(before.signedXml);
  });

  it("the summary reached DGII but its answer was lost: consultarfce finds it, nothing is sent again", async () => {
    app.simulator.admin.injectFault({ service: "recepcionfc", mode: "drop-after" });
    const { body, encf } = consumerBody();
    expect(await issue(body)).toMatchObject({ taxauthStatus: "Pendiente de envío" });
    const sends = calls("recepcionfc");
    await followUpIn(5_000);
    expect(calls("recepcionfc")).toBe(sends);
    const document = await stored(encf);
    expect(document).toMatchObject({ status: "Aceptado", followUpAt: null });
    expect(answers(document).at(-1)).toMatchObject({
      fuente: "consultarfce",
      codigo: 1,
      secuenciaUtilizada: true,
    });
  });

  it("a summary a person set En Proceso: its verdict is asked by its code at consultarfce, never by a trackId", async () => {
    app.simulator.admin.injectFault({ service: "recepcionfc", mode: "drop-after" });
    const { body, encf } = consumerBody();
    await issue(body);
    const db = await getDb();
    await db.document.updateMany({
      where: { accountId: account.auth.accountId, ncf: encf },
      data: { status: "En Proceso", followUpAt: BigInt(Date.now()), followUpClaimedUntil: null },
    });
    const [byTrackId, byCode] = [calls("consultaresultado"), calls("consultarfce")];
    await followUpIn(5_000);
    expect(calls("consultaresultado")).toBe(byTrackId);
    expect(calls("consultarfce")).toBe(byCode + 1);
    expect(await stored(encf)).toMatchObject({ status: "Aceptado", followUpAt: null });
  });

  it("in CerteCF too (consultarfce is there since 02-01-2026): asked, not left for a person", async () => {
    app.simulator.admin.injectFault({ service: "recepcionfc", mode: "drop-after" });
    const { body, encf } = consumerBody();
    app.simulator.admin.authorizeRanges({
      environment: "CerteCF",
      rnc: account.auth.rnc,
      ranges: [{ from: encf, to: encf }],
    });
    await issue(body, "CerteCF");
    const sends = calls("recepcionfc");
    await followUpIn(5_000);
    expect(calls("recepcionfc")).toBe(sends);
    expect(await stored(encf)).toMatchObject({ status: "Aceptado", reviewReason: null, followUpAt: null });
  });

  it("DGII refused the last send (its token): the next round sends again without asking consultarfce", async () => {
    // Both the call and the retry with a renewed token are 401: the client gives up, nothing was sent.
    app.simulator.admin.injectFault({ service: "recepcionfc", mode: "status", status: 401, count: 2 });
    const { body, encf } = consumerBody();
    expect(await issue(body)).toMatchObject({ taxauthStatus: "Pendiente de envío" });
    expect(answers(await stored(encf)).at(-1)).toMatchObject({
      fuente: "recepcionfc",
      resultado: "rechazado",
    });
    const [asks, sends] = [calls("consultarfce"), calls("recepcionfc")];
    await followUpIn(5_000);
    expect(calls("consultarfce")).toBe(asks);
    expect(calls("recepcionfc")).toBe(sends + 1);
    expect(await stored(encf)).toMatchObject({ status: "Aceptado", followUpAt: null });
  });
});
