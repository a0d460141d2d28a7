import "server-only";

import { type PDFDocument } from "pdf-lib";

import { printedAmount } from "@/lib/domain/printed-ecf";

import { beside, type Kit, MM, rule, spacer, stack, textBlock } from "./pdf-kit";
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
  const body = stack([
    marksBlock(kit, input.marks, CONTENT, 10),
    input.marks.length > 0 ? spacer(4) : null,
    issuerBlock(kit, ecf, CONTENT, SIZE, "center"),
    rule(CONTENT.x, CONTENT.width, 8),
    documentBlock(kit, ecf, CONTENT, SIZE, "center"),
    rule(CONTENT.x, CONTENT.width, 8),
    buyerBlock(kit, ecf, CONTENT, SIZE),
    ecf.comprador ? rule(CONTENT.x, CONTENT.width, 8) : null,
    stack(items, 3),
    rule(CONTENT.x, CONTENT.width, 8),
    totalsBlock(kit, ecf, CONTENT, SIZE + 0.5),
    spacer(6),
    input.marks.length > 0 ? marksBlock(kit, input.marks, CONTENT, 9) : null,
  ]);
  const query = footer(kit, input, CONTENT);
  const page = doc.addPage([WIDTH, MARGIN + body.height + query.height]);
  body.draw(page, page.getHeight() - MARGIN);
  query.draw(page);
}
