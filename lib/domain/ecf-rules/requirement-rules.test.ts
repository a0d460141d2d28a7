import { describe, expect, it } from "vitest";
import { checkEcfRules } from "./check-ecf-rules";
import { codesAt, consumer32, creditNote34, invoice31, lines, set } from "./testing/documents";

describe("buyer RNC by type", () => {
  it.each(["31", "41", "45"])("type %s without RNCComprador is REQUIRED on RNCComprador", (tipo) => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.TipoeCF", tipo);
    set(ecf, "Encabezado.IdDoc.eNCF", `E${tipo}0000000001`);
    set(ecf, "Encabezado.Comprador.RNCComprador", undefined);
    const errors = checkEcfRules(ecf);
    expect(codesAt(errors)).toEqual(["REQUIRED ECF.Encabezado.Comprador.RNCComprador"]);
    expect(errors[0]!.details).toContain(`tipo ${tipo}`);
  });

  it("type 32 under RD$250,000 needs no buyer; at 250,000.00 it needs RNC (or foreign id) and name", () => {
    expect(checkEcfRules(consumer32("249999.99"))).toEqual([]);
    const errors = checkEcfRules(consumer32("250000.00"));
    expect(codesAt(errors)).toEqual([
      "REQUIRED ECF.Encabezado.Comprador.RNCComprador",
      "REQUIRED ECF.Encabezado.Comprador.RazonSocialComprador",
    ]);
    expect(errors[0]!.details).toContain("250000.00");
    const foreign = set(consumer32("250000.00"), "Encabezado.Comprador.IdentificadorExtranjero", "P1234567");
    set(foreign, "Encabezado.Comprador.RazonSocialComprador", "John Doe");
    expect(checkEcfRules(foreign)).toEqual([]);
  });

  it("the threshold reads MontoTotal in pesos even when the document is in another currency", () => {
    // US$4,500 at 58.00 is RD$261,000: above the threshold although the dollar amount is small.
    const ecf = consumer32("261000.00");
    set(ecf, "Encabezado.OtraMoneda", {
      TipoMoneda: "USD",
      TipoCambio: "58.00",
      MontoExentoOtraMoneda: "4500.00",
      MontoTotalOtraMoneda: "4500.00",
    });
    expect(codesAt(checkEcfRules(ecf))).toContain("REQUIRED ECF.Encabezado.Comprador.RNCComprador");
    const below = consumer32("249999.99");
    set(below, "Encabezado.OtraMoneda", {
      TipoMoneda: "USD",
      TipoCambio: "58.00",
      MontoExentoOtraMoneda: "4310.34",
      MontoTotalOtraMoneda: "4310.34",
    });
    expect(checkEcfRules(below)).toEqual([]);
  });
});

describe("credit and debit notes", () => {
  it.each(["33", "34"])(
    "type %s without InformacionReferencia is REQUIRED on each of its three fields",
    (tipo) => {
      const ecf = creditNote34("01-11-2026", "01-12-2026", 0);
      set(ecf, "Encabezado.IdDoc.TipoeCF", tipo);
      set(ecf, "Encabezado.IdDoc.eNCF", `E${tipo}0000000001`);
      set(ecf, "InformacionReferencia", undefined);
      expect(codesAt(checkEcfRules(ecf))).toEqual([
        "REQUIRED ECF.InformacionReferencia.NCFModificado",
        "REQUIRED ECF.InformacionReferencia.FechaNCFModificado",
        "REQUIRED ECF.InformacionReferencia.CodigoModificacion",
      ]);
    },
  );

  it("IndicadorNotaCredito is 0 at 30 days and 1 at 31", () => {
    expect(checkEcfRules(creditNote34("01-11-2026", "01-12-2026", 0))).toEqual([]); // 30 days
    expect(checkEcfRules(creditNote34("31-10-2026", "01-12-2026", 1))).toEqual([]); // 31 days
    const late = checkEcfRules(creditNote34("31-10-2026", "01-12-2026", 0));
    expect(codesAt(late)).toEqual([
      "INDICADOR_NOTA_CREDITO_MISMATCH ECF.Encabezado.IdDoc.IndicadorNotaCredito",
    ]);
    expect(late[0]!.details).toContain("debe ser 1");
    expect(late[0]!.details).toContain("31 días");
    const early = checkEcfRules(creditNote34("01-11-2026", "01-12-2026", 1));
    expect(early[0]!.details).toContain("debe ser 0");
  });

  it("counts calendar days across a leap day", () => {
    // 30-01-2028 → 29-02-2028 is 30 days in a leap year.
    expect(checkEcfRules(creditNote34("30-01-2028", "29-02-2028", 0))).toEqual([]);
  });
});

describe("dates", () => {
  it("credit payment without FechaLimitePago is REQUIRED; a date before FechaEmision is FECHA_LIMITE_PAGO_ANTERIOR", () => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.TipoPago", "2");
    expect(codesAt(checkEcfRules(ecf))).toEqual(["REQUIRED ECF.Encabezado.IdDoc.FechaLimitePago"]);
    set(ecf, "Encabezado.IdDoc.FechaLimitePago", "01-12-2026");
    expect(checkEcfRules(ecf)).toEqual([]);
    set(ecf, "Encabezado.IdDoc.FechaLimitePago", "30-11-2026");
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "FECHA_LIMITE_PAGO_ANTERIOR ECF.Encabezado.IdDoc.FechaLimitePago",
    ]);
  });

  it("FechaDesde after FechaHasta is FECHA_DESDE_POSTERIOR", () => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.FechaDesde", "02-11-2026");
    set(ecf, "Encabezado.IdDoc.FechaHasta", "01-11-2026");
    expect(codesAt(checkEcfRules(ecf))).toEqual(["FECHA_DESDE_POSTERIOR ECF.Encabezado.IdDoc.FechaDesde"]);
  });
});

