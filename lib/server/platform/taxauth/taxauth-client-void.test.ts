import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signXml } from "@/lib/server/platform/signing";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";
import { TaxAuthClient } from "./taxauth-client";
import {
  buildTestAnecf,
  configFor,
  credentialFor,
  signedTestAnecf,
  startTestSimulator,
  type TestBlock,
} from "./test-support";
import type { VoidOutcome } from "./types";

const RNC = "130000001";
const OTHER_RNC = "130000002";
let simulator: SimulatorHandle;
let client: TaxAuthClient;

beforeAll(async () => {
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator));
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});
beforeEach(() => simulator.admin.reset());

function send(
  blocks: TestBlock[],
  options: { rnc?: string; xml?: string; environment?: "TesteCF" | "CerteCF" } = {},
) {
  const rnc = options.rnc ?? RNC;
  const xml = options.xml ?? signedTestAnecf(rnc, blocks, credentialFor(RNC));
  return client.voidRanges({
    environment: options.environment ?? "TesteCF",
    rnc: RNC,
    credential: credentialFor(RNC),
    xml,
    fileName: `${rnc}ANECFtest.xml`,
  });
}

function expectRejected(outcome: VoidOutcome, pattern: RegExp): void {
  expect(outcome.kind).toBe("rejected");
  if (outcome.kind !== "rejected") return;
  expect(outcome.httpStatus).toBe(200);
  expect(outcome.response).toMatchObject({ codigo: "2", nombre: "Rechazado" });
  expect(outcome.response.mensajes.join(" | ")).toMatch(pattern);
}

