import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { loadPkcs12, signXml } from "@/lib/server/platform/signing";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { credentialFor } from "@/lib/server/platform/taxauth/test-support";
import { RECEPTION_CODES } from "./ecf-reception-checks";
import { buildTestEcf } from "./test-ecf-fixtures";
import { startTaxAuthSimulator, type SimulatorHandle } from "./index";
import { MESSAGE_CONSUMER_INVOICE_TO_RFCE } from "./recepcion";
import { receptionClient, signedTestEcf } from "./test-reception-client";

const RNC = "130000051";
const OTHER = "130000052";
const ENCF = "E310000000021";
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

/** Sends and waits for the verdict; the reception answer must be a trackId. */
async function verdictOf(xml: string, as = RNC) {
  const answer = await dgii.send(xml, { as });
  expect(answer.status).toBe(200);
  const { trackId } = answer.json();
  return dgii.verdict(String(trackId), as);
}

describe("recepcion/api/facturaselectronicas", () => {
  it("answers a trackId at once, shows En Proceso for the delay, then Aceptado (paths case-insensitive)", async () => {
    simulator.admin.setReceptionDelay(300);
    const answer = await dgii.send(signedTestEcf({ rnc: RNC, encf: ENCF }), {
      as: RNC,
      path: "Recepcion/API/FacturasElectronicas",
    });
    expect(answer.status).toBe(200);
    const body = answer.json();
    expect(body).toEqual({ trackId: expect.stringMatching(/^[0-9a-f-]{36}$/), error: null, mensaje: null });
    const trackId = String(body.trackId);

    expect(await dgii.result(trackId, RNC)).toMatchObject({
      trackId,
      codigo: 3,
      estado: "En Proceso",
      encf: ENCF,
    });
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([
      { trackId, codigo: "3", estado: "En Proceso", fechaRecepcion: expect.any(String) },
    ]);
    const final = await dgii.verdict(trackId, RNC);
    expect(final).toEqual({
      trackId,
      codigo: 1,
      estado: "Aceptado",
      rnc: RNC,
      encf: ENCF,
      secuenciaUtilizada: true,
      fechaRecepcion: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d\d:\d\d [AP]M$/),
      mensajes: [],
    });
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([
      { trackId, codigo: "1", estado: "Aceptado", fechaRecepcion: final.fechaRecepcion },
    ]);
    expect(simulator.admin.callCounts().recepcion).toBe(1);
  });

  it("accepts conditionally (4) an e-CF whose amounts are beyond DGII's tolerance, and spends the number", async () => {
    const final = await verdictOf(
      signedTestEcf({
        rnc: RNC,
        encf: ENCF,
        lines: [{ cantidad: "15.00", precio: "400.00", monto: "6100.00" }],
      }),
    );
    expect(final).toMatchObject({ codigo: 4, estado: "Aceptado Condicional", secuenciaUtilizada: true });
    expect(final.mensajes).toEqual([
      { valor: expect.stringMatching(/^Línea 1: el MontoItem 6100\.00/), codigo: RECEPTION_CODES.amounts },
    ]);
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: ENCF }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [{ valor: `El e-NCF ${ENCF} ya fue utilizado.`, codigo: RECEPTION_CODES.used }],
    });
    expect(await dgii.trackIds(RNC, ENCF)).toMatchObject([
      { estado: "Aceptado Condicional" },
      { estado: "Rechazado" },
    ]);
  });

  it("rejects an XSD failure with secuenciaUtilizada false: the corrected e-CF with the same number is accepted", async () => {
    const broken = signXml(
      buildTestEcf({ rnc: RNC, encf: ENCF }).replace(/<RazonSocialEmisor>[^<]*<\/RazonSocialEmisor>/, ""),
      credentialFor(RNC),
    );
    const final = await verdictOf(broken);
    expect(final).toMatchObject({
      codigo: 2,
      estado: "Rechazado",
      secuenciaUtilizada: false,
      rnc: RNC,
      encf: ENCF,
    });
    expect(final.mensajes).toEqual([
      {
        valor: expect.stringMatching(/^El documento no cumple con el esquema XSD: .*RazonSocialEmisor/),
        codigo: 100,
      },
    ]);
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: ENCF }))).toMatchObject({ codigo: 1 });
  });

  it("rejects a document whose signature does not verify, leaving the number free", async () => {
    const tampered = signedTestEcf({ rnc: RNC, encf: ENCF }).replace("ARTICULO 1", "ARTICULO 9");
    expect(await verdictOf(tampered)).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ valor: "La firma del documento no es válida", codigo: RECEPTION_CODES.signature }],
    });
  });

  it("rejects a document signed with a certificate out of force, leaving the number free", async () => {
    const { p12 } = generatePkcs12({
      rnc: RNC,
      password: "prueba",
      notBefore: new Date("2020-01-01"),
      notAfter: new Date("2021-01-01"),
    });
    const expired = loadPkcs12(p12, "prueba", { allowExpired: true });
    expect(await verdictOf(signXml(buildTestEcf({ rnc: RNC, encf: ENCF }), expired))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: RECEPTION_CODES.certificate }],
    });
  });

  it("rejects an issuer the certificate's holder is not, until DGII records the delegation", async () => {
    const forOther = signedTestEcf({ rnc: OTHER, encf: ENCF }, RNC);
    expect(await verdictOf(forOther)).toMatchObject({ codigo: 0 }); // RNC may not see OTHER's documents
    const [rejected] = (await dgii.trackIds(OTHER, ENCF, OTHER)) as Array<{ trackId: string }>;
    expect(await dgii.result(rejected!.trackId, OTHER)).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [
        {
          valor: `El RNC del certificado no está delegado para realizar transacciones para el RNC: ${OTHER}`,
          codigo: RECEPTION_CODES.delegation,
        },
      ],
    });
    simulator.admin.delegate({ rncEmisor: OTHER, delegateId: RNC });
    expect(await verdictOf(forOther)).toMatchObject({ codigo: 1, rnc: OTHER });
  });

  it("rejects an e-NCF not of its TipoeCF, not authorized or expired, with secuenciaUtilizada false", async () => {
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: "E320000000021" }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: RECEPTION_CODES.sequenceType }],
    });
    expect(
      await verdictOf(signedTestEcf({ rnc: RNC, encf: ENCF, fechaVencimientoSecuencia: "31-12-2020" })),
    ).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ codigo: RECEPTION_CODES.expired }],
    });
    simulator.admin.authorizeRanges({
      environment: "TesteCF",
      rnc: RNC,
      ranges: [{ from: "E310000000001", to: "E310000000010" }],
    });
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: ENCF }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: false,
      mensajes: [{ valor: `La secuencia ${ENCF} no está autorizada para el RNC ${RNC}.` }],
    });
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: "E310000000010" }))).toMatchObject({ codigo: 1 });
  });

  it("rejects a number already issued (markIssued) as used, with secuenciaUtilizada true", async () => {
    simulator.admin.markIssued({ environment: "TesteCF", rnc: RNC, ranges: [{ from: ENCF, to: ENCF }] });
    expect(await verdictOf(signedTestEcf({ rnc: RNC, encf: ENCF }))).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [{ codigo: RECEPTION_CODES.used }],
    });
  });

  it("refuses, without a trackId, a type 32 under RD$250,000 (DGII's words) and a file not named RNC + e-NCF", async () => {
    const small = signedTestEcf({ rnc: RNC, encf: "E320000000021", tipo: "32" });
    const refused = await dgii.send(small, { as: RNC });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({
      trackId: null,
      error: expect.any(String),
      mensaje: MESSAGE_CONSUMER_INVOICE_TO_RFCE,
    });
    const large = signedTestEcf({
      rnc: RNC,
      encf: "E320000000022",
      tipo: "32",
      lines: [{ cantidad: "1.00", precio: "250000.00" }],
    });
    expect(await verdictOf(large)).toMatchObject({ codigo: 1, encf: "E320000000022" });

    const misnamed = await dgii.send(signedTestEcf({ rnc: RNC, encf: ENCF }), {
      as: RNC,
      fileName: "factura.xml",
    });
    expect(misnamed.status).toBe(400);
    expect(misnamed.json()).toMatchObject({
      trackId: null,
      mensaje: expect.stringContaining(`${RNC}${ENCF}.xml`),
    });
    expect(await dgii.trackIds(RNC, ENCF)).toEqual([]);
  });
});
