import jsQR from "jsqr";
import type * as Mupdf from "mupdf";

/** A PDF read back as a person or a scanner would: its pages' text and size, and the QR on a page. */
export interface ReadPdf {
  pageCount: number;
  /** Each page's size in points. */
  sizes: Array<{ width: number; height: number }>;
  /** Each page's text, lines as MuPDF extracts them. */
  texts: string[];
  /**
   * The QR decoded from the bottom-left corner of a page rendered at `dpi` (where DGII puts it: only
   * that corner is scanned, which keeps a letter page's decoding fast); null when none is found.
   */
  qr(pageIndex: number, dpi?: number): { data: string; version: number } | null;
}

/**
 * MuPDF's module, loaded once. It is ESM with a top-level await (its WASM): a test runner that
 * compiles a spec to CommonJS (Playwright's) cannot require it, so it is imported when first used.
 */
let loaded: Promise<typeof Mupdf> | undefined;
function loadMupdf(): Promise<typeof Mupdf> {
  loaded ??= import("mupdf");
  return loaded;
}

/** Reads a PDF with MuPDF (WASM) and decodes its QR from rendered pixels with jsQR. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  const pageCount = doc.countPages();
  const pages = Array.from({ length: pageCount }, (_, index) => doc.loadPage(index));
  return {
    pageCount,
    sizes: pages.map((page) => {
      const [x0, y0, x1, y1] = page.getBounds();
      return { width: x1 - x0, height: y1 - y0 };
    }),
    texts: pages.map((page) => page.toStructuredText("preserve-whitespace").asText()),
    qr(pageIndex, dpi = 200) {
      const scale = dpi / 72;
      const pixmap = pages[pageIndex]!.toPixmap(
        mupdf.Matrix.scale(scale, scale),
        mupdf.ColorSpace.DeviceRGB,
        false,
      );
      // The corner: 80 mm × 90 mm from the bottom-left.
      const width = Math.min(pixmap.getWidth(), Math.round((80 / 25.4) * dpi));
      const height = Math.min(pixmap.getHeight(), Math.round((90 / 25.4) * dpi));
      const skip = pixmap.getHeight() - height;
      const stride = pixmap.getStride();
      const rgb = pixmap.getPixels();
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let row = 0; row < height; row += 1) {
        for (let column = 0; column < width; column += 1) {
          const from = (row + skip) * stride + column * 3;
          const to = (row * width + column) * 4;
          rgba[to] = rgb[from]!;
          rgba[to + 1] = rgb[from + 1]!;
          rgba[to + 2] = rgb[from + 2]!;
          rgba[to + 3] = 255;
        }
      }
      pixmap.destroy();
      const found = jsQR(rgba, width, height);
      return found ? { data: found.data, version: found.version } : null;
    },
  };
}
