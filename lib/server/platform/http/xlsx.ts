import "server-only";

import { PassThrough, Readable } from "node:stream";

import ExcelJS from "exceljs";

import { logger } from "@/lib/server/platform/config/logger";

import type { CsvDownload, CsvValue } from "./csv";

/** An Excel download: the CSV export's header and rows, in one worksheet. */
export interface XlsxDownload extends CsvDownload {
  sheetName: string;
}

/**
 * The one Excel writer of the exports (the CSV writer's twin, same rows): a streamed workbook, so a
 * 50,000-row file is never held whole. Text is written as text — a cell that starts with "=" is a
 * string, never a formula — and numbers as numbers, so a spreadsheet can add them up. The header row
 * is bold and frozen. An error mid-file aborts the download rather than ending a short file.
 */
export async function xlsxResponse(download: XlsxDownload): Promise<Response> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(download.sheetName.slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = download.header.map((title) => ({
    header: String(title ?? ""),
    width: Math.max(12, String(title ?? "").length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const row of toAsync(download.rows)) sheet.addRow(row.map(cellValue)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      logger.error({ err: error, fileName: download.fileName }, "xlsx export failed mid-file");
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${download.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "private, no-store",
    },
  });
}

function cellValue(value: CsvValue): string | number | null {
  if (value === null || value === undefined) return null;
  return typeof value === "number" && Number.isFinite(value) ? value : String(value);
}

async function* toAsync<T>(rows: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in rows) yield* rows as AsyncIterable<T>;
  else yield* rows as Iterable<T>;
}
