import { describe, expect, it } from "vitest";
import { checkEcfRules } from "./check-ecf-rules";
import { codesAt, invoice31, set } from "./testing/documents";

/** invoice31 also in dollars at 50.00: US$20.00 at 18% and US$5.00 exempt, total US$28.60. */
function inDollars(): Record<string, unknown> {
  const ecf = set(invoice31(), "DetallesItems.Item[0].OtraMonedaDetalle", {
    PrecioOtraMoneda: "10.00",
    MontoItemOtraMoneda: "20.00",
  });
  set(ecf, "DetallesItems.Item[1].OtraMonedaDetalle", { PrecioOtraMoneda: 5, MontoItemOtraMoneda: 5 });
  return set(ecf, "Encabezado.OtraMoneda", {
    TipoMoneda: "USD",
    TipoCambio: "50.0000",
    MontoGravadoTotalOtraMoneda: "20.00",
    MontoGravado1OtraMoneda: 20,
    MontoExentoOtraMoneda: "5.00",
    TotalITBISOtraMoneda: "3.60",
    TotalITBIS1OtraMoneda: 3.6,
    MontoTotalOtraMoneda: "28.60",
  });
}

describe("OtraMoneda, checked in its currency", () => {
  it("a consistent dollar document passes", () => {
    expect(checkEcfRules(inDollars())).toEqual([]);
  });

  it("MontoTotalOtraMoneda off by more than the line count is AMOUNT_MISMATCH with the dollar amount", () => {
    expect(checkEcfRules(set(inDollars(), "Encabezado.OtraMoneda.MontoTotalOtraMoneda", "30.60"))).toEqual(
      [],
    );
    const errors = checkEcfRules(set(inDollars(), "Encabezado.OtraMoneda.MontoTotalOtraMoneda", "30.61"));
    expect(codesAt(errors)).toEqual(["AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.MontoTotalOtraMoneda"]);
    expect(errors[0]!.details).toContain("debe ser 28.60");
  });

  it("checks the by-rate amounts and ITBIS in the other currency", () => {
    const ecf = set(inDollars(), "Encabezado.OtraMoneda.MontoGravado1OtraMoneda", "30.00");
    set(ecf, "Encabezado.OtraMoneda.TotalITBIS1OtraMoneda", "1.00");
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.MontoGravado1OtraMoneda",
      "AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.TotalITBIS1OtraMoneda",
      "AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.MontoGravadoTotalOtraMoneda",
      "AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.TotalITBISOtraMoneda",
    ]);
  });

  it("a line's MontoItemOtraMoneda is price × quantity within ±1", () => {
    const errors = checkEcfRules(
      set(inDollars(), "DetallesItems.Item[0].OtraMonedaDetalle.MontoItemOtraMoneda", "21.01"),
    );
    expect(codesAt(errors)).toEqual([
      "AMOUNT_MISMATCH ECF.DetallesItems.Item[0].OtraMonedaDetalle.MontoItemOtraMoneda",
    ]);
  });

  it("an additional tax in the other currency is its pesos amount ÷ TipoCambio", () => {
    const withTip = (dollars: string) => {
      const ecf = set(inDollars(), "DetallesItems.Item[0].TablaImpuestoAdicional", {
        ImpuestoAdicional: [{ TipoImpuesto: "001" }],
      });
      set(ecf, "Encabezado.Totales.ImpuestosAdicionales", {
        ImpuestoAdicional: [
          { TipoImpuesto: "001", TasaImpuestoAdicional: 10, OtrosImpuestosAdicionales: "100.00" },
        ],
      });
      set(ecf, "Encabezado.Totales.MontoImpuestoAdicional", "100.00");
      set(ecf, "Encabezado.Totales.MontoTotal", "1530.00");
      set(ecf, "Encabezado.OtraMoneda.ImpuestosAdicionalesOtraMoneda", {
        ImpuestoAdicionalOtraMoneda: [
          {
            TipoImpuestoOtraMoneda: "001",
            TasaImpuestoAdicionalOtraMoneda: 10,
            OtrosImpuestosAdicionalesOtraMoneda: dollars,
          },
        ],
      });
      set(ecf, "Encabezado.OtraMoneda.MontoImpuestoAdicionalOtraMoneda", dollars);
      return set(ecf, "Encabezado.OtraMoneda.MontoTotalOtraMoneda", String(26.6 + Number(dollars)));
    };
    expect(checkEcfRules(withTip("2.00"))).toEqual([]);
    const errors = checkEcfRules(withTip("5.00"));
    expect(codesAt(errors)).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.OtraMoneda.ImpuestosAdicionalesOtraMoneda.ImpuestoAdicionalOtraMoneda[0].OtrosImpuestosAdicionalesOtraMoneda",
    ]);
    expect(errors[0]!.details).toContain("debe ser 2.00 (OtrosImpuestosAdicionales 100.00 ÷ TipoCambio 50;");
  });
});

