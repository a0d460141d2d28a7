import "server-only";

import Decimal from "decimal.js";

import type { EcfContent } from "./ecf-reader";

/**
 * DGII's "cuadratura" (Informe Técnico e-CF v1.0, §12 tolerance and §13 rounding), the simulator's
 * own implementation: it shares nothing with Anula's amount rules, so the two check each other.
 *
 * - Each line: MontoItem against CantidadItem × PrecioUnitarioItem − DescuentoMonto + RecargoMonto,
 *   within ±1.
 * - The header: the amounts by ITBIS rate (IndicadorFacturacion 1: 18 %, 2: 16 %, 3: 0 %, 4: exempt)
 *   summed from the lines' MontoItem (net of ITBIS when IndicadorMontoGravado is 1), the global
 *   discounts and surcharges of DescuentosORecargos applied to the rate they name, the ITBIS of each
 *   rate, TotalITBIS and MontoTotal, each within a tolerance of as many units as the e-CF has lines.
 * Beyond a tolerance the e-CF is not rejected: DGII accepts it conditionally ("Si la diferencia de
 * los montos supera la tolerancia, el e-CF será aceptado condicional"). Every difference is listed.
 *
 * Not computed (declared values are trusted when present): additional taxes (ISC, propina, CDT…),
 * MontoNoFacturable, retentions and amounts in another currency.
 */

const RATES: Record<string, Decimal> = { "1": new Decimal(18), "2": new Decimal(16), "3": new Decimal(0) };
const LINE_TOLERANCE = new Decimal(1);

/** §13: two decimals, the third rounding half up. */
function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

function amount(text: string | undefined): Decimal {
  if (!text) return new Decimal(0);
  try {
    return new Decimal(text);
  } catch {
    return new Decimal(0);
  }
}

const show = (value: Decimal) => value.toFixed(2);

export function checkEcfAmounts(ecf: EcfContent): string[] {
  const observations: string[] = [];
  for (const item of ecf.items) {
    const expected = round2(
      amount(item.cantidad)
        .times(amount(item.precioUnitario))
        .minus(amount(item.descuento))
        .plus(amount(item.recargo)),
    );
    const declared = amount(item.montoItem);
    if (declared.minus(expected).abs().greaterThan(LINE_TOLERANCE)) {
      observations.push(
        `Línea ${item.numeroLinea}: el MontoItem ${show(declared)} no corresponde a Cantidad × Precio − Descuento + Recargo = ${show(expected)} (tolerancia ±1.00).`,
      );
    }
  }

  const computed = headerTotals(ecf);
  const tolerance = new Decimal(ecf.items.length);
  for (const [field, value] of Object.entries(computed)) {
    const declared = amount(ecf.totales[field]);
    const difference = declared.minus(value).abs();
    if (difference.greaterThan(tolerance)) {
      observations.push(
        `El campo ${field} ${field in ecf.totales ? show(declared) : "(ausente)"} no corresponde al calculado ${show(value)}: la diferencia ${show(difference)} supera la tolerancia global de ${show(tolerance)}.`,
      );
    }
  }
  for (const [rate, field] of [
    ["1", "ITBIS1"],
    ["2", "ITBIS2"],
    ["3", "ITBIS3"],
  ] as const) {
    const declared = ecf.totales[field];
    if (declared !== undefined && !amount(declared).equals(RATES[rate]!)) {
      observations.push(`El campo ${field} debe ser ${RATES[rate]!.toString()}, no ${declared}.`);
    }
  }
  return observations;
}

/** The header's totals as DGII computes them from the lines. */
function headerTotals(ecf: EcfContent): Record<string, Decimal> {
  const sums: Record<string, Decimal> = {
    "1": new Decimal(0),
    "2": new Decimal(0),
    "3": new Decimal(0),
    "4": new Decimal(0),
  };
  for (const item of ecf.items) {
    const bucket = sums[item.indicadorFacturacion];
    if (bucket) sums[item.indicadorFacturacion] = bucket.plus(amount(item.montoItem));
  }
  for (const adjustment of ecf.adjustments) {
    const bucket = sums[adjustment.indicadorFacturacion];
    if (!bucket) continue;
    const value = amount(adjustment.monto);
    sums[adjustment.indicadorFacturacion] =
      adjustment.tipoAjuste === "R" ? bucket.plus(value) : bucket.minus(value);
  }
  const taxIncluded = ecf.indicadorMontoGravado === "1";
  const gravado = (rate: "1" | "2" | "3") =>
    round2(taxIncluded ? sums[rate]!.dividedBy(RATES[rate]!.dividedBy(100).plus(1)) : sums[rate]!);
  const gravado1 = gravado("1");
  const gravado2 = gravado("2");
  const gravado3 = gravado("3");
  const itbis1 = round2(gravado1.times(RATES["1"]!).dividedBy(100));
  const itbis2 = round2(gravado2.times(RATES["2"]!).dividedBy(100));
  const itbis3 = round2(gravado3.times(RATES["3"]!).dividedBy(100));
  const exento = round2(sums["4"]!);
  const gravadoTotal = gravado1.plus(gravado2).plus(gravado3);
  const totalItbis = itbis1.plus(itbis2).plus(itbis3);
  return {
    MontoGravadoI1: gravado1,
    MontoGravadoI2: gravado2,
    MontoGravadoI3: gravado3,
    MontoGravadoTotal: gravadoTotal,
    MontoExento: exento,
    TotalITBIS1: itbis1,
    TotalITBIS2: itbis2,
    TotalITBIS3: itbis3,
    TotalITBIS: totalItbis,
    MontoTotal: gravadoTotal.plus(exento).plus(totalItbis).plus(amount(ecf.totales.MontoImpuestoAdicional)),
  };
}
