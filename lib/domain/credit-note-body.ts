import type { CreditNoteFields } from "./remedy-credit-note";
import { decimalAt, Money, round2, ZERO, type JsonObject } from "./ecf-rules/json-access";

/**
 * The body (MSeller's `{ "ECF": { … } }`) of the credit note (e-CF 34) the portal issues to cancel an
 * accepted e-CF issued here: the original's issuer and buyer, CodigoModificacion 1 (a total
 * cancellation), IndicadorNotaCredito by the 30-day rule (remedy-credit-note), the reason, and the
 * amounts, never more than the earlier notes left (`remaining`):
 * - within 30 days, nothing credited before: the original's lines and totals, as they were;
 * - after 30 days the ITBIS is not refunded: the original's lines credited without it (exempt);
 * - an original the lines cannot be copied from (discounts, other taxes, another currency, prices
 *   with ITBIS included), or one earlier notes already credited in part: one line for the balance,
 *   at 18 % when the ITBIS is refunded and the original carried ITBIS, exempt otherwise.
 * Pure: the server reads the original's signed XML into `OriginalEcf` and validates the result with
 * the API's own checks before anything is signed.
 */

/** What the note takes from the original, as its signed XML says it (scalars as text). */
export interface OriginalEcf {
  encf: string;
  emisor: JsonObject;
  comprador: JsonObject | null;
  tipoIngresos: string | null;
  tipoPago: string | null;
  /** IndicadorMontoGravado 1: prices include ITBIS. */
  pricesIncludeItbis: boolean;
  /** Discounts or surcharges, another currency, additional taxes: lines are not copied. */
  hasAdjustments: boolean;
  items: JsonObject[];
  totales: JsonObject;
}

export interface CreditNoteDraft {
  body: { ECF: JsonObject };
  /** How the amounts were chosen. */
  basis: "copy" | "copy-without-itbis" | "balance";
  total: string;
  itbis: string;
}

/** e-CF 34's RazonModificacion: AlfNum90. */
export const CREDIT_NOTE_REASON_MAX = 90;

const EMISOR_FIELDS = [
  "RNCEmisor",
  "RazonSocialEmisor",
  "NombreComercial",
  "Sucursal",
  "DireccionEmisor",
  "Municipio",
  "Provincia",
  "TablaTelefonoEmisor",
  "CorreoEmisor",
  "WebSite",
];
const COMPRADOR_FIELDS = [
  "RNCComprador",
  "IdentificadorExtranjero",
  "RazonSocialComprador",
  "ContactoComprador",
  "CorreoComprador",
  "DireccionComprador",
  "MunicipioComprador",
  "ProvinciaComprador",
];
const LINE_FIELDS = new Set([
  "NumeroLinea",
  "IndicadorFacturacion",
  "NombreItem",
  "IndicadorBienoServicio",
  "DescripcionItem",
  "CantidadItem",
  "UnidadMedida",
  "PrecioUnitarioItem",
  "MontoItem",
]);
const TOTAL_FIELDS = new Set([
  "MontoGravadoTotal",
  "MontoGravadoI1",
  "MontoGravadoI2",
  "MontoGravadoI3",
  "MontoExento",
  "ITBIS1",
  "ITBIS2",
  "ITBIS3",
  "TotalITBIS",
  "TotalITBIS1",
  "TotalITBIS2",
  "TotalITBIS3",
  "MontoTotal",
]);

