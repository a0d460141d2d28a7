import "server-only";

import { type PDFDocument } from "pdf-lib";

import { PRINTED_LABELS as L, printedAmount } from "@/lib/domain/printed-ecf";

import { beside, type Block, GREY, type Kit, MM, rule, spacer, stack, textBlock } from "./pdf-kit";
import {
  buyerBlock,
  discountText,
  documentBlock,
  footer,
  issuerBlock,
  itemDescription,
  marksBlock,
  type PrintInput,
  totalsBlock,
} from "./printed-sections";

/** An 80 mm roll: one page as tall as its content. */
const WIDTH = 80 * MM;
const MARGIN = 4 * MM;
const CONTENT = { x: MARGIN, width: WIDTH - 2 * MARGIN };
const SIZE = 7.5;
/** 14,400 points (200 in): the largest page PDF viewers are bound to draw (ISO 32000-1, annex C). */
const MAX_PAGE_HEIGHT = 14_400;

/**
 * The same content as the letter layout, one column: issuer and document centred, then the buyer,
 * each line as its description and "quantity x price … amount", the totals, and the QR block at the
 * bottom left (2 cm from the edge, as on any RI).
 */
export function layReceipt(doc: PDFDocument, kit: Kit, input: PrintInput): void {
  const { ecf } = input;
  const amountWidth = 60;
  const items = ecf.items.map((item) => {
    const discount = discountText(item);
    return stack([
      textBlock(kit, `${item.linea}. ${itemDescription(item)}`, { size: SIZE }, CONTENT.x, CONTENT.width),
      beside([
        textBlock(
          kit,
          `${item.cantidad} x ${printedAmount(item.precio)}${discount ? `  Desc. ${discount}` : ""}`,
          { size: SIZE },
          CONTENT.x + 8,
          CONTENT.width - amountWidth - 8,
        ),
        textBlock(
          kit,
          printedAmount(item.monto),
          { size: SIZE, align: "right" },
          CONTENT.x + CONTENT.width - amountWidth,
          amountWidth,
        ),
      ]),
    ]);
  });
  const header = stack([
    marksBlock(kit, input.marks, CONTENT, 10),
    input.marks.length > 0 ? spacer(4) : null,
    issuerBlock(kit, ecf, CONTENT, SIZE, "center"),
    rule(CONTENT.x, CONTENT.width, 8),
    documentBlock(kit, ecf, CONTENT, SIZE, "center"),
    rule(CONTENT.x, CONTENT.width, 8),
    buyerBlock(kit, ecf, CONTENT, SIZE),
    ecf.comprador ? rule(CONTENT.x, CONTENT.width, 8) : null,
  ]);
  const closing = stack([
    rule(CONTENT.x, CONTENT.width, 8),
    totalsBlock(kit, ecf, CONTENT, SIZE + 0.5),
    spacer(6),
    input.marks.length > 0 ? marksBlock(kit, input.marks, CONTENT, 9) : null,
  ]);
  const query = footer(kit, input, CONTENT);
  // One page as tall as its content, unless that passes what PDF viewers draw (200 in): then pieces
  // of at most that height, the header on each, as the letter layout's pages.
  const blocks = [
    ...items.map((item) => stack([item, spacer(3)])),
    closing,
    { height: query.height, draw() {} },
  ];
  const pieces: Block[][] = [[]];
  let used = MARGIN + header.height;
  for (const block of blocks) {
    if (used + block.height + MARGIN > MAX_PAGE_HEIGHT && pieces.at(-1)!.length > 0) {
      pieces.push([]);
      used = MARGIN + header.height;
    }
    pieces.at(-1)!.push(block);
    used += block.height;
  }
  pieces.forEach((piece, index) => {
    const content = stack([header, ...piece]);
    const page = doc.addPage([WIDTH, MARGIN + content.height + (index < pieces.length - 1 ? MARGIN : 0)]);
    content.draw(page, page.getHeight() - MARGIN);
    if (pieces.length > 1) {
      const number = `${L.page} ${index + 1} de ${pieces.length}`;
      textBlock(kit, number, { size: SIZE, color: GREY, align: "right" }, CONTENT.x, CONTENT.width).draw(
        page,
        14,
      );
    }
    if (index === pieces.length - 1) query.draw(page);
  });
}
