import type { Decimal } from "decimal.js";
import type { EcfValidationError } from "../ecf-validation";
import { checkAmount, shown } from "./amount-check";
import { allowedIndicators, EXEMPT, ITBIS_RATE, NOT_BILLABLE, PATH, type EcfView } from "./ecf-view";
import { decimalAt, Money, objectAt, round2, sum, textAt, ZERO, type JsonObject } from "./json-access";
import { ruleError } from "./rule-table";
import { indicatorsOfType, itbisOf } from "./total-rules";

/** Paginacion: page numbering and line ranges, each page's subtotals, and MontoTotal = Σ pages. */
export function checkPages(view: EcfView, errors: EcfValidationError[]): void {
  if (view.pages.length === 0) return;
  checkNumbering(view, errors);
  const indexByLine = new Map<number, number>();
  view.items.forEach((item, index) => indexByLine.set(Number(textAt(item, "NumeroLinea")), index));
  view.pages.forEach((page, pageIndex) => checkPage(view, page, pageIndex, indexByLine, errors));
  const subtotals = view.pages.map((page) => decimalAt(page, "MontoSubtotalPagina") ?? ZERO);
  checkAmount(errors, {
    rule: "PAGE_SUBTOTALS",
    field: `${PATH.totales}.MontoTotal`,
    expected: sum(subtotals),
    received: decimalAt(view.totales, "MontoTotal"),
    tolerance: view.totalTolerance,
    formula: `suma de MontoSubtotalPagina de las ${view.pages.length} páginas`,
  });
}

function checkNumbering(view: EcfView, errors: EcfValidationError[]): void {
  view.pages.forEach((page, index) => {
    const number = textAt(page, "PaginaNo");
    if (number !== undefined && Number(number) !== index + 1) {
      errors.push(
        ruleError(
          "PAGE_LINES",
          `${PATH.page(index)}.PaginaNo`,
          `PaginaNo debe ser ${index + 1} (páginas en orden desde 1); se recibió ${number}.`,
        ),
      );
    }
    const from = Number(textAt(page, "NoLineaDesde"));
    const to = Number(textAt(page, "NoLineaHasta"));
    if (from > to) {
      errors.push(
        ruleError(
          "PAGE_LINES",
          `${PATH.page(index)}.NoLineaDesde`,
          `NoLineaDesde (${from}) debe ser menor o igual que NoLineaHasta (${to}).`,
        ),
      );
    }
  });
  const total = textAt(view.idDoc, "TotalPaginas");
  if (total !== undefined && Number(total) !== view.pages.length) {
    errors.push(
      ruleError(
        "PAGE_LINES",
        `${PATH.idDoc}.TotalPaginas`,
        `TotalPaginas debe ser ${view.pages.length}, las páginas de Paginacion; se recibió ${total}.`,
      ),
    );
  }
}

function checkPage(
  view: EcfView,
  page: JsonObject,
  pageIndex: number,
  indexByLine: Map<number, number>,
  errors: EcfValidationError[],
): void {
  const path = PATH.page(pageIndex);
  const from = Number(textAt(page, "NoLineaDesde"));
  const to = Number(textAt(page, "NoLineaHasta"));
  const tolerance = new Money(Number.isInteger(from) && to >= from ? to - from + 1 : 1);
  const read = (name: string) => decimalAt(page, name);
  const check = (name: string, expected: Decimal, formula: string) =>
    checkAmount(errors, {
      rule: "PAGE_SUBTOTALS",
      field: `${path}.${name}`,
      expected,
      received: read(name),
      tolerance,
      formula,
    });
  const rates = indicatorsOfType(view.tipo).filter((indicator) => indicator !== EXEMPT);
  // Global adjustments cannot be placed on a page, so lines decide the page only without them (and
  // only over a valid range: an inverted one is reported by the numbering check).
  if (view.adjustments.length === 0 && Number.isInteger(from) && Number.isInteger(to) && from <= to) {
    const sums = new Map<string, Decimal>();
    for (let line = from; line <= to; line++) {
      const index = indexByLine.get(line);
      const indicator = index === undefined ? undefined : view.indicators[index];
      if (index === undefined || indicator === undefined) continue;
      sums.set(indicator, (sums.get(indicator) ?? ZERO).plus(view.itemAmounts[index]!));
    }
    for (const indicator of rates) {
      const rate = ITBIS_RATE[indicator]!;
      const items = sums.get(indicator) ?? ZERO;
      const divide = view.pricesIncludeItbis && rate > 0;
      check(
        `SubtotalMontoGravado${indicator}Pagina`,
        round2(divide ? items.dividedBy(new Money(rate).dividedBy(100).plus(1)) : items),
        `suma de MontoItem con IndicadorFacturacion ${indicator} de las líneas ${from} a ${to}` +
          (divide ? ` ÷ ${1 + rate / 100}` : ""),
      );
    }
    const allowed = allowedIndicators(view.tipo);
    if (allowed.includes(EXEMPT)) {
      check(
        "SubtotalExentoPagina",
        sums.get(EXEMPT) ?? ZERO,
        `suma de MontoItem exentos de las líneas ${from} a ${to}`,
      );
    }
    if (allowed.includes(NOT_BILLABLE)) {
      const text = `suma de MontoItem no facturables de las líneas ${from} a ${to}`;
      check("SubtotalMontoNoFacturablePagina", sums.get(NOT_BILLABLE) ?? ZERO, text);
    }
  }
  const taxArea = objectAt(page.SubtotalImpuestoAdicional);
  const isc = decimalAt(taxArea, "SubtotalImpuestoSelectivoConsumoEspecificoPagina") ?? ZERO;
  for (const indicator of rates) {
    const gravado = read(`SubtotalMontoGravado${indicator}Pagina`) ?? ZERO;
    const base = indicator === "1" ? gravado.plus(isc) : gravado;
    check(
      `SubtotalItbis${indicator}Pagina`,
      itbisOf(indicator, base),
      `SubtotalMontoGravado${indicator}Pagina ${gravado.toFixed(2)} × ${ITBIS_RATE[indicator]}%`,
    );
  }
  if (rates.length > 0) {
    const gravados = rates.map((indicator) => `SubtotalMontoGravado${indicator}Pagina`);
    check(
      "SubtotalMontoGravadoPagina",
      sum(gravados.map((name) => read(name) ?? ZERO)),
      gravados.join(" + "),
    );
    const itbis = rates.map((indicator) => `SubtotalItbis${indicator}Pagina`);
    check("SubtotalItbisPagina", sum(itbis.map((name) => read(name) ?? ZERO)), itbis.join(" + "));
  }
  if (taxArea) {
    const other = decimalAt(taxArea, "SubtotalOtrosImpuesto") ?? ZERO;
    check(
      "SubtotalImpuestoAdicionalPagina",
      isc.plus(other),
      `ISC específico ${isc.toFixed(2)} + otros impuestos ${other.toFixed(2)}`,
    );
  }
  const parts = [
    "SubtotalMontoGravadoPagina",
    "SubtotalExentoPagina",
    "SubtotalItbisPagina",
    "SubtotalImpuestoAdicionalPagina",
  ];
  check(
    "MontoSubtotalPagina",
    sum(parts.map((name) => read(name) ?? ZERO)),
    parts.map((name) => `${name} ${shown(read(name))}`).join(" + "),
  );
}