describe("billing indicators and ITBIS rates", () => {
  it("a type 43 line at 18% is INDICADOR_FACTURACION_NOT_ALLOWED on that line", () => {
    const ecf: Record<string, unknown> = {
      Encabezado: {
        IdDoc: { TipoeCF: "43", eNCF: "E430000000001", FechaVencimientoSecuencia: "31-12-2027", TipoPago: 1 },
        Emisor: { RNCEmisor: "130000001", FechaEmision: "01-12-2026" },
        Totales: { MontoExento: "100.00", MontoTotal: "100.00" },
      },
      DetallesItems: lines([
        { indicator: 4, quantity: 1, price: 50, amount: 50 },
        { indicator: 1, quantity: 1, price: 50, amount: 50 },
      ]),
    };
    const errors = checkEcfRules(ecf);
    expect(codesAt(errors)).toContain(
      "INDICADOR_FACTURACION_NOT_ALLOWED ECF.DetallesItems.Item[1].IndicadorFacturacion",
    );
    expect(errors.find((error) => error.code === "INDICADOR_FACTURACION_NOT_ALLOWED")!.details).toContain(
      "4 (exento)",
    );
  });

  it("ITBIS1 other than 18 is ITBIS_RATE_MISMATCH; absent with 18% lines it is REQUIRED", () => {
    expect(codesAt(checkEcfRules(set(invoice31(), "Encabezado.Totales.ITBIS1", 16)))).toEqual([
      "ITBIS_RATE_MISMATCH ECF.Encabezado.Totales.ITBIS1",
    ]);
    expect(codesAt(checkEcfRules(set(invoice31(), "Encabezado.Totales.ITBIS1", undefined)))).toEqual([
      "REQUIRED ECF.Encabezado.Totales.ITBIS1",
    ]);
    expect(codesAt(checkEcfRules(set(invoice31(), "Encabezado.Totales.ITBIS3", "0")))).toEqual([]);
  });

  it("a global discount without amount or indicator is REQUIRED on each missing field", () => {
    const ecf = set(invoice31(), "DescuentosORecargos", {
      DescuentoORecargo: [{ NumeroLinea: 1, TipoAjuste: "D", TipoValor: "%", ValorDescuentooRecargo: 10 }],
    });
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "REQUIRED ECF.DescuentosORecargos.DescuentoORecargo[0].MontoDescuentooRecargo",
      "REQUIRED ECF.DescuentosORecargos.DescuentoORecargo[0].IndicadorFacturacionDescuentooRecargo",
    ]);
  });
});

describe("buyer identity, payment forms and the modified NCF", () => {
  it("RNCComprador and IdentificadorExtranjero together are BUYER_ID_CONFLICT", () => {
    const ecf = set(invoice31(), "Encabezado.Comprador.IdentificadorExtranjero", "P1234567");
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "BUYER_ID_CONFLICT ECF.Encabezado.Comprador.IdentificadorExtranjero",
    ]);
  });

  it("a gift certificate (FormaPago 5) outside type 32 is FORMA_PAGO_NOT_ALLOWED", () => {
    const forms = {
      FormaDePago: [
        { FormaPago: 1, MontoPago: 430 },
        { FormaPago: "5", MontoPago: 1000 },
      ],
    };
    const ecf = set(invoice31(), "Encabezado.IdDoc.TablaFormasPago", forms);
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "FORMA_PAGO_NOT_ALLOWED ECF.Encabezado.IdDoc.TablaFormasPago.FormaDePago[1].FormaPago",
    ]);
    expect(checkEcfRules(set(consumer32("100.00"), "Encabezado.IdDoc.TablaFormasPago", forms))).toEqual([]);
  });

  it.each([
    ["E310000000001", true],
    ["B0100000001", true],
    ["A010010011500000001", true],
    ["E990000000001", false],
    ["B01000000012", false],
    ["X0100000001", false],
  ])("NCFModificado %s is valid: %s", (ncf, valid) => {
    const ecf = set(creditNote34("01-11-2026", "01-12-2026", 0), "InformacionReferencia.NCFModificado", ncf);
    expect(codesAt(checkEcfRules(ecf))).toEqual(
      valid ? [] : ["INVALID_NCF_MODIFICADO ECF.InformacionReferencia.NCFModificado"],
    );
  });

  it("type 41 admits no line with indicator 0 and type 46 no exempt line", () => {
    const purchase = set(invoice31(), "Encabezado.IdDoc.TipoeCF", "41");
    set(purchase, "Encabezado.IdDoc.eNCF", "E410000000001");
    set(purchase, "DetallesItems.Item[1].IndicadorFacturacion", 0);
    expect(codesAt(checkEcfRules(purchase))).toContain(
      "INDICADOR_FACTURACION_NOT_ALLOWED ECF.DetallesItems.Item[1].IndicadorFacturacion",
    );
    const exports = set(invoice31(), "Encabezado.IdDoc.TipoeCF", "46");
    set(exports, "Encabezado.IdDoc.eNCF", "E460000000001");
    expect(codesAt(checkEcfRules(exports))).toEqual(
      expect.arrayContaining([
        "INDICADOR_FACTURACION_NOT_ALLOWED ECF.DetallesItems.Item[0].IndicadorFacturacion",
        "INDICADOR_FACTURACION_NOT_ALLOWED ECF.DetallesItems.Item[1].IndicadorFacturacion",
      ]),
    );
  });
});
