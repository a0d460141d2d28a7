import { describe, expect, it } from "vitest";
import { checkEcfRules } from "./check-ecf-rules";
import { codesAt, invoice31, lines, set } from "./testing/documents";

/** One 18% line of `amount` with prices including ITBIS when `included`. */
function single(amount: string, totals: Record<string, unknown>, included = false): Record<string, unknown> {
  const ecf = set(invoice31(), "Encabezado.Totales", { ITBIS1: 18, ...totals });
  set(ecf, "Encabezado.IdDoc.IndicadorMontoGravado", included ? 1 : 0);
  return set(ecf, "DetallesItems", lines([{ indicator: 1, quantity: 1, price: amount, amount }]));
}

describe("totals (tolerance: one unit per line)", () => {
  it("MontoTotal exactly 2.00 away on a 2-line document passes; 2.01 away fails with the expected value", () => {
    expect(checkEcfRules(set(invoice31(), "Encabezado.Totales.MontoTotal", "1432.00"))).toEqual([]);
    const errors = checkEcfRules(set(invoice31(), "Encabezado.Totales.MontoTotal", "1432.01"));
    expect(codesAt(errors)).toEqual(["AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoTotal"]);
    expect(errors[0]!.details).toBe(
      "MontoTotal debe ser 1430.00 (MontoGravadoTotal 1000.00 + MontoExento 250.00 + TotalITBIS 180.00 + " +
        "MontoImpuestoAdicional 0.00; tolerancia ±2.00); se recibió 1432.01.",
    );
  });

  it("each header amount is checked where it is: by-rate amounts, ITBIS, sums", () => {
    const cases: Array<[string, unknown, string]> = [
      ["MontoGravadoI1", "900.00", "MontoGravadoI1 debe ser 1000.00"],
      ["MontoExento", undefined, "MontoExento debe ser 250.00"],
      ["TotalITBIS1", "170.00", "TotalITBIS1 debe ser 180.00"],
      ["TotalITBIS", "170.00", "TotalITBIS debe ser 180.00"],
      ["MontoGravadoTotal", "990.00", "MontoGravadoTotal debe ser 1000.00"],
    ];
    for (const [name, value, message] of cases) {
      const errors = checkEcfRules(set(invoice31(), `Encabezado.Totales.${name}`, value));
      expect(codesAt(errors)).toContain(`AMOUNT_MISMATCH ECF.Encabezado.Totales.${name}`);
      expect(errors.find((error) => error.field.endsWith(`.${name}`))!.details).toContain(message);
    }
  });

  it("ITBIS is rounded half-up: 0.25 × 18% = 0.045 → 0.05", () => {
    const ecf = single("0.25", {
      MontoGravadoTotal: 0.25,
      MontoGravadoI1: 0.25,
      TotalITBIS: 0.05,
      TotalITBIS1: 0.05,
      MontoTotal: 0.3,
    });
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "Encabezado.Totales.TotalITBIS1", "9.00");
    expect(checkEcfRules(ecf).find((error) => error.name === "TotalITBIS1")!.details).toContain(
      "debe ser 0.05",
    );
  });

  it("with IndicadorMontoGravado 1 the gravado amount is the lines ÷ 1.18", () => {
    const ecf = single(
      "118.00",
      { MontoGravadoTotal: 100, MontoGravadoI1: 100, TotalITBIS: 18, TotalITBIS1: 18, MontoTotal: 118 },
      true,
    );
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "Encabezado.Totales.MontoGravadoI1", "118.00");
    expect(codesAt(checkEcfRules(ecf))).toContain("AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoGravadoI1");
  });

  it("a global discount lowers the total of its indicator", () => {
    const ecf = set(invoice31(), "DescuentosORecargos", {
      DescuentoORecargo: [
        {
          NumeroLinea: 1,
          TipoAjuste: "D",
          TipoValor: "$",
          MontoDescuentooRecargo: "100.00",
          IndicadorFacturacionDescuentooRecargo: 1,
        },
      ],
    });
    const errors = checkEcfRules(ecf);
    expect(errors.find((error) => error.name === "MontoGravadoI1")!.details).toContain("debe ser 900.00");
    set(ecf, "Encabezado.Totales", {
      MontoGravadoTotal: 900,
      MontoGravadoI1: 900,
      MontoExento: 250,
      ITBIS1: 18,
      TotalITBIS: 162,
      TotalITBIS1: 162,
      MontoTotal: 1312,
    });
    expect(checkEcfRules(ecf)).toEqual([]);
  });

  it("MontoNoFacturable adds the lines billed with indicator 0; MontoPeriodo = MontoTotal + MontoNoFacturable", () => {
    const ecf = set(invoice31(), "DetallesItems.Item[2]", {
      NumeroLinea: 3,
      IndicadorFacturacion: 0,
      NombreItem: "Bono",
      IndicadorBienoServicio: 1,
      CantidadItem: 1,
      PrecioUnitarioItem: 50,
      MontoItem: 50,
    });
    expect(codesAt(checkEcfRules(ecf))).toEqual(["AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoNoFacturable"]);
    set(ecf, "Encabezado.Totales.MontoNoFacturable", "50.00");
    set(ecf, "Encabezado.Totales.MontoPeriodo", "1480.00");
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "Encabezado.Totales.MontoPeriodo", "1430.00");
    expect(checkEcfRules(ecf)[0]!.details).toContain("MontoPeriodo debe ser 1480.00");
  });

  it("ValorPagar = MontoTotal − MontoAvancePago + SaldoAnterior; MontoImpuestoAdicional sums its table", () => {
    const ecf = set(invoice31(), "Encabezado.Totales.MontoAvancePago", "400.00");
    set(ecf, "Encabezado.Totales.SaldoAnterior", "-30.00");
    set(ecf, "Encabezado.Totales.ValorPagar", "1000.00");
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "Encabezado.Totales.ValorPagar", "1430.00");
    expect(checkEcfRules(ecf)[0]!.details).toContain("ValorPagar debe ser 1000.00");
    const taxed = set(invoice31(), "Encabezado.Totales.MontoImpuestoAdicional", "5.00");
    expect(codesAt(checkEcfRules(taxed))).toContain(
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoImpuestoAdicional",
    );
  });

  it("a Norma 10-07 discount leaves MontoGravadoI1 unchecked (its arithmetic is not implemented)", () => {
    const ecf = set(invoice31(), "DescuentosORecargos", {
      DescuentoORecargo: [
        {
          NumeroLinea: 1,
          TipoAjuste: "D",
          IndicadorNorma1007: 1,
          MontoDescuentooRecargo: 50,
          IndicadorFacturacionDescuentooRecargo: 1,
        },
      ],
    });
    set(ecf, "Encabezado.Totales.MontoGravadoI1", "847.46");
    expect(codesAt(checkEcfRules(ecf))).not.toContain(
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoGravadoI1",
    );
  });

  it("retention totals are the sum of the lines' retentions", () => {
    const ecf = set(invoice31(), "DetallesItems.Item[0].Retencion", {
      IndicadorAgenteRetencionoPercepcion: 1,
      MontoITBISRetenido: "180.00",
    });
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.TotalITBISRetenido",
    ]);
    set(ecf, "Encabezado.Totales.TotalITBISRetenido", 180);
    expect(checkEcfRules(ecf)).toEqual([]);
  });
});

