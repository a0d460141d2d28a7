import { describe, expect, it } from "vitest";
import {
  buyerRncOf,
  ecfAmountsOf,
  encfOf,
  fechaEmisionOf,
  needsFullSubmission,
  rncEmisorOf,
  tipoOf,
} from "./ecf-reader";
import { consumer32, invoice31, set } from "./testing/documents";

describe("readers", () => {
  it("read what the QR and the file name need, as the document carries it", () => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.TipoeCF", 31);
    expect(tipoOf(ecf)).toBe("31");
    expect(encfOf(ecf)).toBe("E310000000001");
    expect(rncEmisorOf(ecf)).toBe("130000001");
    expect(buyerRncOf(ecf)).toBe("131880738");
    expect(fechaEmisionOf(ecf)).toBe("01-12-2026");
    expect(buyerRncOf(consumer32("10.00"))).toBeUndefined();
  });

  it("ecfAmountsOf keeps MontoTotal's text and gives the pesos amount with two decimals", () => {
    expect(ecfAmountsOf(set(invoice31(), "Encabezado.Totales.MontoTotal", 1430))).toEqual({
      montoTotal: "1430",
      montoTotalPesos: "1430.00",
      totalItbis: "180.00",
    });
    const dollars = set(invoice31(), "Encabezado.OtraMoneda", {
      TipoMoneda: "USD",
      TipoCambio: 50,
      MontoTotalOtraMoneda: 28.6,
    });
    expect(ecfAmountsOf(dollars)).toEqual({
      montoTotal: "1430.00",
      montoTotalPesos: "1430.00",
      totalItbis: "180.00",
      tipoMoneda: "USD",
      montoTotalOtraMoneda: "28.60",
    });
  });
});

describe("needsFullSubmission", () => {
  it("type 32 goes whole at or above RD$250,000.00 and as a summary below", () => {
    expect(needsFullSubmission(consumer32("249999.99"))).toBe(false);
    expect(needsFullSubmission(consumer32("250000.00"))).toBe(true);
    expect(needsFullSubmission(set(consumer32("1"), "Encabezado.Totales.MontoTotal", 250000))).toBe(true);
    expect(needsFullSubmission(set(consumer32("1"), "Encabezado.IdDoc.TipoeCF", 32))).toBe(false);
  });

  it("in another currency, the pesos amount decides", () => {
    const dollars = (pesos: string, usd: string) =>
      set(consumer32(pesos), "Encabezado.OtraMoneda", {
        TipoMoneda: "USD",
        TipoCambio: "58.0000",
        MontoTotalOtraMoneda: usd,
      });
    expect(needsFullSubmission(dollars("250000.00", "4310.35"))).toBe(true);
    expect(needsFullSubmission(dollars("249999.99", "4310.34"))).toBe(false);
  });

  it("every other type goes whole, whatever its amount", () => {
    expect(needsFullSubmission(set(invoice31(), "Encabezado.Totales.MontoTotal", "1.00"))).toBe(true);
  });
});
