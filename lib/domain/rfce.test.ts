import { describe, expect, it } from "vitest";

import type { EcfJson } from "./ecf-validation";
import { consumer32 } from "./ecf-rules/testing/documents";
import { rfceOf } from "./rfce";

/**
 * An e-CF 32 with what the summary carries and what it leaves out: three payment forms (one sent as
 * a bare object in the second test), a buyer, 18 % and 16 % ITBIS, exempt, an additional tax (ISC
 * ad valorem + other), a non-billable amount, another currency, and lines. Amounts mix JSON numbers
 * and strings of 0, 1 and 2 decimals, as MSeller's clients send them.
 */
function consumerInvoice(): EcfJson {
  return {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: 32,
        eNCF: "E320000000007",
        IndicadorMontoGravado: 0,
        TipoIngresos: "01",
        TipoPago: 1,
        TablaFormasPago: {
          FormaDePago: [
            { FormaPago: 1, MontoPago: 1000 },
            { FormaPago: "3", MontoPago: "2000.5" },
            { FormaPago: 2, MontoPago: "346.75" },
          ],
        },
        TipoCuentaPago: "CT",
      },
      Emisor: {
        RNCEmisor: "130000001",
        RazonSocialEmisor: "Colmado Los Pinos SRL",
        NombreComercial: "Los Pinos",
        DireccionEmisor: "Calle 1",
        FechaEmision: "05-12-2026",
      },
      Comprador: {
        RNCComprador: "00114272360",
        RazonSocialComprador: "Juana Pérez",
        CorreoComprador: "juana@example.do",
      },
      Totales: {
        MontoGravadoTotal: 2500,
        MontoGravadoI1: "2000.00",
        MontoGravadoI2: 500,
        MontoExento: "100",
        ITBIS1: 18,
        ITBIS2: 16,
        TotalITBIS: 440,
        TotalITBIS1: 360,
        TotalITBIS2: "80.0",
        MontoImpuestoAdicional: 307.25,
        ImpuestosAdicionales: {
          ImpuestoAdicional: [
            { TipoImpuesto: "023", TasaImpuestoAdicional: 10, MontoImpuestoSelectivoConsumoAdvalorem: 250 },
            { TipoImpuesto: "002", TasaImpuestoAdicional: 2, OtrosImpuestosAdicionales: "57.25" },
          ],
        },
        MontoTotal: "3347.25",
        MontoNoFacturable: -25,
        MontoPeriodo: "3322.25",
        SaldoAnterior: 10,
        ValorPagar: "3332.25",
      },
      OtraMoneda: { TipoMoneda: "USD", TipoCambio: 58, MontoTotalOtraMoneda: "57.71" },
    },
    DetallesItems: { Item: [{ NumeroLinea: 1, MontoItem: 2000 }] },
  };
}

describe("rfceOf", () => {
  it("carries every field DGII's RFCE format takes from the e-CF, amounts with two decimals", () => {
    expect(rfceOf(consumerInvoice(), "Ab+3xZ")).toEqual({
      RFCE: {
        Encabezado: {
          Version: "1.0",
          IdDoc: {
            TipoeCF: "32",
            eNCF: "E320000000007",
            TipoIngresos: "01",
            TipoPago: "1",
            TablaFormasPago: {
              FormaDePago: [
                { FormaPago: "1", MontoPago: "1000.00" },
                { FormaPago: "3", MontoPago: "2000.50" },
                { FormaPago: "2", MontoPago: "346.75" },
              ],
            },
          },
          Emisor: {
            RNCEmisor: "130000001",
            RazonSocialEmisor: "Colmado Los Pinos SRL",
            FechaEmision: "05-12-2026",
          },
          Comprador: { RNCComprador: "00114272360", RazonSocialComprador: "Juana Pérez" },
          Totales: {
            MontoGravadoTotal: "2500.00",
            MontoGravadoI1: "2000.00",
            MontoGravadoI2: "500.00",
            MontoExento: "100.00",
            TotalITBIS: "440.00",
            TotalITBIS1: "360.00",
            TotalITBIS2: "80.00",
            MontoImpuestoAdicional: "307.25",
            ImpuestosAdicionales: {
              ImpuestoAdicional: [
                { TipoImpuesto: "023", MontoImpuestoSelectivoConsumoAdvalorem: "250.00" },
                { TipoImpuesto: "002", OtrosImpuestosAdicionales: "57.25" },
              ],
            },
            MontoTotal: "3347.25",
            MontoNoFacturable: "-25.00",
            MontoPeriodo: "3322.25",
          },
          CodigoSeguridadeCF: "Ab+3xZ",
        },
      },
    });
  });

  it("Totales in the XSD's order, ImpuestosAdicionales before MontoTotal", () => {
    const totales = rfceOf(consumerInvoice(), "Ab+3xZ").RFCE.Encabezado.Totales;
    expect(Object.keys(totales)).toEqual([
      "MontoGravadoTotal",
      "MontoGravadoI1",
      "MontoGravadoI2",
      "MontoExento",
      "TotalITBIS",
      "TotalITBIS1",
      "TotalITBIS2",
      "MontoImpuestoAdicional",
      "ImpuestosAdicionales",
      "MontoTotal",
      "MontoNoFacturable",
      "MontoPeriodo",
    ]);
  });

  it("an anonymous consumer with one payment form sent as a bare object", () => {
    const ecf = consumer32("150.5");
    const idDoc = (ecf.Encabezado as { IdDoc: Record<string, unknown> }).IdDoc;
    idDoc.TablaFormasPago = { FormaDePago: { FormaPago: 1, MontoPago: "150.5" } };
    const { Encabezado } = rfceOf(ecf, "qwErty").RFCE;
    expect(Encabezado.IdDoc.TablaFormasPago).toEqual({
      FormaDePago: [{ FormaPago: "1", MontoPago: "150.50" }],
    });
    expect(Encabezado.Comprador).toEqual({});
    expect(Encabezado.Totales).toEqual({ MontoExento: "150.50", MontoTotal: "150.50" });
    expect(Encabezado.CodigoSeguridadeCF).toBe("qwErty");
  });

  it("a buyer without RNC keeps its foreign identifier; no payment table, none in the summary", () => {
    const ecf = consumer32("10");
    (ecf.Encabezado as { Comprador: unknown }).Comprador = {
      IdentificadorExtranjero: "PA1234567",
      RazonSocialComprador: "John Doe",
    };
    const { Encabezado } = rfceOf(ecf, "zzzzzz").RFCE;
    expect(Encabezado.Comprador).toEqual({
      IdentificadorExtranjero: "PA1234567",
      RazonSocialComprador: "John Doe",
    });
    expect(Encabezado.IdDoc).not.toHaveProperty("TablaFormasPago");
  });

  it("never computes an amount: each is the e-CF's own value, even one that does not add up", () => {
    const ecf = consumer32("100.00");
    (ecf.Encabezado as { Totales: Record<string, unknown> }).Totales.MontoTotal = "99.1";
    expect(rfceOf(ecf, "abcdef").RFCE.Encabezado.Totales).toEqual({
      MontoExento: "100.00",
      MontoTotal: "99.10",
    });
  });
});
