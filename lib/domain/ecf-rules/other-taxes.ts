import type { EcfValidationError } from "../ecf-validation";
import { checkAmount } from "./amount-check";
import { headerTaxes, netGlobalAdjustment, PATH, type EcfView } from "./ecf-view";
import { decimalAt, groupItems, Money, round2, sum, textAt, ZERO } from "./json-access";

/** ITBIS tasa 1 as a divisor, for amounts that include it (IndicadorMontoGravado 1). */
const WITH_ITBIS1 = new Money("1.18");

/**
 * Otros impuestos adicionales (codes 001–005: propina legal, CDT, seguros, telecomunicaciones,
 * primera placa) per Informe Técnico §15: the amounts of the lines carrying the code, with their
 * prorated share of global discounts and surcharges, (÷ 1.18 when they include ITBIS) × the rate.
 * Norma 10-07 documents divide by other rates and are not checked here.
 */
export function checkOtherTaxes(view: EcfView, errors: EcfValidationError[]): void {
  if (view.norma1007) return;
  const taxes = headerTaxes(view);
  if (taxes.length === 0) return;
  const allItems = sum(view.itemAmounts);
  const globalNet = netGlobalAdjustment(view, "MontoDescuentooRecargo");
  const codesByItem = view.items.map((item) =>
    groupItems(item, "TablaImpuestoAdicional", "ImpuestoAdicional").map((tax) =>
      Number(textAt(tax, "TipoImpuesto")),
    ),
  );
  taxes.forEach((tax, index) => {
    const code = Number(textAt(tax, "TipoImpuesto"));
    const rate = decimalAt(tax, "TasaImpuestoAdicional");
    const received = decimalAt(tax, "OtrosImpuestosAdicionales");
    if (!(code >= 1 && code <= 5) || rate === undefined || received === undefined) return;
    const lines = sum(view.itemAmounts.filter((_, item) => codesByItem[item]!.includes(code)));
    // Each line's share of a global adjustment is its part of Σ MontoItem (Informe Técnico p. 28).
    const share = allItems.isZero() ? ZERO : lines.times(globalNet).dividedBy(allItems);
    const net = lines.plus(share);
    const base = view.pricesIncludeItbis ? net.dividedBy(WITH_ITBIS1) : net;
    checkAmount(errors, {
      rule: "OTHER_TAXES",
      field: `${PATH.totales}.ImpuestosAdicionales.ImpuestoAdicional[${index}].OtrosImpuestosAdicionales`,
      expected: round2(base.times(rate).dividedBy(100)),
      received,
      tolerance: view.totalTolerance,
      formula:
        `suma de MontoItem de los ítems con el código ${String(code).padStart(3, "0")} ${lines.toFixed(2)}` +
        (share.isZero() ? "" : ` y su parte de descuentos/recargos globales ${share.toFixed(2)}`) +
        (view.pricesIncludeItbis ? " ÷ 1.18 (montos con ITBIS incluido)" : "") +
        ` × ${rate.toString()}%`,
    });
  });
}
