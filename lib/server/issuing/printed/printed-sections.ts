import "server-only";

import { type PDFPage } from "pdf-lib";

import {
  isExemptLine,
  MARK_TEXT,
  modificationCodeText,
  PRINTED_LABELS as L,
  printedAmount,
  printedTypeName,
  totalsLines,
  type PrintedMark,
} from "@/lib/domain/printed-ecf";

import { beside, type Block, GREY, type Kit, MM, RED, stack, textBlock, type TextStyle } from "./pdf-kit";
import { drawQr, qrMatrix } from "./qr-symbol";
import type { PrintedEcf, PrintedItem } from "./read-signed-ecf";

/** What an issued e-CF's RI prints besides its XML: the stored answer and the legends that apply. */
export interface PrintInput {
  ecf: PrintedEcf;
  securityCode: string;
  signedDate: string;
  qrUrl: string;
  marks: PrintedMark[];
}

/** A column of the page: its left edge and width, in points. */
export interface Column {
  x: number;
  width: number;
}

function labelled(
  kit: Kit,
  label: string,
  value: string | null,
  style: TextStyle,
  column: Column,
): Block | null {
  return value === null ? null : textBlock(kit, `${label}: ${value}`, style, column.x, column.width);
}

/** The issuer (§18.2.1 B): trade name, legal name, branch, RNC, address, municipality, province, issue date. */
export function issuerBlock(
  kit: Kit,
  ecf: PrintedEcf,
  column: Column,
  size: number,
  align: TextStyle["align"],
): Block {
  const { emisor } = ecf;
  const style: TextStyle = { size, align };
  return stack([
    emisor.nombreComercial
      ? textBlock(kit, emisor.nombreComercial, { size: size + 4, bold: true, align }, column.x, column.width)
      : null,
    textBlock(
      kit,
      emisor.razonSocial,
      { size: size + (emisor.nombreComercial ? 1 : 4), bold: true, align },
      column.x,
      column.width,
    ),
    labelled(kit, L.branch, emisor.sucursal, style, column),
    labelled(kit, L.rnc, emisor.rnc, style, column),
    labelled(kit, L.address, emisor.direccion, style, column),
    labelled(kit, L.municipality, emisor.municipio, style, column),
    labelled(kit, L.province, emisor.provincia, style, column),
    labelled(kit, L.phone, emisor.telefonos.length > 0 ? emisor.telefonos.join(", ") : null, style, column),
    labelled(kit, L.email, emisor.correo, style, column),
    labelled(kit, L.issueDate, ecf.fechaEmision, style, column),
  ]);
}

/** The document (§18.2.1 A): type in words, e-NCF, sequence expiry, the modified e-NCF of a note. */
export function documentBlock(
  kit: Kit,
  ecf: PrintedEcf,
  column: Column,
  size: number,
  align: TextStyle["align"],
): Block {
  const style: TextStyle = { size, align };
  const reference = ecf.referencia;
  return stack([
    textBlock(kit, printedTypeName(ecf.tipo), { size: size + 3, bold: true, align }, column.x, column.width),
    textBlock(kit, `${L.encf}: ${ecf.encf}`, { size: size + 2, bold: true, align }, column.x, column.width),
    labelled(kit, L.expiry, ecf.fechaVencimiento, style, column),
    labelled(kit, L.modifiedEncf, reference?.ncfModificado ?? null, style, column),
    labelled(kit, L.modifiedDate, reference?.fechaNcfModificado ?? null, style, column),
    labelled(
      kit,
      L.modificationCode,
      reference?.codigoModificacion ? modificationCodeText(reference.codigoModificacion) : null,
      style,
      column,
    ),
    labelled(kit, L.modificationReason, reference?.razonModificacion ?? null, style, column),
  ]);
}