export function creditNoteBody(input: {
  original: OriginalEcf;
  fields: CreditNoteFields;
  /** What earlier notes left to credit (decimal text). */
  remaining: string;
  reason: string;
  /** The note's e-NCF (the preview shows the next free one; the issue takes it at confirmation). */
  encf: string;
  /** The note's FechaEmision, dd-MM-yyyy. */
  fechaEmision: string;
}): CreditNoteDraft {
  const { original, fields } = input;
  const withItbis = fields.IndicadorNotaCredito === 0;
  const originalTotal = decimalAt(original.totales, "MontoTotal") ?? ZERO;
  const originalItbis = decimalAt(original.totales, "TotalITBIS") ?? ZERO;
  const remaining = new Money(input.remaining);
  const copyable = linesCopyable(original);
  const amounts =
    copyable && withItbis && remaining.gte(originalTotal)
      ? copied(original)
      : copyable && !withItbis && remaining.gte(originalTotal.minus(originalItbis))
        ? copiedWithoutItbis(original)
        : balance(
            Money.min(remaining, withItbis ? originalTotal : originalTotal.minus(originalItbis)),
            withItbis && originalItbis.gt(0),
            original.encf,
          );
  const ecf: JsonObject = {
    Encabezado: {
      Version: "1.0",
      IdDoc: {
        TipoeCF: "34",
        eNCF: input.encf,
        IndicadorNotaCredito: String(fields.IndicadorNotaCredito ?? 0),
        ...(original.tipoIngresos ? { TipoIngresos: original.tipoIngresos } : {}),
        TipoPago: original.tipoPago ?? "1",
      },
      Emisor: { ...picked(original.emisor, EMISOR_FIELDS), FechaEmision: input.fechaEmision },
      ...(original.comprador ? { Comprador: picked(original.comprador, COMPRADOR_FIELDS) } : {}),
      Totales: amounts.totales,
    },
    DetallesItems: { Item: amounts.items },
    InformacionReferencia: {
      NCFModificado: fields.NCFModificado,
      FechaNCFModificado: fields.FechaNCFModificado,
      CodigoModificacion: String(fields.CodigoModificacion),
      RazonModificacion: input.reason.trim().slice(0, CREDIT_NOTE_REASON_MAX),
    },
  };
  return {
    body: { ECF: ecf },
    basis: amounts.basis,
    total: String(amounts.totales.MontoTotal),
    itbis: String(amounts.totales.TotalITBIS ?? "0.00"),
  };
}

interface Amounts {
  basis: CreditNoteDraft["basis"];
  items: JsonObject[];
  totales: JsonObject;
}

function linesCopyable(original: OriginalEcf): boolean {
  if (original.pricesIncludeItbis || original.hasAdjustments || original.items.length === 0) return false;
  const lineOk = (item: JsonObject) =>
    Object.keys(item).every((key) => LINE_FIELDS.has(key)) &&
    ["1", "2", "3", "4"].includes(String(item.IndicadorFacturacion));
  return original.items.every(lineOk) && Object.keys(original.totales).every((key) => TOTAL_FIELDS.has(key));
}

function copied(original: OriginalEcf): Amounts {
  return {
    basis: "copy",
    items: original.items.map((item) => ({ ...item })),
    totales: { ...original.totales },
  };
}

/** Each line at its price without ITBIS, as exempt: the note refunds no ITBIS. */
function copiedWithoutItbis(original: OriginalEcf): Amounts {
  const items = original.items.map((item) => ({ ...item, IndicadorFacturacion: "4" }));
  const total = items.reduce((sum, item) => sum.plus(decimalAt(item, "MontoItem") ?? ZERO), ZERO);
  return {
    basis: "copy-without-itbis",
    items,
    totales: { MontoExento: total.toFixed(2), MontoTotal: total.toFixed(2) },
  };
}

/** One line for `amount`: base + 18 % ITBIS never above it, or exempt. */
function balance(amount: Money, atItbis: boolean, encf: string): Amounts {
  const line = (indicator: string, monto: Money): JsonObject => ({
    NumeroLinea: "1",
    IndicadorFacturacion: indicator,
    NombreItem: `Saldo de ${encf}`,
    IndicadorBienoServicio: "2",
    CantidadItem: "1",
    PrecioUnitarioItem: monto.toFixed(2),
    MontoItem: monto.toFixed(2),
  });
  if (!atItbis) {
    return {
      basis: "balance",
      items: [line("4", amount)],
      totales: { MontoExento: amount.toFixed(2), MontoTotal: amount.toFixed(2) },
    };
  }
  let base = round2(amount.dividedBy(1.18));
  let itbis = round2(base.times(0.18));
  while (base.plus(itbis).gt(amount)) {
    base = base.minus(0.01);
    itbis = round2(base.times(0.18));
  }
  return {
    basis: "balance",
    items: [line("1", base)],
    totales: {
      MontoGravadoTotal: base.toFixed(2),
      MontoGravadoI1: base.toFixed(2),
      ITBIS1: "18",
      TotalITBIS: itbis.toFixed(2),
      TotalITBIS1: itbis.toFixed(2),
      MontoTotal: base.plus(itbis).toFixed(2),
    },
  };
}

function picked(source: JsonObject, names: readonly string[]): JsonObject {
  return Object.fromEntries(
    names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]),
  );
}
