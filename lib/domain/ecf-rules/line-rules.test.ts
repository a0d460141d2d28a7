import { describe, expect, it } from "vitest";
import { checkEcfRules } from "./check-ecf-rules";
import { Money, round2 } from "./json-access";
import { codesAt, creditNote34, invoice31, lines, set } from "./testing/documents";

describe("line amounts (±1 per line)", () => {
  it("MontoItem exactly 1.00 away passes; 1.01 away is AMOUNT_MISMATCH naming the expected amount", () => {
    expect(checkEcfRules(set(invoice31(), "DetallesItems.Item[0].MontoItem", "1001.00"))).toEqual([]);
    expect(checkEcfRules(set(invoice31(), "DetallesItems.Item[0].MontoItem", "999.00"))).toEqual([]);
    const errors = checkEcfRules(set(invoice31(), "DetallesItems.Item[0].MontoItem", "1001.01"));
    expect(codesAt(errors)).toEqual(["AMOUNT_MISMATCH ECF.DetallesItems.Item[0].MontoItem"]);
    expect(errors[0]!.name).toBe("MontoItem");
    expect(errors[0]!.details).toMatch(
      /^MontoItem debe ser 1000\.00 \(CantidadItem 2 × PrecioUnitarioItem 500 .*; se recibió 1001\.01\.$/,
    );
  });

  it("rounds the line's product half-up to cents before comparing (Informe Técnico p. 21's example)", () => {
    // 5.50 × 100.33 = 551.815 → 551.82; the issuer wrote 552.80 (0.98 away: within tolerance).
    const ecf = set(
      invoice31(),
      "DetallesItems",
      lines([{ indicator: 4, quantity: "5.50", price: "100.33", amount: "552.80" }]),
    );
    set(ecf, "Encabezado.Totales", { MontoExento: "552.80", MontoTotal: "552.80" });
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "DetallesItems.Item[0].MontoItem", "552.83");
    expect(checkEcfRules(ecf)[0]!.details).toContain("debe ser 551.82");
  });

  it("DescuentoMonto is the sum of its sub-discounts, and a % sub-discount is price × % × quantity", () => {
    const discounted = () => {
      const ecf = set(invoice31(), "DetallesItems.Item[0].DescuentoMonto", "100.00");
      set(ecf, "DetallesItems.Item[0].TablaSubDescuento", {
        SubDescuento: [{ TipoSubDescuento: "%", SubDescuentoPorcentaje: 10, MontoSubDescuento: "100.00" }],
      });
      set(ecf, "DetallesItems.Item[0].MontoItem", "900.00");
      return set(ecf, "Encabezado.Totales", {
        MontoGravadoTotal: 900,
        MontoGravadoI1: 900,
        MontoExento: 250,
        ITBIS1: 18,
        TotalITBIS: 162,
        TotalITBIS1: 162,
        MontoTotal: 1312,
      });
    };
    expect(checkEcfRules(discounted())).toEqual([]);
    const ecf = set(
      discounted(),
      "DetallesItems.Item[0].TablaSubDescuento.SubDescuento[0].MontoSubDescuento",
      "98.99",
    );
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "AMOUNT_MISMATCH ECF.DetallesItems.Item[0].TablaSubDescuento.SubDescuento[0].MontoSubDescuento",
      "AMOUNT_MISMATCH ECF.DetallesItems.Item[0].DescuentoMonto",
    ]);
  });

  it("a credit note correcting text (CodigoModificacion 2) carries MontoItem 0", () => {
    const ecf = set(
      creditNote34("01-11-2026", "01-12-2026", 0),
      "InformacionReferencia.CodigoModificacion",
      2,
    );
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "AMOUNT_MISMATCH ECF.DetallesItems.Item[0].MontoItem",
      "AMOUNT_MISMATCH ECF.DetallesItems.Item[1].MontoItem",
    ]);
  });
});

describe("decimal arithmetic", () => {
  it("rounds half-up on exact decimals (binary floats would not)", () => {
    expect(round2(new Money("0.005")).toFixed(2)).toBe("0.01");
    expect(round2(new Money("1.005")).toFixed(2)).toBe("1.01"); // 1.005 as a float is 1.00499…
    expect(round2(new Money("750.5212")).toFixed(2)).toBe("750.52");
    expect(round2(new Money("750.5276")).toFixed(2)).toBe("750.53");
    expect(round2(new Money("0.0049")).toFixed(2)).toBe("0.00");
  });

  it("strings and numbers give the same answers", () => {
    const asNumbers = JSON.parse(JSON.stringify(invoice31()), (_, value) =>
      typeof value === "string" && /^\d+(\.\d+)?$/.test(value) && !/^0\d/.test(value) && value.length < 12
        ? Number(value)
        : value,
    );
    const asStrings = JSON.parse(JSON.stringify(invoice31()), (_, value) =>
      typeof value === "number" ? String(value) : value,
    );
    expect(checkEcfRules(asNumbers)).toEqual([]);
    expect(checkEcfRules(asStrings)).toEqual([]);
    const broken = (ecf: Record<string, unknown>) =>
      checkEcfRules(set(ecf, "Encabezado.Totales.MontoTotal", 1500));
    expect(broken(asNumbers)).toEqual(broken(asStrings));
    expect(codesAt(broken(asNumbers))).toEqual(["AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoTotal"]);
  });

  it("checks 1,000 lines in a few milliseconds", () => {
    const ecf = set(
      invoice31(),
      "DetallesItems",
      lines(
        Array.from({ length: 1000 }, () => ({
          indicator: 1,
          quantity: 3,
          price: "33.3333",
          amount: "100.00",
        })),
      ),
    );
    set(ecf, "Encabezado.Totales", {
      MontoGravadoTotal: 100000,
      MontoGravadoI1: 100000,
      ITBIS1: 18,
      TotalITBIS: 18000,
      TotalITBIS1: 18000,
      MontoTotal: 118000,
    });
    for (let run = 0; run < 5; run++) checkEcfRules(ecf); // let the JIT compile the paths
    const times: number[] = [];
    let errors: unknown[] = [];
    for (let run = 0; run < 11; run++) {
      const started = performance.now();
      errors = checkEcfRules(ecf);
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[5]!;
    console.log(
      `checkEcfRules, 1,000 lines: median ${median.toFixed(1)} ms (min ${times[0]!.toFixed(1)} ms)`,
    );
    expect(errors).toEqual([]);
  });
});
