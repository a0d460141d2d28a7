import { describe, expect, it } from "vitest";

import { creditNoteBody, type OriginalEcf } from "./credit-note-body";
import type { CreditNoteFields } from "./remedy-credit-note";

const original: OriginalEcf = {
  encf: "E310000000001",
  emisor: {
    RNCEmisor: "130000001",
    RazonSocialEmisor: "Demo SRL",
    DireccionEmisor: "Calle 1",
    FechaEmision: "01-12-2026",
  },
  comprador: { RNCComprador: "131880738", RazonSocialComprador: "Cliente SRL", FechaEntrega: "02-12-2026" },
  tipoIngresos: "01",
  tipoPago: "1",
  pricesIncludeItbis: false,
  hasAdjustments: false,
  items: [
    {
      NumeroLinea: "1",
      IndicadorFacturacion: "1",
      NombreItem: "Resma",
      IndicadorBienoServicio: "1",
      CantidadItem: "10",
      PrecioUnitarioItem: "100.00",
      MontoItem: "1000.00",
    },
    {
      NumeroLinea: "2",
      IndicadorFacturacion: "4",
      NombreItem: "Libro",
      IndicadorBienoServicio: "1",
      CantidadItem: "1",
      PrecioUnitarioItem: "200.00",
      MontoItem: "200.00",
    },
  ],
  totales: {
    MontoGravadoTotal: "1000.00",
    MontoGravadoI1: "1000.00",
    MontoExento: "200.00",
    ITBIS1: "18",
    TotalITBIS: "180.00",
    TotalITBIS1: "180.00",
    MontoTotal: "1380.00",
  },
};
const fields = (indicator: 0 | 1): CreditNoteFields => ({
  tipoeCF: "34",
  NCFModificado: "E310000000001",
  FechaNCFModificado: "01-12-2026",
  CodigoModificacion: 1,
  IndicadorNotaCredito: indicator,
  daysSinceOriginal: indicator === 0 ? 5 : 45,
});
const draft = (indicator: 0 | 1, remaining: string, from: OriginalEcf = original) =>
  creditNoteBody({
    original: from,
    fields: fields(indicator),
    remaining,
    reason: "  Devolución  ",
    encf: "E340000000001",
    fechaEmision: "06-12-2026",
  });
type Ecf = { Encabezado: Record<string, Record<string, unknown>>; DetallesItems: { Item: unknown[] } };

describe("the body of the portal's credit note", () => {
  it("within 30 days, nothing credited: the original's lines and totals, its buyer (fields e-CF 34 has), the reference", () => {
    const made = draft(0, "1380.00");
    const ecf = made.body.ECF as unknown as Ecf & { InformacionReferencia: Record<string, string> };
    expect(made).toMatchObject({ basis: "copy", total: "1380.00", itbis: "180.00" });
    expect(ecf.DetallesItems.Item).toEqual(original.items);
    expect(ecf.Encabezado.Comprador).toEqual({
      RNCComprador: "131880738",
      RazonSocialComprador: "Cliente SRL",
    });
    expect(ecf.Encabezado.Emisor!.FechaEmision).toBe("06-12-2026");
    expect(ecf.Encabezado.IdDoc).toMatchObject({
      TipoeCF: "34",
      eNCF: "E340000000001",
      IndicadorNotaCredito: "0",
    });
    expect(ecf.InformacionReferencia).toEqual({
      NCFModificado: "E310000000001",
      FechaNCFModificado: "01-12-2026",
      CodigoModificacion: "1",
      RazonModificacion: "Devolución",
    });
  });

  it("after 30 days: every line exempt at its price without ITBIS", () => {
    const made = draft(1, "1380.00");
    expect(made).toMatchObject({ basis: "copy-without-itbis", total: "1200.00", itbis: "0.00" });
    const ecf = made.body.ECF as unknown as Ecf;
    expect(
      ecf.DetallesItems.Item.map((item) => (item as Record<string, string>).IndicadorFacturacion),
    ).toEqual(["4", "4"]);
  });

  it("a balance left by earlier notes: one line whose base and 18 % ITBIS never exceed it", () => {
    for (const remaining of ["500.00", "0.01", "999.99", "1379.99"]) {
      const made = draft(0, remaining);
      expect(made.basis).toBe("balance");
      const totales = (made.body.ECF as unknown as Ecf).Encabezado.Totales!;
      const base = Number(totales.MontoGravadoI1);
      const itbis = Number(totales.TotalITBIS1);
      expect(Math.abs(itbis - Math.round(base * 18) / 100)).toBeLessThan(0.005);
      expect(Number(made.total)).toBeLessThanOrEqual(Number(remaining));
      expect(Number(made.total)).toBeGreaterThan(Number(remaining) - 0.03);
    }
    // After 30 days the balance is exempt and capped at the amount without ITBIS.
    expect(draft(1, "1300.00")).toMatchObject({ basis: "copy-without-itbis", total: "1200.00" });
    expect(draft(1, "700.00")).toMatchObject({ basis: "balance", total: "700.00", itbis: "0.00" });
  });

  it("an original whose lines cannot be copied (discounts, other taxes, prices with ITBIS): one line for the whole", () => {
    expect(draft(0, "1380.00", { ...original, hasAdjustments: true })).toMatchObject({
      basis: "balance",
      total: "1380.00",
    });
    expect(draft(0, "1380.00", { ...original, pricesIncludeItbis: true })).toMatchObject({
      basis: "balance",
    });
  });
});