/** invoice31 printed on two pages: line 1 (18%) on page 1, line 2 (exempt) on page 2. */
function paged(): Record<string, unknown> {
  const ecf = set(invoice31(), "Encabezado.IdDoc.TotalPaginas", 2);
  return set(ecf, "Paginacion", {
    Pagina: [
      {
        PaginaNo: 1,
        NoLineaDesde: 1,
        NoLineaHasta: 1,
        SubtotalMontoGravadoPagina: "1000.00",
        SubtotalMontoGravado1Pagina: "1000.00",
        SubtotalItbisPagina: 180,
        SubtotalItbis1Pagina: "180.00",
        MontoSubtotalPagina: "1180.00",
      },
      {
        PaginaNo: "2",
        NoLineaDesde: "2",
        NoLineaHasta: 2,
        SubtotalExentoPagina: 250,
        MontoSubtotalPagina: "250.00",
      },
    ],
  });
}

describe("Paginacion", () => {
  it("consistent pages pass", () => {
    expect(checkEcfRules(paged())).toEqual([]);
  });

  it("numbering, line ranges and TotalPaginas are PAGINACION_INVALIDA", () => {
    const ecf = set(paged(), "Paginacion.Pagina[1].PaginaNo", 3);
    set(ecf, "Paginacion.Pagina[1].NoLineaDesde", 3);
    set(ecf, "Encabezado.IdDoc.TotalPaginas", 3);
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "PAGINACION_INVALIDA ECF.Paginacion.Pagina[1].PaginaNo",
      "PAGINACION_INVALIDA ECF.Paginacion.Pagina[1].NoLineaDesde",
      "PAGINACION_INVALIDA ECF.Encabezado.IdDoc.TotalPaginas",
    ]);
  });

  it("a page subtotal comes from its lines, within the page's line count", () => {
    expect(checkEcfRules(set(paged(), "Paginacion.Pagina[0].SubtotalMontoGravado1Pagina", "999.00"))).toEqual(
      [],
    );
    const errors = checkEcfRules(set(paged(), "Paginacion.Pagina[0].SubtotalMontoGravado1Pagina", "998.99"));
    expect(codesAt(errors)).toEqual([
      "AMOUNT_MISMATCH ECF.Paginacion.Pagina[0].SubtotalMontoGravado1Pagina",
      "AMOUNT_MISMATCH ECF.Paginacion.Pagina[0].SubtotalMontoGravadoPagina",
    ]);
    expect(errors[0]!.details).toContain("debe ser 1000.00");
  });

  it("MontoTotal equals the sum of MontoSubtotalPagina", () => {
    expect(
      codesAt(checkEcfRules(set(paged(), "Paginacion.Pagina[1].MontoSubtotalPagina", "260.00"))),
    ).toEqual([
      "AMOUNT_MISMATCH ECF.Paginacion.Pagina[1].MontoSubtotalPagina",
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoTotal",
    ]);
  });
});
