import "server-only";

import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts, type RGB } from "pdf-lib";

/** Points per millimetre (PDF user space is 1/72 in). */
export const MM = 72 / 25.4;

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
export const RED = rgb(0.75, 0.05, 0.05);

/** The two standard fonts (not embedded: a few KB per PDF) and the text they can print. */
export interface Kit {
  regular: PDFFont;
  bold: PDFFont;
  /** The text as Helvetica's WinAnsi encoding can print it (see printableText). */
  clean(text: string): string;
}

export async function createKit(doc: PDFDocument): Promise<Kit> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const printable = new Set(regular.getCharacterSet());
  return { regular, bold, clean: (text) => printableText(text, printable) };
}

/**
 * A standard font prints WinAnsi only (Spanish is all in it) and pdf-lib throws on anything else: a
 * character outside it loses its accent when that is enough ("ő" → "o"), else becomes "?"; line
 * breaks and tabs become spaces. A description never stops the document from printing.
 */
export function printableText(text: string, printable: ReadonlySet<number>): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (printable.has(code) && code >= 0x20) out += char;
    else if (/\s/u.test(char)) out += " ";
    else {
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      out += bare !== "" && [...bare].every((c) => printable.has(c.codePointAt(0)!)) ? bare : "?";
    }
  }
  return out;
}

/** A measured piece of a page: drawn with its top at `top` (PDF y, from the bottom). */
export interface Block {
  height: number;
  draw(page: PDFPage, top: number): void;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
  align?: "left" | "right" | "center";
}

const LEADING = 1.25;

/** Words wrapped to `width`; a word wider than the line is cut. */
export function wrap(kit: Kit, text: string, style: TextStyle, width: number): string[] {
  const font = style.bold ? kit.bold : kit.regular;
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, style.size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of kit
    .clean(text)
    .split(" ")
    .filter((w) => w !== "")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}

/** Text wrapped into the column [x, x + width]. */
export function textBlock(kit: Kit, text: string, style: TextStyle, x: number, width: number): Block {
  const lines = wrap(kit, text, style, width);
  const font = style.bold ? kit.bold : kit.regular;
  const lineHeight = style.size * LEADING;
  return {
    height: lines.length * lineHeight,
    draw(page, top) {
      lines.forEach((line, index) => {
        const lineWidth = font.widthOfTextAtSize(line, style.size);
        const dx =
          style.align === "right"
            ? width - lineWidth
            : style.align === "center"
              ? (width - lineWidth) / 2
              : 0;
        page.drawText(line, {
          x: x + dx,
          y: top - index * lineHeight - style.size,
          size: style.size,
          font,
          color: style.color ?? BLACK,
        });
      });
    },
  };
}

/** Blocks one under the other. */
export function stack(blocks: Array<Block | null>, gap = 0): Block {
  const present = blocks.filter((block): block is Block => block !== null);
  return {
    height: present.reduce((sum, block) => sum + block.height, 0) + gap * Math.max(0, present.length - 1),
    draw(page, top) {
      let y = top;
      for (const block of present) {
        block.draw(page, y);
        y -= block.height + gap;
      }
    },
  };
}

/** Blocks side by side (each already placed at its own x), as tall as the tallest. */
export function beside(blocks: Block[]): Block {
  return {
    height: Math.max(0, ...blocks.map((block) => block.height)),
    draw(page, top) {
      for (const block of blocks) block.draw(page, top);
    },
  };
}

export function spacer(height: number): Block {
  return { height, draw() {} };
}

/** A thin horizontal line across [x, x + width], in the middle of `height`. */
export function rule(x: number, width: number, height = 6): Block {
  return {
    height,
    draw(page, top) {
      const y = top - height / 2;
      page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.5, color: GREY });
    },
  };
}
