import type { Decimal } from "decimal.js";
import type { EcfValidationError } from "../ecf-validation";
import { checkAmount, shown } from "./amount-check";
import {
  adjustmentByIndicator,
  EXEMPT,
  headerTaxes,
  ITBIS_RATE,
  PATH,
  sumByIndicator,
  type EcfView,
} from "./ecf-view";
import { decimalAt, groupItems, Money, objectAt, round2, sum, textAt, ZERO } from "./json-access";
import { allAdditionalTaxes, indicatorsOfType, itbisBase, itbisOf, selectiveTaxes } from "./total-rules";

const OM = "OtraMoneda";
const AMOUNT_BY_INDICATOR: Readonly<Record<string, string>> = {
  "1": "MontoGravado1OtraMoneda",
  "2": "MontoGravado2OtraMoneda",
  "3": "MontoGravado3OtraMoneda",
  "4": "MontoExentoOtraMoneda",
};
const TAX_AMOUNTS = [
  "MontoImpuestoSelectivoConsumoEspecifico",
  "MontoImpuestoSelectivoConsumoAdvalorem",
  "OtrosImpuestosAdicionales",
] as const;

/** The OtraMoneda area's totals, checked in their own currency (Formato campos 122–137). */
export function checkOtherCurrency(view: EcfView, errors: EcfValidationError[]): void {
  const area = view.otraMoneda;
  if (!area) return;
  const read = (name: string) => decimalAt(area, name);
  const check = (name: string, expected: Decimal, formula: string) =>
    checkAmount(errors, {
      rule: "OTHER_CURRENCY_TOTALS",
      field: `${PATH.otraMoneda}.${name}`,
      expected,
      received: read(name),
      tolerance: view.totalTolerance,
      formula,
    });
  const indicators = indicatorsOfType(view.tipo);
  const rates = indicators.filter((indicator) => indicator !== EXEMPT);
  const lineAmounts = view.items.map((item) =>
    decimalAt(objectAt(item.OtraMonedaDetalle), "MontoItemOtraMoneda"),
  );
  // Line-derived totals only when every line is priced in the other currency (the detail is conditional).
  if (lineAmounts.every((amount) => amount !== undefined)) {
    const lines = sumByIndicator(view, (index) => lineAmounts[index]);
    const adjustments = adjustmentByIndicator(view, "MontoDescuentooRecargoOtraMoneda");
    for (const indicator of indicators) {
      if (indicator === "1" && view.norma1007) continue;
      const rate = ITBIS_RATE[indicator];
      const divide = view.pricesIncludeItbis && rate !== undefined && rate > 0;
      const net = (lines.get(indicator) ?? ZERO).plus(adjustments.get(indicator) ?? ZERO);
      check(
        AMOUNT_BY_INDICATOR[indicator]!,
        round2(divide ? net.dividedBy(new Money(rate).dividedBy(100).plus(1)) : net),
        `suma de MontoItemOtraMoneda con IndicadorFacturacion ${indicator} y descuentos/recargos globales en otra moneda` +
          (divide ? ` ÷ ${1 + rate / 100}` : ""),
      );
    }
  }
  const isc = selectiveTaxes(
    groupItems(area, "ImpuestosAdicionalesOtraMoneda", "ImpuestoAdicionalOtraMoneda"),
    OM,
  );
  for (const indicator of rates) {
    const gravado = read(AMOUNT_BY_INDICATOR[indicator]!) ?? ZERO;
    check(
      `TotalITBIS${indicator}OtraMoneda`,
      itbisOf(indicator, itbisBase(indicator, gravado, isc)),
      `${AMOUNT_BY_INDICATOR[indicator]} ${gravado.toFixed(2)} × ${ITBIS_RATE[indicator]}%`,
    );
  }
  if (rates.length > 0) {
    const gravados = rates.map((indicator) => AMOUNT_BY_INDICATOR[indicator]!);
    check(
      "MontoGravadoTotalOtraMoneda",
      sum(gravados.map((name) => read(name) ?? ZERO)),
      gravados.join(" + "),
    );
    const itbis = rates.map((indicator) => `TotalITBIS${indicator}OtraMoneda`);
    check("TotalITBISOtraMoneda", sum(itbis.map((name) => read(name) ?? ZERO)), itbis.join(" + "));
  }
  const taxes = groupItems(area, "ImpuestosAdicionalesOtraMoneda", "ImpuestoAdicionalOtraMoneda");
  if (taxes.length > 0 || read("MontoImpuestoAdicionalOtraMoneda") !== undefined) {
    check(
      "MontoImpuestoAdicionalOtraMoneda",
      allAdditionalTaxes(taxes, OM),
      "suma de ImpuestosAdicionalesOtraMoneda",
    );
  }
  const parts = [
    "MontoGravadoTotalOtraMoneda",
    "MontoExentoOtraMoneda",
    "TotalITBISOtraMoneda",
    "MontoImpuestoAdicionalOtraMoneda",
  ];
  check(
    "MontoTotalOtraMoneda",
    sum(parts.map((name) => read(name) ?? ZERO)),
    parts.map((name) => `${name} ${shown(read(name))}`).join(" + "),
  );
  checkTaxConversions(view, taxes, read("TipoCambio"), errors);
}

/** Each additional tax in the other currency is its pesos amount ÷ TipoCambio (Informe Técnico p. 26). */
function checkTaxConversions(
  view: EcfView,
  taxes: ReturnType<typeof groupItems>,
  rate: Decimal | undefined,
  errors: EcfValidationError[],
): void {
  if (rate === undefined || rate.isZero()) return;
  const pesos = headerTaxes(view);
  taxes.forEach((tax, index) => {
    const code = Number(textAt(tax, "TipoImpuestoOtraMoneda"));
    const match = pesos.find((candidate) => Number(textAt(candidate, "TipoImpuesto")) === code);
    if (!match) return;
    for (const name of TAX_AMOUNTS) {
      const amount = decimalAt(match, name);
      const received = decimalAt(tax, `${name}OtraMoneda`);
      if (amount === undefined || received === undefined) continue;
      checkAmount(errors, {
        rule: "OTHER_CURRENCY_TOTALS",
        field: `${PATH.otraMoneda}.ImpuestosAdicionalesOtraMoneda.ImpuestoAdicionalOtraMoneda[${index}].${name}OtraMoneda`,
        expected: round2(amount.dividedBy(rate)),
        received,
        tolerance: view.totalTolerance,
        formula: `${name} ${amount.toFixed(2)} ÷ TipoCambio ${rate.toString()}`,
      });
    }
  });
}