/** The buyer (§18.2.1 C), the issuer's own invoice number and a foreign currency, when the XML has them. */
export function buyerBlock(kit: Kit, ecf: PrintedEcf, column: Column, size: number): Block | null {
  const style: TextStyle = { size };
  const buyer = ecf.comprador;
  const currency = ecf.otraMoneda;
  const blocks = [
    labelled(kit, L.buyerName, buyer?.razonSocial ?? null, style, column),
    labelled(kit, L.buyerRnc, buyer?.rnc ?? null, style, column),
    labelled(kit, L.foreignId, buyer?.identificadorExtranjero ?? null, style, column),
    labelled(kit, L.internalNumber, ecf.numeroFacturaInterna, style, column),
    currency
      ? labelled(
          kit,
          L.currency,
          `${currency.tipo}${currency.tasa ? ` (${L.exchangeRate}: ${currency.tasa})` : ""}`,
          style,
          column,
        )
      : null,
  ];
  return blocks.some((block) => block !== null) ? stack(blocks) : null;
}

/** The legends across the top: pending, without fiscal validity, contingency. */
export function marksBlock(kit: Kit, marks: PrintedMark[], column: Column, size: number): Block | null {
  if (marks.length === 0) return null;
  return stack(
    marks.map((mark) =>
      textBlock(
        kit,
        MARK_TEXT[mark],
        { size, bold: true, color: mark === "contingency" ? GREY : RED, align: "center" },
        column.x,
        column.width,
      ),
    ),
    2,
  );
}

/** The item's description as printed: "E" before an exempt line's name (§18.2.2). */
export function itemDescription(item: PrintedItem): string {
  return `${isExemptLine(item.indicadorFacturacion) ? "E " : ""}${item.nombre}`;
}

export function discountText(item: PrintedItem): string {
  return item.descuento ? `-${printedAmount(item.descuento)}` : "";
}

/** Global discounts and surcharges, the totals per ITBIS rate, the total in a foreign currency. */
export function totalsBlock(kit: Kit, ecf: PrintedEcf, column: Column, size: number): Block {
  const labelWidth = column.width * 0.6;
  const row = (label: string, amount: string, bold = false): Block =>
    beside([
      textBlock(kit, label, { size, bold }, column.x, labelWidth),
      textBlock(
        kit,
        amount,
        { size, bold, align: "right" },
        column.x + labelWidth,
        column.width - labelWidth,
      ),
    ]);
  const adjustments = ecf.descuentosORecargos.map((entry) =>
    row(
      `${entry.tipo === "R" ? L.surcharge : L.discount}${entry.descripcion ? ` ${entry.descripcion}` : ""}${entry.porcentaje ? ` (${entry.porcentaje}%)` : ""}`,
      `${entry.tipo === "R" ? "" : "-"}${printedAmount(entry.monto ?? "0")}`,
    ),
  );
  const totals = totalsLines(ecf.totales).map((line) => row(line.label, line.amount, line.strong));
  const foreign = ecf.otraMoneda?.total
    ? [row(`Total ${ecf.otraMoneda.tipo}`, printedAmount(ecf.otraMoneda.total), true)]
    : [];
  return stack([...adjustments, ...totals, ...foreign], 1);
}

/** The QR's side: 30 mm, above DGII's minimum of 22 × 22 mm. */
const QR_SIDE = 30 * MM;
/** DGII: at least 2 cm from the sheet's edge to where the QR starts, 3 mm clear around it. */
export const QR_EDGE = 20 * MM;
const QR_CLEAR = 3 * MM;
const BOTTOM_MARGIN = 8 * MM;

/**
 * The query block (§18.2.3) at the bottom left: the QR, and under it the security code and the
 * signature's date. `height` is how much of the page's bottom it takes (nothing else goes there).
 */
export function footer(
  kit: Kit,
  input: PrintInput,
  textColumn: Column,
): { height: number; draw(page: PDFPage): void } {
  const text = stack([
    textBlock(
      kit,
      `${L.securityCode}: ${input.securityCode}`,
      { size: 8, bold: true },
      textColumn.x,
      textColumn.width,
    ),
    textBlock(kit, `${L.signedDate}: ${input.signedDate}`, { size: 8 }, textColumn.x, textColumn.width),
  ]);
  const qrBottom = Math.max(QR_EDGE, BOTTOM_MARGIN + text.height + QR_CLEAR);
  const matrix = qrMatrix(input.qrUrl);
  return {
    height: qrBottom + QR_SIDE + QR_CLEAR,
    draw(page) {
      drawQr(page, matrix, QR_EDGE, qrBottom, QR_SIDE);
      text.draw(page, qrBottom - QR_CLEAR);
    },
  };
}
