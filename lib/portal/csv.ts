/**
 * CSV for spreadsheet users (Excel in es-DO): comma separated, CRLF, every field quoted when needed,
 * and formula injection neutralised (a cell starting with = + - @ is prefixed with an apostrophe).
 */
export const CSV_BOM = "\uFEFF";

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
