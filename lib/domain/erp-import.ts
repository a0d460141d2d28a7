import { readEncf } from "./encf";
import { parseFechaHora } from "./fecha";
import { isValidRnc } from "./rnc";

/**
 * Issued e-CF from an ERP's CSV/XLSX, mapped column by column onto the import's document fields
 * (POST /{environment}/documentos-ecf/import). Pure: the portal previews with it in the browser, the
 * server action checks again with the import's own schema. A file is all or nothing: one row with a
 * problem and no row is imported, so a user fixes the file and imports it again.
 */

/** Both limits are the import's own: one call of the use case, at most 1,000 documents. */
export const ERP_IMPORT_MAX_ROWS = 1000;
export const ERP_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const ERP_FIELDS = [
  "ncf",
  "status",
  "fechaEmision",
  "fechaFirma",
  "invoiceTotal",
  "buyerRnc",
  "trackId",
  "securityCode",
] as const;
export type ErpField = (typeof ERP_FIELDS)[number];

/** Field → index of the file's column (absent: not imported). */
export type ErpMapping = Partial<Record<ErpField, number>>;

export type ErpCell = string | number | boolean | Date | null | undefined;

export type ErpRowProblem =
  | "missingNcf"
  | "invalidNcf"
  | "duplicateNcf"
  | "invalidStatus"
  | "invalidDate"
  | "invalidDateTime"
  | "invalidAmount"
  | "invalidRnc"
  | "tooLong";

export interface ErpRowError {
  /** The row in the file, counting the header as row 1 (what a spreadsheet shows). */
  row: number;
  field: ErpField;
  problem: ErpRowProblem;
  value: string;
}

export interface ErpImportRecord {
  ncf: string;
  status?: "Aceptado" | "Rechazado" | "Aceptado Condicional" | "En Proceso";
  fechaEmision?: string;
  fechaFirma?: string;
  invoiceTotal?: number;
  buyerRnc?: string;
  trackId?: string;
  securityCode?: string;
}

/** What ERPs write in a header, normalised (lower case, no accents, no spaces or punctuation). */
const HEADER_NAMES: Record<ErpField, string[]> = {
  ncf: ["ncf", "encf", "encfnumero", "numeroencf", "comprobante", "numerocomprobante", "secuencia"],
  status: ["status", "estado", "estadodgii"],
  fechaEmision: [
    "fechaemision",
    "fechadeemision",
    "fecha",
    "emision",
    "issuedate",
    "fechafactura",
    "fechacomprobante",
  ],
  fechaFirma: [
    "fechafirma",
    "fechadefirma",
    "fechayhoradefirma",
    "firma",
    "signedat",
    "signaturedateandtime",
    "fechahorafirma",
  ],
  invoiceTotal: ["invoicetotal", "montototal", "totalamount", "total", "monto", "amount", "totalfactura"],
  buyerRnc: ["buyerrnc", "rnccomprador", "rnccliente", "rnc", "cedularnc"],
  trackId: ["trackid", "trackiddeladgii", "dgiitrackid", "track"],
  securityCode: ["securitycode", "codigoseguridad", "codigodeseguridad", "codigo"],
};

