import type { Decimal } from "decimal.js";
import type { EcfValidationError } from "../ecf-validation";
import { checkAmount, shown } from "./amount-check";
import { PATH, type EcfView } from "./ecf-view";
import { decimalAt, groupItems, objectAt, round2, sum, textAt, ZERO, type JsonObject } from "./json-access";

const HUNDRED = 100;

/** Each line's amounts: MontoItem, its sub-discounts and sub-surcharges, its other-currency amount. */
export function checkLines(view: EcfView, errors: EcfValidationError[]): void {
  // A credit note that only corrects text moves no money (Formato campo 39 c).
  const textCorrection = view.tipo === "34" && textAt(view.referencia, "CodigoModificacion") === "2";
  view.items.forEach((item, index) => {
    const path = PATH.item(index);
    const quantity = decimalAt(item, "CantidadItem");
    const price = decimalAt(item, "PrecioUnitarioItem");
    if (textCorrection) {
      checkAmount(errors, {
        rule: "LINE_AMOUNT",
        field: `${path}.MontoItem`,
        expected: ZERO,
        received: view.itemAmounts[index],
        tolerance: ZERO,
        formula: "una nota de crédito que corrige texto (CodigoModificacion 2) lleva MontoItem 0",
      });
    } else if (quantity !== undefined && price !== undefined) {
      const discount = decimalAt(item, "DescuentoMonto");
      const surcharge = decimalAt(item, "RecargoMonto");
      const gross = round2(quantity.times(price));
      checkAmount(errors, {
        rule: "LINE_AMOUNT",
        field: `${path}.MontoItem`,
        expected: gross.minus(discount ?? ZERO).plus(surcharge ?? ZERO),
        received: decimalAt(item, "MontoItem"),
        tolerance: view.lineTolerance,
        formula: () =>
          `CantidadItem ${quantity.toString()} × PrecioUnitarioItem ${price.toString()} = ${gross.toFixed(2)} ` +
          `− DescuentoMonto ${shown(discount)} + RecargoMonto ${shown(surcharge)}`,
      });
    }
    if (quantity !== undefined && price !== undefined) {
      checkSubLines(errors, item, path, quantity, price, view.lineTolerance, SUB_DISCOUNT);
      checkSubLines(errors, item, path, quantity, price, view.lineTolerance, SUB_SURCHARGE);
    }
    if (quantity !== undefined) checkOtherCurrencyLine(errors, item, path, quantity, view.lineTolerance);
  });
}

interface SubLineNames {
  table: string;
  row: string;
  kind: string;
  percent: string;
  amount: string;
  total: string;
}
const SUB_DISCOUNT: SubLineNames = {
  table: "TablaSubDescuento",
  row: "SubDescuento",
  kind: "TipoSubDescuento",
  percent: "SubDescuentoPorcentaje",
  amount: "MontoSubDescuento",
  total: "DescuentoMonto",
};
const SUB_SURCHARGE: SubLineNames = {
  table: "TablaSubRecargo",
  row: "SubRecargo",
  kind: "TipoSubRecargo",
  percent: "SubRecargoPorcentaje",
  amount: "MontoSubRecargo",
  total: "RecargoMonto",
};

function checkSubLines(
  errors: EcfValidationError[],
  item: JsonObject,
  path: string,
  quantity: Decimal,
  price: Decimal,
  tolerance: Decimal,
  names: SubLineNames,
): void {
  const rows = groupItems(item, names.table, names.row);
  if (rows.length === 0) return;
  rows.forEach((row, rowIndex) => {
    const percent = decimalAt(row, names.percent);
    if (textAt(row, names.kind) !== "%" || percent === undefined) return;
    checkAmount(errors, {
      rule: "LINE_SUBADJUSTMENTS",
      field: `${path}.${names.table}.${names.row}[${rowIndex}].${names.amount}`,
      expected: round2(price.times(percent).dividedBy(HUNDRED).times(quantity)),
      received: decimalAt(row, names.amount),
      tolerance,
      formula: () =>
        `PrecioUnitarioItem ${price.toString()} × ${percent.toString()}% × CantidadItem ${quantity.toString()}`,
    });
  });
  // The line's total is the plain sum of its sub-lines: no rounding is involved, so no tolerance.
  const amounts = rows.map((row) => decimalAt(row, names.amount) ?? ZERO);
  checkAmount(errors, {
    rule: "LINE_SUBADJUSTMENTS",
    field: `${path}.${names.total}`,
    expected: sum(amounts),
    received: decimalAt(item, names.total),
    tolerance: ZERO,
    formula: () =>
      `suma de ${names.amount} de ${names.table}: ${amounts.map((amount) => amount.toFixed(2)).join(" + ")}`,
  });
}

function checkOtherCurrencyLine(
  errors: EcfValidationError[],
  item: JsonObject,
  path: string,
  quantity: Decimal,
  tolerance: Decimal,
): void {
  const detail = objectAt(item.OtraMonedaDetalle);
  const price = decimalAt(detail, "PrecioOtraMoneda");
  const received = decimalAt(detail, "MontoItemOtraMoneda");
  if (price === undefined || received === undefined) return;
  const discount = decimalAt(detail, "DescuentoOtraMoneda");
  const surcharge = decimalAt(detail, "RecargoOtraMoneda");
  const gross = round2(price.times(quantity));
  checkAmount(errors, {
    rule: "LINE_OTHER_CURRENCY",
    field: `${path}.OtraMonedaDetalle.MontoItemOtraMoneda`,
    expected: gross.minus(discount ?? ZERO).plus(surcharge ?? ZERO),
    received,
    tolerance,
    formula: () =>
      `PrecioOtraMoneda ${price.toString()} × CantidadItem ${quantity.toString()} = ${gross.toFixed(2)} ` +
      `− DescuentoOtraMoneda ${shown(discount)} + RecargoOtraMoneda ${shown(surcharge)}`,
  });
}
