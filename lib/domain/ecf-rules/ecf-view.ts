import type { Decimal } from "decimal.js";
import { ECF_TYPES, isEcfType } from "../ecf-types";
import type { EcfJson } from "../ecf-validation";
import { decimalAt, groupItems, Money, objectAt, sum, textAt, ZERO, type JsonObject } from "./json-access";

/** JSON paths of the areas, as errors name them. */
export const PATH = {
  idDoc: "ECF.Encabezado.IdDoc",
  emisor: "ECF.Encabezado.Emisor",
  comprador: "ECF.Encabezado.Comprador",
  totales: "ECF.Encabezado.Totales",
  otraMoneda: "ECF.Encabezado.OtraMoneda",
  item: (index: number) => `ECF.DetallesItems.Item[${index}]`,
  adjustment: (index: number) => `ECF.DescuentosORecargos.DescuentoORecargo[${index}]`,
  page: (index: number) => `ECF.Paginacion.Pagina[${index}]`,
  referencia: "ECF.InformacionReferencia",
} as const;

/** ITBIS rate in percent by IndicadorFacturacion (XSD IndicadorFacturacionType: 1 18%, 2 16%, 3 0%). */
export const ITBIS_RATE: Readonly<Record<string, number>> = { "1": 18, "2": 16, "3": 0 };
export const RATE_INDICATORS = ["1", "2", "3"] as const;
export const EXEMPT = "4";
export const NOT_BILLABLE = "0";
const ALL_INDICATORS = [NOT_BILLABLE, "1", "2", "3", EXEMPT] as const;

/**
 * The IndicadorFacturacion values a type can carry: those its XSD's Totales has an amount for, as
 * the Formato's per-type codes say (campos 93–96 and 111; 0 = "no corresponde"). Types not listed
 * carry all five.
 */
const INDICATORS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  "41": ["1", "2", "3", EXEMPT],
  "43": [EXEMPT],
  "44": [NOT_BILLABLE, EXEMPT],
  "46": [NOT_BILLABLE, "3"],
  "47": [EXEMPT],
};

export function allowedIndicators(tipo: string | undefined): readonly string[] {
  return INDICATORS_BY_TYPE[tipo ?? ""] ?? ALL_INDICATORS;
}

/**
 * The e-CF's areas read once, shared by every rule: the document is walked a fixed number of
 * times whatever the rule count, which keeps 1,000 lines in a few milliseconds.
 */
export interface EcfView {
  tipo: string | undefined;
  idDoc: JsonObject | undefined;
  emisor: JsonObject | undefined;
  comprador: JsonObject | undefined;
  totales: JsonObject | undefined;
  otraMoneda: JsonObject | undefined;
  referencia: JsonObject | undefined;
  items: JsonObject[];
  /** Each item's IndicadorFacturacion ("0"–"4"), by index. */
  indicators: Array<string | undefined>;
  /** Each item's MontoItem (zero when absent), by index. */
  itemAmounts: Decimal[];
  adjustments: JsonObject[];
  pages: JsonObject[];
  /** IndicadorMontoGravado 1: line amounts include ITBIS. */
  pricesIncludeItbis: boolean;
  /** A global discount under Norma General 10-07, whose arithmetic differs (not checked here). */
  norma1007: boolean;
  /** Informe Técnico §12: ±1 per line, and the line count on the document's totals. */
  lineTolerance: Decimal;
  totalTolerance: Decimal;
}

export function viewOf(ecf: EcfJson): EcfView {
  const encabezado = objectAt(ecf.Encabezado);
  const idDoc = objectAt(encabezado?.IdDoc);
  const items = groupItems(ecf, "DetallesItems", "Item");
  const adjustments = groupItems(ecf, "DescuentosORecargos", "DescuentoORecargo");
  return {
    tipo: textAt(idDoc, "TipoeCF"),
    idDoc,
    emisor: objectAt(encabezado?.Emisor),
    comprador: objectAt(encabezado?.Comprador),
    totales: objectAt(encabezado?.Totales),
    otraMoneda: objectAt(encabezado?.OtraMoneda),
    referencia: objectAt(ecf.InformacionReferencia),
    items,
    indicators: items.map((item) => textAt(item, "IndicadorFacturacion")),
    itemAmounts: items.map((item) => decimalAt(item, "MontoItem") ?? ZERO),
    adjustments,
    pages: groupItems(ecf, "Paginacion", "Pagina"),
    pricesIncludeItbis: textAt(idDoc, "IndicadorMontoGravado") === "1",
    norma1007: adjustments.some((adjustment) => textAt(adjustment, "IndicadorNorma1007") === "1"),
    lineTolerance: new Money(1),
    totalTolerance: new Money(Math.max(1, items.length)),
  };
}

/** Σ of one item amount per IndicadorFacturacion. */
export function sumByIndicator(
  view: EcfView,
  amountOf: (index: number) => Decimal | undefined,
): Map<string, Decimal> {
  const sums = new Map<string, Decimal>();
  view.items.forEach((_, index) => {
    const indicator = view.indicators[index];
    const amount = amountOf(index);
    if (indicator === undefined || amount === undefined) return;
    sums.set(indicator, (sums.get(indicator) ?? ZERO).plus(amount));
  });
  return sums;
}

/** Global surcharges minus global discounts per IndicadorFacturacionDescuentooRecargo. */
export function adjustmentByIndicator(view: EcfView, amountKey: string): Map<string, Decimal> {
  const net = new Map<string, Decimal>();
  for (const adjustment of view.adjustments) {
    const indicator = textAt(adjustment, "IndicadorFacturacionDescuentooRecargo");
    const amount = decimalAt(adjustment, amountKey);
    if (indicator === undefined || amount === undefined) continue;
    const signed = textAt(adjustment, "TipoAjuste") === "D" ? amount.negated() : amount;
    net.set(indicator, (net.get(indicator) ?? ZERO).plus(signed));
  }
  return net;
}

/** Σ of every global discount (negative) and surcharge (positive), whatever their indicator. */
export function netGlobalAdjustment(view: EcfView, amountKey: string): Decimal {
  return sum(adjustmentByIndicator(view, amountKey).values());
}

/** The additional taxes of the header table (`Totales.ImpuestosAdicionales.ImpuestoAdicional`). */
export function headerTaxes(view: EcfView): JsonObject[] {
  return groupItems(view.totales, "ImpuestosAdicionales", "ImpuestoAdicional");
}

/** "31 (Factura de Crédito Fiscal Electrónica)", for messages. */
export function typeName(tipo: string): string {
  return isEcfType(tipo) ? `${tipo} (${ECF_TYPES[tipo].es})` : tipo;
}
