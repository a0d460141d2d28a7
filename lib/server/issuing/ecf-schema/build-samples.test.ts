import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import { ECF_TYPE_CODES, type EcfType } from "@/lib/domain/ecf-types";
import { SAMPLE_ECF_BODIES, sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";

import { libxml2Errors, withStandInSignature } from "./testing/libxml2-validator";
import { buildEcfXml } from "./walk-ecf";

// The independent check: what the walker builds from each sample, libxml2 validates against DGII's XSD.
const FIRMA = { fechaHoraFirma: "01-12-2026 10:15:00" };
type Json = Record<string, unknown>;

function built(type: EcfType | "RFCE", body: unknown): string {
  const result = buildEcfXml(type, body, FIRMA);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.xml;
}

describe("each type's sample body builds an e-CF that DGII's XSD accepts (libxml2)", () => {
  it.each(ECF_TYPE_CODES)("e-CF %s", async (type) => {
    const xml = built(type, SAMPLE_ECF_BODIES[type]);
    expect(xml).toContain(`<TipoeCF>${type}</TipoeCF><eNCF>E${type}0000000001</eNCF>`);
    expect(await libxml2Errors(type, withStandInSignature(xml))).toEqual([]);
  });

  it("a consumer invoice without buyer data keeps the Comprador its XSD requires, written empty", async () => {
    const body = sampleEcfBody("32") as { ECF: { Encabezado: Json } };
    body.ECF.Encabezado.Comprador = { RazonSocialComprador: "" };
    const xml = built("32", body);
    expect(xml).toContain("</Emisor><Comprador></Comprador><Totales>");
    expect(await libxml2Errors("32", withStandInSignature(xml))).toEqual([]);
  });

  it("libxml2 does reject what the walker would refuse (the check can fail)", async () => {
    const xml = built("31", SAMPLE_ECF_BODIES["31"]).replace(
      "<FechaEmision>01-12-2026",
      "<FechaEmision>2026-12-01",
    );
    expect((await libxml2Errors("31", withStandInSignature(xml))).join()).toContain("FechaEmision");
  });

  it("the RFCE summary of the sample 32, with numbers padded to DGII's two decimals", async () => {
    const ecf = SAMPLE_ECF_BODIES["32"].ECF as { Encabezado: Json };
    const { IdDoc, Emisor, Totales } = ecf.Encabezado as { IdDoc: Json; Emisor: Json; Totales: Json };
    const rfce = {
      RFCE: {
        Encabezado: {
          Version: 1,
          IdDoc: {
            TipoeCF: 32,
            eNCF: IdDoc.eNCF,
            TipoIngresos: IdDoc.TipoIngresos,
            TipoPago: IdDoc.TipoPago,
            TablaFormasPago: IdDoc.TablaFormasPago,
          },
          Emisor: {
            RNCEmisor: Emisor.RNCEmisor,
            RazonSocialEmisor: Emisor.RazonSocialEmisor,
            FechaEmision: Emisor.FechaEmision,
          },
          Comprador: {},
          Totales: {
            MontoGravadoTotal: Totales.MontoGravadoTotal,
            MontoGravadoI1: 1250,
            TotalITBIS: 225,
            TotalITBIS1: 225,
            MontoTotal: 1475,
          },
          CodigoSeguridadeCF: "fWCZCV",
        },
      },
    };
    const xml = built("RFCE", rfce);
    expect(xml).toContain("<Version>1.0</Version>");
    expect(xml).toContain("<MontoPago>1475.00</MontoPago>");
    expect(await libxml2Errors("RFCE", withStandInSignature(xml, "RFCE"))).toEqual([]);
  });
});

describe("the sample bodies are consistent documents (others reuse them)", () => {
  it.each(ECF_TYPE_CODES)("e-CF %s: lines, totals and payments add up", (type) => {
    const ecf = SAMPLE_ECF_BODIES[type].ECF as { Encabezado: Json; DetallesItems: { Item: Json[] } };
    const { IdDoc, Totales } = ecf.Encabezado as { IdDoc: Json; Totales: Json };
    expect(String(IdDoc.TipoeCF)).toBe(type);
    expect(String(IdDoc.eNCF).slice(1, 3)).toBe(type);
    const sums = { gravadoI1: new Decimal(0), gravadoI3: new Decimal(0), exento: new Decimal(0) };
    for (const item of ecf.DetallesItems.Item) {
      const monto = new Decimal(String(item.MontoItem));
      expect(
        monto.equals(new Decimal(String(item.CantidadItem)).times(String(item.PrecioUnitarioItem))),
      ).toBe(true);
      const indicador = String(item.IndicadorFacturacion);
      if (indicador === "1") sums.gravadoI1 = sums.gravadoI1.plus(monto);
      else if (indicador === "3") sums.gravadoI3 = sums.gravadoI3.plus(monto);
      else if (indicador === "4") sums.exento = sums.exento.plus(monto);
    }
    const total = (name: string) => new Decimal(String(Totales[name] ?? 0));
    const itbis1 = sums.gravadoI1.times("0.18").toDecimalPlaces(2);
    expect(total("MontoGravadoI1").equals(sums.gravadoI1)).toBe(true);
    expect(total("MontoGravadoI3").equals(sums.gravadoI3)).toBe(true);
    expect(total("MontoGravadoTotal").equals(sums.gravadoI1.plus(sums.gravadoI3))).toBe(true);
    expect(total("MontoExento").equals(sums.exento)).toBe(true);
    expect(total("TotalITBIS1").equals(itbis1)).toBe(true);
    expect(total("TotalITBIS").equals(itbis1)).toBe(true);
    expect(
      total("MontoTotal").equals(sums.gravadoI1.plus(sums.gravadoI3).plus(itbis1).plus(sums.exento)),
    ).toBe(true);
    const payments = (IdDoc.TablaFormasPago as { FormaDePago?: Json | Json[] } | undefined)?.FormaDePago;
    if (payments) {
      const paid = [payments]
        .flat()
        .reduce((sum, payment) => sum.plus(String(payment.MontoPago)), new Decimal(0));
      expect(paid.equals(total("MontoTotal"))).toBe(true);
    }
  });
});

describe("speed (reported, not asserted)", () => {
  function withItems(count: number): Json {
    const body = sampleEcfBody("31") as Json;
    const ecf = body.ECF as { DetallesItems: { Item: Json[] } };
    const line = ecf.DetallesItems.Item[0]!;
    ecf.DetallesItems.Item = Array.from({ length: count }, (_, i) => ({ ...line, NumeroLinea: i + 1 }));
    return body;
  }

  it("walks a 10-item and a 1,000-item e-CF 31; the 1,000-item one is valid too", async () => {
    const timings: string[] = [];
    for (const [count, runs] of [
      [10, 500],
      [1000, 20],
    ] as const) {
      const body = withItems(count);
      built("31", body); // compiled and warm
      const start = performance.now();
      for (let i = 0; i < runs; i++) built("31", body);
      timings.push(`${count} items: ${((performance.now() - start) / runs).toFixed(3)} ms`);
    }
    console.log(`buildEcfXml("31") per document — ${timings.join(", ")}`);
    expect(await libxml2Errors("31", withStandInSignature(built("31", withItems(1000))))).toEqual([]);
  });
});
