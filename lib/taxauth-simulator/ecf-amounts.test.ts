import { describe, expect, it } from "vitest";

import { checkEcfAmounts } from "./ecf-amounts";
import { readEcf } from "./ecf-reader";
import { buildTestEcf, type TestEcfOptions } from "./test-ecf-fixtures";

const check = (options: Partial<TestEcfOptions>) =>
  checkEcfAmounts(readEcf(buildTestEcf({ rnc: "130000001", encf: "E310000000001", ...options })));

describe("DGII's cuadratura (Informe Técnico §12–13), the simulator's own", () => {
  it("accepts the Informe's own example: three lines each within ±1, totals from the lines", () => {
    expect(
      check({
        lines: [
          { cantidad: "5.50", precio: "100.33", monto: "552.80" },
          { cantidad: "10.25", precio: "555.44", monto: "5694.00" },
          { cantidad: "2.00", precio: "333.25", monto: "667.50" },
        ],
      }),
    ).toEqual([]);
  });

  it("observes a line beyond ±1, naming the line and the expected amount", () => {
    const observations = check({
      lines: [
        { cantidad: "1.00", precio: "100.00" },
        { cantidad: "2.00", precio: "50.00", monto: "101.01" },
      ],
    });
    expect(observations).toEqual([expect.stringMatching(/^Línea 2: el MontoItem 101\.01 .* = 100\.00/)]);
  });

  it("allows the header as many units of difference as the e-CF has lines", () => {
    const twoLines = [
      { cantidad: "1.00", precio: "100.00" },
      { cantidad: "1.00", precio: "100.00" },
    ];
    // 200 + 36 ITBIS = 236.00: off by 2.00 is within a two-line tolerance, 2.01 is not.
    expect(check({ lines: twoLines, totales: { MontoTotal: "238.00" } })).toEqual([]);
    expect(check({ lines: twoLines, totales: { MontoTotal: "238.01" } })).toEqual([
      expect.stringMatching(/^El campo MontoTotal 238\.01 no corresponde al calculado 236\.00/),
    ]);
  });

  it("checks each rate's amount, its ITBIS and TotalITBIS, and the declared rate", () => {
    const observations = check({
      totales: { MontoGravadoI1: "5000.00", TotalITBIS1: "900.00", TotalITBIS: "900.00", ITBIS1: "16" },
    });
    expect(observations).toEqual([
      expect.stringMatching(/^El campo MontoGravadoI1 5000\.00 no corresponde al calculado 6000\.00/),
      expect.stringMatching(/^El campo TotalITBIS1 900\.00 no corresponde al calculado 1080\.00/),
      expect.stringMatching(/^El campo TotalITBIS 900\.00 no corresponde al calculado 1080\.00/),
      "El campo ITBIS1 debe ser 18, no 16.",
    ]);
  });

  it("reads amounts with ITBIS included (IndicadorMontoGravado 1) net of the rate", () => {
    const xml = buildTestEcf({
      rnc: "130000001",
      encf: "E310000000001",
      lines: [{ cantidad: "1.00", precio: "118.00" }],
      totales: {
        MontoGravadoTotal: "100.00",
        MontoGravadoI1: "100.00",
        TotalITBIS: "18.00",
        TotalITBIS1: "18.00",
        MontoTotal: "118.00",
      },
    }).replace("<IndicadorMontoGravado>0<", "<IndicadorMontoGravado>1<");
    expect(checkEcfAmounts(readEcf(xml))).toEqual([]);
  });
});
