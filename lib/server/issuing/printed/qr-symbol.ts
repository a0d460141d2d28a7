import "server-only";

import {
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  type PDFPage,
} from "pdf-lib";
import QRCode from "qrcode";

/** DGII's QR version for the RI (Descripción Técnica Servicios DGII, "Consulta timbre (QR)": versión 8). */
export const DGII_QR_VERSION = 8;

export interface QrMatrix {
  version: number;
  size: number;
  dark(row: number, column: number): boolean;
}

/**
 * The QR of `url` at error correction M: version 8 as DGII asks when the URL fits (a
 * consultatimbrefc URL does), else the smallest version that holds it. A consultatimbre URL with
 * both RNCs, dates and the encoded `:` of fechafirma is ~210 bytes, more than version 8 holds at any
 * error correction level (192 at L): printing a QR that reads DGII's URL matters more than its version.
 */
export function qrMatrix(url: string): QrMatrix {
  let code: QRCode.QRCode;
  try {
    code = QRCode.create(url, { errorCorrectionLevel: "M", version: DGII_QR_VERSION });
  } catch {
    code = QRCode.create(url, { errorCorrectionLevel: "M" });
  }
  const { size, data } = code.modules;
  return { version: code.version, size, dark: (row, column) => data[row * size + column] === 1 };
}

/**
 * Draws the symbol as vector squares (one filled path: runs of dark modules per row), its bottom-left
 * corner at (x, y) and `side` points wide, so it stays sharp at any print resolution.
 */
export function drawQr(page: PDFPage, matrix: QrMatrix, x: number, y: number, side: number): void {
  const cell = side / matrix.size;
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < matrix.size; row += 1) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark(row, column)) column += 1;
      const top = y + side - row * cell;
      // A hair of overlap so no viewer shows seams between adjacent squares.
      operators.push(
        rectangle(x + start * cell, top - cell - 0.01, (column - start) * cell + 0.01, cell + 0.01),
      );
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