describe("anularrango through the client", () => {
  it("accepts a valid void and records the sequences as voided", async () => {
    const outcome = await send([
      { tipo: "31", ranges: [["E310000000001", "E310000000005"]] },
      {
        tipo: "32",
        ranges: [
          ["E320000000010", "E320000000010"],
          ["E320000000020", "E320000000029"],
        ],
      },
    ]);
    expect(outcome).toEqual({
      kind: "accepted",
      httpStatus: 200,
      response: { rnc: RNC, codigo: "1", nombre: "Aceptado", mensajes: [] },
    });
    expect(simulator.admin.voidedRanges("TesteCF", RNC)).toEqual([
      { from: "E310000000001", to: "E310000000005" },
      { from: "E320000000010", to: "E320000000010" },
      { from: "E320000000020", to: "E320000000029" },
    ]);
  });

  it("rejects voiding the same sequences twice, naming them", async () => {
    expect((await send([{ tipo: "31", ranges: [["E310000000001", "E310000000005"]] }])).kind).toBe(
      "accepted",
    );
    const again = await send([{ tipo: "31", ranges: [["E310000000004", "E310000000009"]] }]);
    expectRejected(
      again,
      /Las secuencias que está intentando anular han sido utilizadas: E310000000004-E310000000005$/,
    );
  });

  it("rejects issued sequences and voids nothing of the document (all or nothing)", async () => {
    simulator.admin.markIssued({
      environment: "TesteCF",
      rnc: RNC,
      ranges: [{ from: "E310000000003", to: "E310000000003" }],
    });
    const outcome = await send([
      { tipo: "31", ranges: [["E310000000001", "E310000000005"]] },
      { tipo: "32", ranges: [["E320000000001", "E320000000005"]] },
    ]);
    expectRejected(outcome, /han sido utilizadas: E310000000003$/);
    expect(simulator.admin.voidedRanges("TesteCF", RNC)).toEqual([]);
  });

  it("rejects sequences not authorized to the RNC (CerteCF has no default authorization)", async () => {
    const blocks: TestBlock[] = [{ tipo: "31", ranges: [["E310000000001", "E310000000005"]] }];
    expectRejected(
      await send(blocks, { environment: "CerteCF" }),
      /no están autorizadas para el RNC 130000001: E310000000001-E310000000005/,
    );
    simulator.admin.authorizeRanges({
      environment: "CerteCF",
      rnc: RNC,
      ranges: [{ from: "E310000000001", to: "E310000000003" }],
    });
    expectRejected(
      await send(blocks, { environment: "CerteCF" }),
      /autorizadas para el RNC 130000001: E310000000004-E310000000005$/,
    );
    simulator.admin.authorizeRanges({
      environment: "CerteCF",
      rnc: RNC,
      ranges: [{ from: "E310000000004", to: "E310000001000" }],
    });
    expect((await send(blocks, { environment: "CerteCF" })).kind).toBe("accepted");
  });

  it("rejects a series other than E in TesteCF's default authorization, and series P or A outright", async () => {
    expectRejected(
      await send([{ tipo: "31", ranges: [["F310000000001", "F310000000002"]] }]),
      /no están autorizadas/,
    );
    expectRejected(
      await send([{ tipo: "31", ranges: [["P310000000001", "P310000000002"]] }]),
      /La serie de la secuencia P310000000001 no es válida/,
    );
    expectRejected(
      await send([{ tipo: "31", ranges: [["A310000000001", "A310000000002"]] }]),
      /La serie de la secuencia A310000000001/,
    );
  });

  it("rejects NoLinea out of order", async () => {
    const outcome = await send([
      { tipo: "31", ranges: [["E310000000001", "E310000000001"]], noLinea: "2" },
      { tipo: "32", ranges: [["E320000000001", "E320000000001"]], noLinea: "1" },
    ]);
    expectRejected(outcome, /El número de línea 2 no es válido; se esperaba 1/);
  });

  it("rejects a TipoeCF that differs from the e-NCF's type digits", async () => {
    const outcome = await send([{ tipo: "31", ranges: [["E320000000001", "E320000000002"]] }]);
    expectRejected(
      outcome,
      /El tipo de comprobante no es válido: la secuencia E320000000001 no es del tipo 31/,
    );
  });

  it("rejects a TipoeCF outside the published types (the XSD enumerates them)", async () => {
    const outcome = await send([{ tipo: "35", ranges: [["E350000000001", "E350000000002"]] }]);
    expectRejected(outcome, /esquema XSD: .*TipoeCF/);
  });

  it("rejects Desde greater than Hasta, and ends of different series", async () => {
    const reversed = buildTestAnecf(
      RNC,
      [{ tipo: "31", ranges: [["E310000000009", "E310000000002"]], cantidad: 1 }],
      { total: 1 },
    );
    expectRejected(
      await send([], { xml: signXml(reversed, credentialFor(RNC)) }),
      /desde E310000000009 es mayor/,
    );
    expectRejected(
      await send([{ tipo: "31", ranges: [["E310000000001", "F310000000002"]], cantidad: 2 }]),
      /no son de la misma serie/,
    );
  });

  it("rejects a zero sequence", async () => {
    expectRejected(
      await send([{ tipo: "31", ranges: [["E310000000000", "E310000000002"]] }]),
      /La secuencia E310000000000 no es válida/,
    );
  });

  it("rejects block and header counts that do not add up", async () => {
    expectRejected(
      await send([{ tipo: "31", ranges: [["E310000000001", "E310000000005"]], cantidad: 4 }]),
      /línea 1 \(4\) no coincide con los rangos \(5\)/,
    );
    const xml = signXml(
      buildTestAnecf(RNC, [{ tipo: "31", ranges: [["E310000000001", "E310000000005"]] }], { total: 6 }),
      credentialFor(RNC),
    );
    expectRejected(
      await send([], { xml }),
      /cantidad total de e-NCF anulados \(6\) no coincide con el detalle \(5\)/,
    );
  });

  it("rejects a sequence repeated inside the document", async () => {
    const outcome = await send([
      {
        tipo: "31",
        ranges: [
          ["E310000000001", "E310000000005"],
          ["E310000000005", "E310000000008"],
        ],
      },
    ]);
    expectRejected(outcome, /repetidas en el documento: E310000000005/);
  });

  it("rejects an RncEmisor the certificate holder is not delegated for, until delegated", async () => {
    const blocks: TestBlock[] = [{ tipo: "31", ranges: [["E310000000001", "E310000000002"]] }];
    expectRejected(
      await send(blocks, { rnc: OTHER_RNC }),
      /^El RNC del certificado no está delegado para realizar transacciones para el RNC: 130000002$/,
    );
    simulator.admin.delegate({ rncEmisor: OTHER_RNC, delegateId: RNC });
    expect(await send(blocks, { rnc: OTHER_RNC })).toMatchObject({
      kind: "accepted",
      response: { rnc: OTHER_RNC },
    });
    expect(simulator.admin.voidedRanges("TesteCF", OTHER_RNC)).toHaveLength(1);
  });

  it("rejects a document whose signed content was altered", async () => {
    const xml = signedTestAnecf(RNC, [{ tipo: "31", ranges: [["E310000000001", "E310000000005"]] }]);
    const altered = xml
      .replace("<SecuenciaeNCFHasta>E310000000005", "<SecuenciaeNCFHasta>E310000000004")
      .replace(
        "<CantidadeNCFAnulados>5</CantidadeNCFAnulados></Anulacion>",
        "<CantidadeNCFAnulados>4</CantidadeNCFAnulados></Anulacion>",
      );
    expect(altered).not.toBe(xml);
    expectRejected(await send([], { xml: altered }), /^La firma del documento no es válida$/);
    expect(simulator.admin.voidedRanges("TesteCF", RNC)).toEqual([]);
  });

  it("rejects a document that fails the official XSD (Version 1.1, or unsigned)", async () => {
    const blocks: TestBlock[] = [{ tipo: "31", ranges: [["E310000000001", "E310000000005"]] }];
    const wrongVersion = signXml(buildTestAnecf(RNC, blocks, { version: "1.1" }), credentialFor(RNC));
    expectRejected(await send([], { xml: wrongVersion }), /esquema XSD: .*Version/);
    expectRejected(await send([], { xml: buildTestAnecf(RNC, blocks) }), /esquema XSD/);
  });
});
