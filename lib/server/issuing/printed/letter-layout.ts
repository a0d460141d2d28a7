import "server-only";

import { degrees, type PDFDocument, type PDFPage } from "pdf-lib";

import { MARK_TEXT, PRINTED_LABELS as L, printedAmount } from "@/lib/domain/printed-ecf";

import { beside, type Block, GREY, type Kit, RED, rule, spacer, stack, textBlock } from "./pdf-kit";
import {
  buyerBlock,
  discountText,
  documentBlock,
  footer,
  issuerBlock,
  itemDescription,
  marksBlock,
  type PrintInput,
  QR_EDGE,
  totalsBlock,
} from "./printed-sections";

const PAGE: [number, number] = [612, 792];
const MARGIN = 36;
const WIDTH = PAGE[0] - 2 * MARGIN;
const SIZE = 8;
/** Room at the bottom of every page for "Página n de N". */
const PAGE_NUMBER_ROOM = 18;

/** The table's columns: No., Cant., Descripción, Precio, Descuento, Valor. */
const COLUMNS = (() => {
  const widths = [22, 48, 0, 80, 64, 84];
  const gap = 6;
  widths[2] = WIDTH - widths.reduce((sum, width) => sum + width, 0) - gap * (widths.length - 1);
  let x = MARGIN;
  return widths.map((width) => {
    const column = { x, width };
    x += width + gap;
    return column;
  });
})();

function tableRow(kit: Kit, cells: string[], bold = false): Block {
  const aligns = ["left", "right", "left", "right", "right", "right"] as const;
  return beside(
    cells.map((cell, index) =>
      textBlock(
        kit,
        cell,
        { size: SIZE, bold, align: aligns[index] },
        COLUMNS[index]!.x,
        COLUMNS[index]!.width,
      ),
    ),
  );
}

/**
 * Letter size, paginated as §18 allows: the header (issuer, document, buyer) and the table's heading
 * repeat on every page, the totals follow the last line, the QR block is at the bottom left of the
 * last page, and "Página n de N" is printed when there is more than one.
 */
export function layLetter(doc: PDFDocument, kit: Kit, input: PrintInput): void {
  const { ecf } = input;
  const full = { x: MARGIN, width: WIDTH };
  const half = (WIDTH - 24) / 2;
  const buyer = buyerBlock(kit, ecf, full, SIZE + 1);
  const header = stack([
    marksBlock(kit, input.marks, full, 12),
    input.marks.length > 0 ? spacer(6) : null,
    beside([
      issuerBlock(kit, ecf, { x: MARGIN, width: half }, SIZE + 1, "left"),
      documentBlock(kit, ecf, { x: MARGIN + half + 24, width: half }, SIZE + 1, "right"),
    ]),
    rule(MARGIN, WIDTH, 10),
    buyer,
    buyer ? rule(MARGIN, WIDTH, 10) : null,
  ]);
  const tableHead = stack([
    tableRow(kit, [L.line, L.quantity, L.description, L.price, L.discount, L.amount], true),
    rule(MARGIN, WIDTH, 4),
  ]);
  const rows = ecf.items.map((item) =>
    stack([
      tableRow(kit, [
        item.linea,
        item.cantidad,
        itemDescription(item),
        printedAmount(item.precio),
        discountText(item),
        printedAmount(item.monto),
      ]),
      spacer(2),
    ]),
  );
  const totalsWidth = 260;
  const closing = stack([
    rule(MARGIN, WIDTH, 10),
    totalsBlock(kit, ecf, { x: MARGIN + WIDTH - totalsWidth, width: totalsWidth }, SIZE + 1),
  ]);
  const query = footer(kit, input, { x: QR_EDGE, width: PAGE[0] - MARGIN - QR_EDGE });

  const pages: PDFPage[] = [];
  let y = 0;
  const newPage = (withTableHead: boolean) => {
    const page = doc.addPage(PAGE);
    pages.push(page);
    y = PAGE[1] - MARGIN;
    header.draw(page, y);
    y -= header.height;
    if (withTableHead) {
      tableHead.draw(page, y);
      y -= tableHead.height;
    }
  };
  const place = (block: Block, withTableHead: boolean) => {
    if (y - block.height < MARGIN + PAGE_NUMBER_ROOM) newPage(withTableHead);
    block.draw(pages.at(-1)!, y);
    y -= block.height;
  };
  newPage(true);
  for (const row of rows) place(row, true);
  place(closing, false);
  // The QR block takes the bottom of the last page: on a page of its own when the totals reach it.
  if (y < query.height) newPage(false);
  query.draw(pages.at(-1)!);

  pages.forEach((page, index) => {
    if (pages.length > 1) {
      const number = `${L.page} ${index + 1} de ${pages.length}`;
      textBlock(kit, number, { size: SIZE, color: GREY, align: "right" }, MARGIN, WIDTH).draw(page, MARGIN);
    }
    for (const mark of input.marks) {
      if (mark !== "contingency") watermark(page, kit, MARK_TEXT[mark], mark === "rejected" ? 54 : 34);
    }
  });
}

/** A legend across the page's middle at 35°, faint enough to read the document through it. */
function watermark(page: PDFPage, kit: Kit, text: string, size: number): void {
  const clean = kit.clean(text);
  const half = kit.bold.widthOfTextAtSize(clean, size) / 2;
  const angle = (35 * Math.PI) / 180;
  page.drawText(clean, {
    x: PAGE[0] / 2 - half * Math.cos(angle) + (size / 2) * Math.sin(angle),
    y: PAGE[1] / 2 - half * Math.sin(angle) - (size / 2) * Math.cos(angle),
    size,
    font: kit.bold,
    color: RED,
    opacity: 0.12,
    rotate: degrees(35),
  });
}
