import type { Decimal } from "decimal.js";
import type { EcfValidationError } from "../ecf-validation";
import { checkAmount, shown } from "./amount-check";
import {
  adjustmentByIndicator,
  allowedIndicators,
  EXEMPT,
  headerTaxes,
  ITBIS_RATE,
  NOT_BILLABLE,
  PATH,
  sumByIndicator,
  type EcfView,
} from "./ecf-view";
import { decimalAt, Money, objectAt, round2, sum, textAt, ZERO, type JsonObject } from "./json-access";

/** The header amount each IndicadorFacturacion adds up into (Formato campos 93–96). */
export const AMOUNT_BY_INDICATOR: Readonly<Record<string, string>> = {
  "1": "MontoGravadoI1",
  "2": "MontoGravadoI2",
  "3": "MontoGravadoI3",
  "4": "MontoExento",
};
/** The indicators a type has a header amount for (MontoGravadoIn, MontoExento), in that order. */
export function indicatorsOfType(tipo: string | undefined): readonly string[] {
  return allowedIndicators(tipo).filter((indicator) => indicator !== NOT_BILLABLE);
}

/** The base an ITBIS rate applies to, from a received gravado amount; ISC 006–039 joins tasa 1. */
export function itbisBase(indicator: string, gravado: Decimal, isc: Decimal): Decimal {
  return indicator === "1" ? gravado.plus(isc) : gravado;
}

export function itbisOf(indicator: string, base: Decimal): Decimal {
  return round2(base.times(ITBIS_RATE[indicator]!).dividedBy(100));
}

/** Σ ISC específico + ad valorem (codes 006–039) of an additional-tax table. */
export function selectiveTaxes(taxes: JsonObject[], suffix = ""): Decimal {
  return sum(
    taxes
      .filter((tax) => {
        const code = Number(textAt(tax, `TipoImpuesto${suffix}`));
        return code >= 6 && code <= 39;
      })
      .flatMap((tax) => [
        decimalAt(tax, `MontoImpuestoSelectivoConsumoEspecifico${suffix}`) ?? ZERO,
        decimalAt(tax, `MontoImpuestoSelectivoConsumoAdvalorem${suffix}`) ?? ZERO,
      ]),
  );
}

/** Σ of every amount of an additional-tax table (específico + ad valorem + otros). */
export function allAdditionalTaxes(taxes: JsonObject[], suffix = ""): Decimal {
  return sum(
    taxes.flatMap((tax) =>
      [
        "MontoImpuestoSelectivoConsumoEspecifico",
        "MontoImpuestoSelectivoConsumoAdvalorem",
        "OtrosImpuestosAdicionales",
      ].map((name) => decimalAt(tax, `${name}${suffix}`) ?? ZERO),
    ),
  );
}

/** MontoGravadoI1/I2/I3, MontoExento and MontoNoFacturable from the lines and global adjustments. */
export function checkTotalsByRate(view: EcfView, errors: EcfValidationError[]): void {
  const lines = sumByIndicator(view, (index) => view.itemAmounts[index]);
  const adjustments = adjustmentByIndicator(view, "MontoDescuentooRecargo");
  for (const indicator of indicatorsOfType(view.tipo)) {
    // Norma 10-07 changes tasa 1's arithmetic (other divisors, discounts not deducted): not checked.
    if (indicator === "1" && view.norma1007) continue;
    const name = AMOUNT_BY_INDICATOR[indicator]!;
    const items = lines.get(indicator) ?? ZERO;
    const adjustment = adjustments.get(indicator) ?? ZERO;
    const rate = ITBIS_RATE[indicator];
    const divide = view.pricesIncludeItbis && rate !== undefined && rate > 0;
    const net = items.plus(adjustment);
    checkAmount(errors, {
      rule: "TOTALS_BY_RATE",
      field: `${PATH.totales}.${name}`,
      expected: round2(divide ? net.dividedBy(new Money(rate).dividedBy(100).plus(1)) : net),
      received: decimalAt(view.totales, name),
      tolerance: view.totalTolerance,
      formula:
        `suma de MontoItem con IndicadorFacturacion ${indicator} ${items.toFixed(2)}` +
        (adjustment.isZero() ? "" : ` y descuentos/recargos globales ${adjustment.toFixed(2)}`) +
        (divide ? ` ÷ ${1 + rate / 100} (IndicadorMontoGravado 1: montos con ITBIS incluido)` : ""),
    });
  }
  if (!allowedIndicators(view.tipo).includes(NOT_BILLABLE)) return; // 41, 43, 47 have no MontoNoFacturable
  checkAmount(errors, {
    rule: "TOTALS_BY_RATE",
    field: `${PATH.totales}.MontoNoFacturable`,
    expected: lines.get(NOT_BILLABLE) ?? ZERO,
    received: decimalAt(view.totales, "MontoNoFacturable"),
    tolerance: view.totalTolerance,
    formula: "suma de MontoItem con IndicadorFacturacion 0",
  });
}