describe("other additional taxes (Informe Técnico §15)", () => {
  function withCdt(
    ecf: Record<string, unknown>,
    amount: string,
    codeLines: number[],
  ): Record<string, unknown> {
    for (const index of codeLines)
      set(ecf, `DetallesItems.Item[${index}].TablaImpuestoAdicional`, {
        ImpuestoAdicional: [{ TipoImpuesto: "002" }],
      });
    set(ecf, "Encabezado.Totales.ImpuestosAdicionales", {
      ImpuestoAdicional: [
        { TipoImpuesto: "002", TasaImpuestoAdicional: 2, OtrosImpuestosAdicionales: amount },
      ],
    });
    return set(ecf, "Encabezado.Totales.MontoImpuestoAdicional", amount);
  }

  it("CDT on 500.00 with ITBIS included is (500 / 1.18) × 2% = 8.47", () => {
    const ecf = withCdt(
      single(
        "500.00",
        {
          MontoGravadoTotal: "423.73",
          MontoGravadoI1: "423.73",
          TotalITBIS: "76.27",
          TotalITBIS1: "76.27",
          MontoTotal: "508.47",
        },
        true,
      ),
      "8.47",
      [0],
    );
    expect(checkEcfRules(ecf)).toEqual([]);
    set(
      ecf,
      "Encabezado.Totales.ImpuestosAdicionales.ImpuestoAdicional[0].OtrosImpuestosAdicionales",
      "10.00",
    );
    set(ecf, "Encabezado.Totales.MontoImpuestoAdicional", "10.00");
    set(ecf, "Encabezado.Totales.MontoTotal", "510.00");
    const errors = checkEcfRules(ecf);
    expect(codesAt(errors)).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.ImpuestosAdicionales.ImpuestoAdicional[0].OtrosImpuestosAdicionales",
    ]);
    expect(errors[0]!.details).toContain("debe ser 8.47");
  });

  it("a global discount is prorated over the lines carrying the code: (500 − 79.37) × 2% = 8.41", () => {
    const ecf = set(
      invoice31(),
      "DetallesItems",
      lines([
        { indicator: 1, quantity: 1, price: 200, amount: 200 },
        { indicator: 1, quantity: 1, price: 300, amount: 300 },
        { indicator: 1, quantity: 1, price: 130, amount: 130 },
      ]),
    );
    set(ecf, "DescuentosORecargos", {
      DescuentoORecargo: [
        {
          NumeroLinea: 1,
          TipoAjuste: "D",
          TipoValor: "$",
          MontoDescuentooRecargo: 100,
          IndicadorFacturacionDescuentooRecargo: 1,
        },
      ],
    });
    set(ecf, "Encabezado.Totales", {
      MontoGravadoTotal: 530,
      MontoGravadoI1: 530,
      ITBIS1: 18,
      TotalITBIS: "95.40",
      TotalITBIS1: "95.40",
      MontoTotal: "633.81",
    });
    expect(checkEcfRules(withCdt(ecf, "8.41", [0, 1]))).toEqual([]);
  });
});
