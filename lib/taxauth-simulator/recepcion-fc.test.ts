import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signXml } from "@/lib/server/platform/signing";
import { buildXmlMultipart } from "@/lib/server/platform/taxauth/multipart";
import { credentialFor, signedTestAnecf } from "@/lib/server/platform/taxauth/test-support";
import { RECEPTION_CODES } from "./ecf-reception-checks";
import { startTaxAuthSimulator, type SimulatorHandle } from "./index";
import { MESSAGE_WHOLE_INVOICE_REQUIRED } from "./recepcion-fc";
import { receptionClient, signedTestEcf } from "./test-reception-client";
import { buildTestRfce, type TestRfceOptions } from "./test-rfce-fixtures";

const RNC = "130000071";
const OTHER = "130000072";
const ENCF = "E320000000041";
const CODE = "Ab+3xZ";
let simulator: SimulatorHandle;
let dgii: ReturnType<typeof receptionClient>;

beforeAll(async () => {
  simulator = await startTaxAuthSimulator({ adminEnabled: true, receptionDelayMs: 0 });
  dgii = receptionClient(simulator);
});
afterAll(async () => {
  await dgii.close();
  await simulator.close();
});
beforeEach(() => simulator.admin.reset());

const signedRfce = (options: Partial<TestRfceOptions> = {}, signer = options.rnc ?? RNC) =>
  signXml(buildTestRfce({ rnc: RNC, encf: ENCF, ...options }), credentialFor(signer));

