import { ecfTypeName, isEcfType } from "./ecf-types";

/**
 * The printed representation (representación impresa, RI) of an issued e-CF, as DGII's Informe
 * Técnico e-CF v1.0 §18 orders it: what it says and when, whatever the paper. Rendering is in
 * lib/server/issuing/printed. The RI is a fiscal document read in the Dominican Republic, so its
 * words are DGII's, in Spanish, whatever the reader's locale.
 */

/** Letter (8.5 × 11 in, paginated) or an 80 mm receipt roll whose height fits the content. */
export const PRINT_LAYOUTS = ["letter", "receipt"] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

export function isPrintLayout(value: string): value is PrintLayout {
  return (PRINT_LAYOUTS as readonly string[]).includes(value);
}

/** The document's name in words (Informe Técnico §18.2.1 A); an unknown type keeps its code. */
export function printedTypeName(tipo: string): string {
  return isEcfType(tipo) ? ecfTypeName(tipo) : `e-CF tipo ${tipo}`;
}

/** CodigoModificacion of a debit or credit note, in words (Informe Técnico §18.2.1 A). */
export const MODIFICATION_CODES: Readonly<Record<string, string>> = {
  "1": "Anula el NCF modificado",
  "2": "Corrige Texto del Comprobante Fiscal modificado",
  "3": "Corrige montos del NCF modificado",
  "4": "Reemplazo NCF emitido en contingencia",
};

export function modificationCodeText(code: string): string {
  return MODIFICATION_CODES[code] ? `${code} - ${MODIFICATION_CODES[code]}` : code;
}

/** A legend printed across the document. */
export type PrintedMark = "pending" | "rejected" | "contingency";

export const MARK_TEXT: Readonly<Record<PrintedMark, string>> = {
  // An RI of an e-CF DGII has not received, or rejected, cannot support a tax credit (§18).
  pending: "Pendiente de validación por la DGII",
  rejected: "SIN VALIDEZ FISCAL",
  // §19: the legend of an e-CF issued while the issuer is in a declared contingency.
  contingency: "e-CF emitido en modalidad de contingencia",
};

/** Our statuses while DGII's verdict is not in yet (lib/server/issuing PENDING_SEND, IN_PROCESS). */
const PENDING_STATUSES: ReadonlySet<string> = new Set(["Pendiente de envío", "En Proceso"]);

/** Which legends an issued e-CF's RI carries, by its status (and a declared contingency). */
export function printedMarks(status: string, options: { contingency?: boolean } = {}): PrintedMark[] {
  const marks: PrintedMark[] = [];
  if (status === "Rechazado") marks.push("rejected");
  else if (PENDING_STATUSES.has(status)) marks.push("pending");
  if (options.contingency) marks.push("contingency");
  return marks;
}

/** Labels of the RI, in DGII's words. */
export const PRINTED_LABELS = {
  rnc: "RNC",
  branch: "Sucursal",
  address: "Dirección",
  municipality: "Municipio",
  province: "Provincia",
  phone: "Teléfono",
  email: "Correo",
  issueDate: "Fecha de Emisión",
  encf: "e-NCF",
  expiry: "Fecha Vencimiento",
  modifiedEncf: "e-NCF Modificado",
  modifiedDate: "Fecha e-NCF Modificado",
  modificationCode: "Código de Modificación",
  modificationReason: "Razón de Modificación",
  buyerName: "Razón Social Cliente",
  buyerRnc: "RNC Cliente",
  foreignId: "Identificador Extranjero",
  internalNumber: "No. Factura Interna",
  currency: "Moneda",
  exchangeRate: "Tasa de cambio",
  line: "No.",
  quantity: "Cant.",
  description: "Descripción",
  price: "Precio",
  discount: "Descuento",
  surcharge: "Recargo",
  amount: "Valor",
  securityCode: "Código de Seguridad",
  signedDate: "Fecha de Firma Digital",
  page: "Página",
} as const;

/** One line of the totals block: a label and the amount as printed. */
export interface PrintedTotalsLine {
  label: string;
  amount: string;
  /** The document's total (printed bold). */
  strong?: boolean;
}

/**
 * The totals block from Encabezado/Totales (element → text as signed), per ITBIS rate (ITBIS1..3 are
 * the rates, TotalITBIS1..3 the amounts), in the order of §18.2.2: taxable per rate and subtotal,
 * exempt, ITBIS per rate and total, additional taxes, total, then what is withheld or still owed.
 */
export function totalsLines(totales: Readonly<Record<string, string>>): PrintedTotalsLine[] {
  const lines: PrintedTotalsLine[] = [];
  const add = (field: string, label: string, strong = false) => {
    const value = totales[field];
    if (value !== undefined && value !== "") lines.push({ label, amount: printedAmount(value), strong });
  };
  const rate = (n: 1 | 2 | 3) => (totales[`ITBIS${n}`] !== undefined ? ` ${totales[`ITBIS${n}`]}%` : "");
  for (const n of [1, 2, 3] as const) add(`MontoGravadoI${n}`, `Monto gravado ITBIS${rate(n)}`);
  add("MontoGravadoTotal", "Subtotal Gravado");
  add("MontoExento", "Subtotal Exento");
  for (const n of [1, 2, 3] as const) add(`TotalITBIS${n}`, `ITBIS${rate(n)}`);
  add("TotalITBIS", "Total ITBIS");
  add("MontoImpuestoAdicional", "Impuestos adicionales");
  add("MontoTotal", "Total", true);
  add("MontoNoFacturable", "Monto no facturable");
  add("MontoPeriodo", "Monto del período");
  add("SaldoAnterior", "Saldo anterior");
  add("MontoAvancePago", "Avance de pago");
  add("ValorPagar", "Valor a pagar");
  add("TotalITBISRetenido", "ITBIS retenido");
  add("TotalISRRetencion", "ISR retenido");
  add("TotalITBISPercepcion", "ITBIS percibido");
  add("TotalISRPercepcion", "ISR percibido");
  return lines;
}

/**
 * An amount as printed: the signed text with thousands separators and at least two decimals
 * ("6000.5" → "6,000.50"). Text, not a number, so no amount is ever rounded on paper.
 */
export function printedAmount(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value.trim();
  const [, sign, whole, fraction = ""] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${fraction.padEnd(2, "0")}`;
}

/** Informe Técnico §18.2.2: an exempt line (IndicadorFacturacion 4) carries an "E" left of its description. */
export function isExemptLine(indicadorFacturacion: string): boolean {
  return indicadorFacturacion.trim() === "4";
}
