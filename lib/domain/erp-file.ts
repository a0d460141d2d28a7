import Papa from "papaparse";

import { ERP_IMPORT_MAX_BYTES, ERP_IMPORT_MAX_ROWS, type ErpCell } from "@/lib/domain/erp-import";

/**
 * Reads an ERP's export of issued e-CF, in the browser (and in tests): CSV with papaparse (the
 * delimiter , ; or tab guessed, UTF-8 with or without BOM) or XLSX with exceljs (its first worksheet;
 * date cells stay dates). The first non-empty row is the header. Both limits are checked here, before
 * anything is mapped, and again by the server action.
 */
export type ErpFileProblem = "tooLarge" | "tooManyRows" | "empty" | "unreadable" | "unsupported";

export type ErpFile =
  | {
      ok: true;
      headers: string[];
      rows: ErpCell[][];
      /** Each data row's number in the file as a spreadsheet shows it (blank rows skipped, not renumbered). */
      rowNumbers: number[];
    }
  | { ok: false; problem: ErpFileProblem; rows?: number };

export async function readErpFile(name: string, bytes: ArrayBuffer): Promise<ErpFile> {
  if (bytes.byteLength > ERP_IMPORT_MAX_BYTES) return { ok: false, problem: "tooLarge" };
  const lower = name.toLowerCase();
  let table: ErpCell[][];
  try {
    if (lower.endsWith(".csv") || lower.endsWith(".txt")) table = readCsv(bytes);
    else if (lower.endsWith(".xlsx")) table = await readXlsx(bytes);
    else return { ok: false, problem: "unsupported" };
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  const numbered = table
    .map((cells, index) => ({ cells, number: index + 1 }))
    .filter(({ cells }) =>
      cells.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== ""),
    );
  if (numbered.length < 2) return { ok: false, problem: "empty" };
  const [header, ...data] = numbered;
  if (data.length > ERP_IMPORT_MAX_ROWS) return { ok: false, problem: "tooManyRows", rows: data.length };
  return {
    ok: true,
    headers: header!.cells.map((cell) => String(cell ?? "").trim()),
    rows: data.map((row) => row.cells),
    rowNumbers: data.map((row) => row.number),
  };
}

function readCsv(bytes: ArrayBuffer): ErpCell[][] {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  // Blank lines are kept (and skipped later) so every row keeps its line number.
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t"],
  });
  if (parsed.errors.some((error) => error.type === "Quotes")) throw new Error("unbalanced quotes");
  return parsed.data;
}

async function readXlsx(bytes: ArrayBuffer): Promise<ErpCell[][]> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: ErpCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: ErpCell[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellValue(row.getCell(column).value));
    // Row numbers as the spreadsheet shows them: empty rows in between stay as gaps.
    while (rows.length < number - 1) rows.push([]);
    rows.push(cells);
  });
  return rows;
}

/** exceljs values: formulas give their result, rich text its plain text, hyperlinks their text. */
function cellValue(value: unknown): ErpCell {
  if (value === null || value === undefined) return null;
  if (
    value instanceof Date ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  ) {
    return value;
  }
  if (typeof value === "object") {
    const object = value as { result?: unknown; richText?: Array<{ text: string }>; text?: unknown };
    if ("result" in object) return cellValue(object.result);
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join("");
    if (typeof object.text === "string") return object.text;
  }
  return null;
}