export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * The mapping a file's headers suggest: each field to the first column named like it. A note in
 * parentheses is not part of the name ("e-NCF (obligatorio)", the import's own label, is "e-NCF"):
 * every label the app itself writes for a field is recognised, so its own files map themselves.
 */
export function guessMapping(headers: string[]): ErpMapping {
  const mapping: ErpMapping = {};
  const taken = new Set<number>();
  const names = headers.map((header) => normaliseHeader(header.replace(/\([^)]*\)/g, "")));
  for (const field of ERP_FIELDS) {
    const index = names.findIndex(
      (name, position) => !taken.has(position) && HEADER_NAMES[field].includes(name),
    );
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

const STATUSES: Record<string, ErpImportRecord["status"]> = {
  aceptado: "Aceptado",
  accepted: "Aceptado",
  rechazado: "Rechazado",
  rejected: "Rechazado",
  aceptadocondicional: "Aceptado Condicional",
  conditionallyaccepted: "Aceptado Condicional",
  enproceso: "En Proceso",
  inprocess: "En Proceso",
  pending: "En Proceso",
};

export interface ErpMappingResult {
  records: ErpImportRecord[];
  errors: ErpRowError[];
}

/**
 * Maps the data rows (header excluded) onto records; every problem of every row is reported, by
 * `rowNumbers` (the file's row of each) or else as if the header were row 1 and no row were blank.
 */
export function mapErpRows(
  rows: ErpCell[][],
  mapping: ErpMapping,
  rowNumbers?: readonly number[],
): ErpMappingResult {
  const records: ErpImportRecord[] = [];
  const errors: ErpRowError[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((cells, position) => {
    const row = rowNumbers?.[position] ?? position + 2;
    const raw = (field: ErpField): ErpCell =>
      mapping[field] === undefined ? undefined : cells[mapping[field]];
    const textOf = (field: ErpField) => cellText(raw(field));
    const fail = (field: ErpField, problem: ErpRowProblem) =>
      errors.push({ row, field, problem, value: textOf(field).slice(0, 64) });
    const before = errors.length;
    const record: Partial<ErpImportRecord> = {};

    const ncf = textOf("ncf").toUpperCase();
    if (ncf === "") fail("ncf", "missingNcf");
    else if (typeof readEncf(ncf) === "string") fail("ncf", "invalidNcf");
    else if (firstRowOf.has(ncf)) fail("ncf", "duplicateNcf");
    else {
      firstRowOf.set(ncf, row);
      record.ncf = ncf;
    }

    const status = textOf("status");
    if (status !== "") {
      const known = STATUSES[normaliseHeader(status)];
      if (known) record.status = known;
      else fail("status", "invalidStatus");
    }

    const emision = raw("fechaEmision");
    if (cellText(emision) !== "") {
      const fecha = toFecha(emision);
      if (fecha) record.fechaEmision = fecha;
      else fail("fechaEmision", "invalidDate");
    }

    const firma = raw("fechaFirma");
    if (cellText(firma) !== "") {
      const fechaHora = toFechaHora(firma);
      if (fechaHora) record.fechaFirma = fechaHora;
      else fail("fechaFirma", "invalidDateTime");
    }

    const total = raw("invoiceTotal");
    if (cellText(total) !== "") {
      const amount = toAmount(total);
      if (amount !== undefined) record.invoiceTotal = amount;
      else fail("invoiceTotal", "invalidAmount");
    }

    const buyer = textOf("buyerRnc").replace(/-/g, "");
    if (buyer !== "") {
      if (isValidRnc(buyer)) record.buyerRnc = buyer;
      else fail("buyerRnc", "invalidRnc");
    }

    for (const [field, max] of [
      ["trackId", 100],
      ["securityCode", 64],
    ] as const) {
      const value = textOf(field);
      if (value === "") continue;
      if (value.length > max) fail(field, "tooLong");
      else record[field] = value;
    }

    if (errors.length === before) records.push(record as ErpImportRecord);
  });
  return { records, errors };
}

export function cellText(cell: ErpCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString();
  return String(cell).trim();
}

const pad2 = (value: number) => String(value).padStart(2, "0");

/** dd-MM-yyyy from dd-MM-yyyy, dd/MM/yyyy, yyyy-MM-dd (an ISO date-time's date) or a spreadsheet date. */
export function toFecha(cell: ErpCell): string | undefined {
  let day: number, month: number, year: number;
  if (cell instanceof Date) {
    // exceljs reads a date cell as that wall-clock date at UTC midnight.
    if (Number.isNaN(cell.getTime())) return undefined;
    [day, month, year] = [cell.getUTCDate(), cell.getUTCMonth() + 1, cell.getUTCFullYear()];
  } else {
    const text = cellText(cell);
    const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
    if (dmy) [day, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    else if (ymd) [day, month, year] = [Number(ymd[3]), Number(ymd[2]), Number(ymd[1])];
    else return undefined;
  }
  const fecha = `${pad2(day)}-${pad2(month)}-${year}`;
  return parseFechaHora(`${fecha} 00:00:00`) === null ? undefined : fecha;
}

/** dd-MM-yyyy HH:mm:ss from that form, from yyyy-MM-dd HH:mm(:ss) or from a spreadsheet date-time. */
export function toFechaHora(cell: ErpCell): string | undefined {
  let text: string;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return undefined;
    text =
      `${pad2(cell.getUTCDate())}-${pad2(cell.getUTCMonth() + 1)}-${cell.getUTCFullYear()} ` +
      `${pad2(cell.getUTCHours())}:${pad2(cell.getUTCMinutes())}:${pad2(cell.getUTCSeconds())}`;
  } else {
    const raw = cellText(cell);
    const ymd = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(raw);
    const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(raw);
    if (ymd) text = `${ymd[3]}-${ymd[2]}-${ymd[1]} ${ymd[4]}:${ymd[5]}:${ymd[6] ?? "00"}`;
    else if (dmy)
      text = `${pad2(Number(dmy[1]))}-${pad2(Number(dmy[2]))}-${dmy[3]} ${dmy[4]}:${dmy[5]}:${dmy[6] ?? "00"}`;
    else return undefined;
  }
  return parseFechaHora(text) === null ? undefined : text;
}

/** An amount: a number cell, or text with an optional RD$, thousands commas and a decimal point. */
export function toAmount(cell: ErpCell): number | undefined {
  if (typeof cell === "number")
    return Number.isFinite(cell) && cell >= 0 ? Math.round(cell * 100) / 100 : undefined;
  const text = cellText(cell)
    .replace(/^RD\$\s*/i, "")
    .replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const amount = Number(text);
  return amount <= 999_999_999_999_999 ? amount : undefined;
}