/** TotalITBIS1/2/3 from the received gravado amounts, and TotalITBIS as their sum. */
export function checkItbisTotals(view: EcfView, errors: EcfValidationError[]): void {
  const isc = selectiveTaxes(headerTaxes(view));
  const rateIndicators = indicatorsOfType(view.tipo).filter((indicator) => indicator !== EXEMPT);
  if (rateIndicators.length === 0) return;
  const totals: Decimal[] = [];
  for (const indicator of rateIndicators) {
    const gravado = decimalAt(view.totales, `MontoGravadoI${indicator}`) ?? ZERO;
    const base = itbisBase(indicator, gravado, isc);
    checkAmount(errors, {
      rule: "ITBIS_TOTALS",
      field: `${PATH.totales}.TotalITBIS${indicator}`,
      expected: itbisOf(indicator, base),
      received: decimalAt(view.totales, `TotalITBIS${indicator}`),
      tolerance: view.totalTolerance,
      formula:
        `MontoGravadoI${indicator} ${gravado.toFixed(2)}` +
        (indicator === "1" && !isc.isZero() ? ` + ISC ${isc.toFixed(2)}` : "") +
        ` × ${ITBIS_RATE[indicator]}%`,
    });
    totals.push(decimalAt(view.totales, `TotalITBIS${indicator}`) ?? ZERO);
  }
  checkAmount(errors, {
    rule: "ITBIS_TOTALS",
    field: `${PATH.totales}.TotalITBIS`,
    expected: sum(totals),
    received: decimalAt(view.totales, "TotalITBIS"),
    tolerance: view.totalTolerance,
    formula: rateIndicators
      .map((indicator, i) => `TotalITBIS${indicator} ${totals[i]!.toFixed(2)}`)
      .join(" + "),
  });
}

/** MontoGravadoTotal, MontoImpuestoAdicional, MontoTotal, MontoPeriodo and ValorPagar. */
export function checkHeaderSums(view: EcfView, errors: EcfValidationError[]): void {
  const totales = view.totales;
  const read = (name: string) => decimalAt(totales, name);
  const check = (name: string, expected: Decimal, formula: string) =>
    checkAmount(errors, {
      rule: "HEADER_SUMS",
      field: `${PATH.totales}.${name}`,
      expected,
      received: read(name),
      tolerance: view.totalTolerance,
      formula,
    });
  const gravados = indicatorsOfType(view.tipo).filter((indicator) => indicator !== EXEMPT);
  if (gravados.length > 0) {
    check(
      "MontoGravadoTotal",
      sum(gravados.map((indicator) => read(`MontoGravadoI${indicator}`) ?? ZERO)),
      gravados
        .map((indicator) => `MontoGravadoI${indicator} ${shown(read(`MontoGravadoI${indicator}`))}`)
        .join(" + "),
    );
  }
  const taxes = headerTaxes(view);
  if (taxes.length > 0 || read("MontoImpuestoAdicional") !== undefined) {
    check("MontoImpuestoAdicional", allAdditionalTaxes(taxes), "suma de los montos de ImpuestosAdicionales");
  }
  const parts = ["MontoGravadoTotal", "MontoExento", "TotalITBIS", "MontoImpuestoAdicional"];
  check(
    "MontoTotal",
    sum(parts.map((name) => read(name) ?? ZERO)),
    parts.map((name) => `${name} ${shown(read(name))}`).join(" + "),
  );
  const montoTotal = read("MontoTotal") ?? ZERO;
  if (read("MontoPeriodo") !== undefined) {
    const noFacturable = read("MontoNoFacturable");
    check(
      "MontoPeriodo",
      montoTotal.plus(noFacturable ?? ZERO),
      `MontoTotal ${montoTotal.toFixed(2)} + MontoNoFacturable ${shown(noFacturable)}`,
    );
  }
  if (read("ValorPagar") !== undefined && !view.norma1007) {
    const advance = read("MontoAvancePago");
    const previous = read("SaldoAnterior");
    check(
      "ValorPagar",
      montoTotal.minus(advance ?? ZERO).plus(previous ?? ZERO),
      `MontoTotal ${montoTotal.toFixed(2)} − MontoAvancePago ${shown(advance)} + SaldoAnterior ${shown(previous)}`,
    );
  }
}

/** TotalITBISRetenido and TotalISRRetencion are the sums of the lines' retentions. */
export function checkRetentions(view: EcfView, errors: EcfValidationError[]): void {
  const retentions = view.items.map((item) => objectAt(item.Retencion));
  if (
    !retentions.some(Boolean) &&
    !decimalAt(view.totales, "TotalITBISRetenido") &&
    !decimalAt(view.totales, "TotalISRRetencion")
  ) {
    return;
  }
  for (const [total, line] of [
    ["TotalITBISRetenido", "MontoITBISRetenido"],
    ["TotalISRRetencion", "MontoISRRetenido"],
  ] as const) {
    checkAmount(errors, {
      rule: "RETENTION_TOTALS",
      field: `${PATH.totales}.${total}`,
      expected: sum(retentions.map((retention) => decimalAt(retention, line) ?? ZERO)),
      received: decimalAt(view.totales, total),
      tolerance: view.totalTolerance,
      formula: `suma de Retencion.${line} de los ítems`,
    });
  }
}