/** POST recepcionfc as Anula does (multipart part `xml`, bearer token); the answer's status and JSON. */
async function sendSummary(xml: string, { as = RNC, path = "recepcionfc/api/recepcion/ecf" } = {}) {
  const { body, contentType } = buildXmlMultipart(xml, `${RNC}${ENCF}.xml`);
  const response = await fetch(`${simulator.url}/testecf/${path}`, {
    method: "POST",
    headers: { "Content-Type": contentType, Authorization: `bearer ${await dgii.token(as)}` },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function verdictOf(xml: string, as = RNC) {
  const answer = await sendSummary(xml, { as });
  expect(answer.status).toBe(200);
  return answer.json();
}

async function consultaRfce(code: string, encf = ENCF) {
  const query = `RNC_Emisor=${RNC}&ENCF=${encf}&Cod_Seguridad_eCF=${encodeURIComponent(code)}`;
  const response = await fetch(`${simulator.url}/testecf/consultarfce/api/Consultas/Consulta?${query}`, {
    headers: { Authorization: `bearer ${await dgii.token(RNC)}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

const voidSummaryNumber = () =>
  dgii.client.voidRanges({
    environment: "TesteCF",
    rnc: RNC,
    credential: credentialFor(RNC),
    xml: signedTestAnecf(RNC, [{ tipo: "32", ranges: [[ENCF, ENCF]] }]),
    fileName: `${RNC}ANECF.xml`,
  });

describe("recepcionfc/api/recepcion/ecf", () => {
  it("answers Aceptado at once (no trackId), and consultarfce finds it with its code only (paths case-insensitive)", async () => {
    const answer = await sendSummary(signedRfce(), { path: "RecepcionFC/API/Recepcion/ECF" });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      codigo: 1,
      estado: "Aceptado",
      mensajes: [],
      encf: ENCF,
      secuenciaUtilizada: true,
    });
    expect(await consultaRfce(CODE)).toEqual({
      rnc: RNC,
      encf: ENCF,
      secuenciaUtilizada: true,
      codigo: 1,
      estado: "Aceptado",
      mensajes: [],
    });
    expect(await consultaRfce("Zz9+0a")).toMatchObject({ codigo: 0, estado: "No encontrado" });
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([]);
    expect(simulator.admin.callCounts().recepcionfc).toBe(1);
  });

  it("spends the number: a second summary and a void are rejected as used; consultarfce keeps the accepted one", async () => {
    expect(await verdictOf(signedRfce())).toMatchObject({ codigo: 1 });
    expect(await verdictOf(signedRfce())).toEqual({
      codigo: 2,
      estado: "Rechazado",
      mensajes: [{ codigo: String(RECEPTION_CODES.used), valor: `El e-NCF ${ENCF} ya fue utilizado.` }],
      encf: ENCF,
      secuenciaUtilizada: true,
    });
    expect(await consultaRfce(CODE)).toMatchObject({ codigo: 1, estado: "Aceptado" });
    expect(await voidSummaryNumber()).toMatchObject({
      kind: "rejected",
      response: { mensajes: [`Las secuencias que está intentando anular han sido utilizadas: ${ENCF}`] },
    });
  });

  it("accepts conditionally (4) a summary whose totals do not add up, naming each sum, and spends the number", async () => {
    const final = await verdictOf(
      signedRfce({ totales: { MontoGravadoTotal: "6100.00", TotalITBIS: "1080.00", MontoTotal: "7180.00" } }),
    );
    expect(final).toMatchObject({ codigo: 4, estado: "Aceptado Condicional", secuenciaUtilizada: true });
    expect(final.mensajes).toEqual([
      {
        codigo: String(RECEPTION_CODES.amounts),
        valor: expect.stringMatching(/^El campo MontoGravadoTotal 6100\.00 no corresponde .* 6000\.00/),
      },
    ]);
    expect(await consultaRfce(CODE)).toMatchObject({ codigo: 4, estado: "Aceptado Condicional" });
    expect(await verdictOf(signedRfce())).toMatchObject({ codigo: 2, mensajes: [{ codigo: "600" }] });
    const offTotal = await verdictOf(
      signedRfce({ encf: "E320000000042", totales: { MontoTotal: "7082.00", MontoPeriodo: "7082.00" } }),
    );
    expect(offTotal.mensajes).toEqual([
      { codigo: "700", valor: expect.stringMatching(/^El campo MontoTotal 7082\.00 .* 7080\.00/) },
    ]);
    // Within one unit, and with the additional taxes summed, it is Aceptado.
    const taxes =
      "<ImpuestosAdicionales><ImpuestoAdicional><TipoImpuesto>006</TipoImpuesto>" +
      "<MontoImpuestoSelectivoConsumoEspecifico>10.00</MontoImpuestoSelectivoConsumoEspecifico>" +
      "<MontoImpuestoSelectivoConsumoAdvalorem>5.50</MontoImpuestoSelectivoConsumoAdvalorem>" +
      "</ImpuestoAdicional></ImpuestosAdicionales>";
    expect(
      await verdictOf(
        signedRfce({
          encf: "E320000000043",
          totales: { MontoImpuestoAdicional: "15.50", ImpuestosAdicionales: taxes, MontoTotal: "7096.00" },
        }),
      ),
    ).toMatchObject({ codigo: 1, mensajes: [] });
  });

  it("rejects an XSD failure (no CodigoSeguridadeCF) with secuenciaUtilizada false: the corrected summary is accepted", async () => {
    const final = await verdictOf(signedRfce({ codigoSeguridad: null }));
    expect(final).toMatchObject({ codigo: 2, estado: "Rechazado", secuenciaUtilizada: false, encf: ENCF });
    expect(final.mensajes).toEqual([
      {
        codigo: "100",
        valor: expect.stringMatching(/^El documento no cumple con el esquema XSD: .*CodigoSeguridadeCF/),
      },
    ]);
    expect(await verdictOf(signedRfce({ codigoSeguridad: "abc" }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: "100" }],
    });
    expect(await verdictOf(signedRfce())).toMatchObject({ codigo: 1 });
  });

  it("rejects a bad signature and an issuer the holder is not delegated for, leaving the number free", async () => {
    const tampered = signedRfce().replace("DOCUMENTOS ELECTRONICOS DE 02", "DOCUMENTOS ELECTRONICOS DE 09");
    expect(await verdictOf(tampered)).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: "200", valor: "La firma del documento no es válida" }],
    });
    expect(await verdictOf(signedRfce({ rnc: OTHER }, RNC))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: String(RECEPTION_CODES.delegation) }],
    });
    expect(await verdictOf(signedRfce())).toMatchObject({ codigo: 1 });
  });

  it("rejects an e-NCF not of type 32 or not authorized, with secuenciaUtilizada false", async () => {
    expect(await verdictOf(signedRfce({ encf: "E310000000041" }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: String(RECEPTION_CODES.sequenceType) }],
    });
    simulator.admin.authorizeRanges({
      environment: "TesteCF",
      rnc: RNC,
      ranges: [{ from: "E320000000001", to: "E320000000010" }],
    });
    expect(await verdictOf(signedRfce())).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: String(RECEPTION_CODES.unauthorized) }],
    });
  });

  it("refuses a summary at RD$250,000 with the number free: the whole e-CF 32 is then accepted by recepcion", async () => {
    expect(await verdictOf(signedRfce({ gravado: "0.00", exento: "250000.00" }))).toEqual({
      codigo: 2,
      estado: "Rechazado",
      mensajes: [{ codigo: "800", valor: MESSAGE_WHOLE_INVOICE_REQUIRED }],
      encf: ENCF,
      secuenciaUtilizada: false,
    });
    const whole = signedTestEcf({
      rnc: RNC,
      encf: ENCF,
      tipo: "32",
      lines: [{ cantidad: "1.00", precio: "250000.00" }],
    });
    const { trackId } = (await dgii.send(whole, { as: RNC })).json();
    expect(await dgii.verdict(String(trackId), RNC)).toMatchObject({ codigo: 1, encf: ENCF });
    expect(
      await verdictOf(signedRfce({ encf: "E320000000042", gravado: "0.00", exento: "249999.99" })),
    ).toMatchObject({ codigo: 1 });
  });

  it("rejects a number already issued, or voided, with secuenciaUtilizada true", async () => {
    simulator.admin.markIssued({ environment: "TesteCF", rnc: RNC, ranges: [{ from: ENCF, to: ENCF }] });
    expect(await verdictOf(signedRfce())).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [{ codigo: String(RECEPTION_CODES.used) }],
    });
    simulator.admin.reset();
    expect(await voidSummaryNumber()).toMatchObject({ kind: "accepted" });
    expect(await verdictOf(signedRfce())).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [
        {
          codigo: String(RECEPTION_CODES.voided),
          valor: `El e-NCF ${ENCF} fue anulado y no puede utilizarse.`,
        },
      ],
    });
    expect(await consultaRfce(CODE)).toMatchObject({ codigo: 2, estado: "Rechazado" });
  });

  it("faults by its own name: a 503 records nothing; drop-after spends the number the client never heard of", async () => {
    simulator.admin.injectFault({ service: "recepcionfc", mode: "status", status: 503 });
    expect((await sendSummary(signedRfce())).status).toBe(503);
    expect(await consultaRfce(CODE)).toMatchObject({ codigo: 0 });

    simulator.admin.injectFault({ service: "recepcionfc", mode: "drop-after" });
    await expect(sendSummary(signedRfce())).rejects.toThrow();
    expect(await consultaRfce(CODE)).toMatchObject({ codigo: 1, estado: "Aceptado" });
    expect(simulator.admin.calls().map((call) => [call.service, call.status])).toEqual([
      ["recepcionfc", 503],
      ["consultarfce", 200],
      ["recepcionfc", "dropped"],
      ["consultarfce", 200],
    ]);
  });

  it("answers 401 without a valid bearer token and 400 without the xml part", async () => {
    const { body, contentType } = buildXmlMultipart(signedRfce(), `${RNC}${ENCF}.xml`);
    const url = `${simulator.url}/testecf/recepcionfc/api/recepcion/ecf`;
    const unauthorized = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: new Uint8Array(body),
    });
    expect(unauthorized.status).toBe(401);
    const empty = await fetch(url, {
      method: "POST",
      headers: { Authorization: `bearer ${await dgii.token(RNC)}` },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe("Multipart cannot be empty");
  });
});
