import type { esErpImport } from "./es-erp-import";

/** English strings of the documents page's import of an ERP's CSV/XLSX: the `erpImport` namespace. */
export const enErpImport: typeof esErpImport = {
  title: "Import issued e-CF from your ERP",
  intro:
    "Upload a CSV or an XLSX (first sheet, first row as the header) of up to {maxRows} rows and {maxSize}. Choose which column is each field, check the preview and import: if a single row has a problem, none is imported.",
  file: "CSV or XLSX file",
  reading: "Reading the file…",
  mappingTitle: "Columns",
  notMapped: "(do not import)",
  fields: {
    ncf: "e-NCF (required)",
    status: "Status",
    fechaEmision: "Issue date",
    fechaFirma: "Signature date and time",
    invoiceTotal: "Total amount",
    buyerRnc: "Buyer RNC",
    trackId: "DGII trackId",
    securityCode: "Security code",
  },
  previewTitle: "Preview",
  previewCaption: {
    one: "The row as it will be imported",
    other: "First {count} rows as they will be imported",
  },
  row: "Row",
  summary: {
    one: "{count} row ready to import",
    other: "{count} rows ready to import",
  },
  errorsTitle: {
    one: "{count} problem: fix the file; nothing will be imported",
    other: "{count} problems: fix the file; nothing will be imported",
  },
  errorLine: "Row {row} · {field}: {message}",
  problems: {
    missingNcf: "the e-NCF is missing",
    invalidNcf: "“{value}” is not a valid e-NCF",
    duplicateNcf: "the e-NCF {value} appears twice in the file",
    invalidStatus: "unknown status “{value}” (Aceptado, Rechazado, Aceptado Condicional or En Proceso)",
    invalidDate: "invalid date “{value}” (dd-MM-yyyy, dd/MM/yyyy or yyyy-MM-dd)",
    invalidDateTime: "invalid date and time “{value}” (dd-MM-yyyy HH:mm:ss)",
    invalidAmount: "invalid amount “{value}”",
    invalidRnc: "invalid RNC “{value}” (9 or 11 digits)",
    tooLong: "“{value}…” is too long",
  },
  fileProblems: {
    tooLarge: "The file is larger than {maxSize}. Split it.",
    tooManyRows: "The file has {rows} rows; the maximum is {maxRows}. Split it.",
    empty: "The file has no data rows under its header.",
    unreadable: "The file could not be read. Save it as UTF-8 CSV or as XLSX and try again.",
    unsupported: "Only .csv or .xlsx files are accepted.",
    noNcfColumn: "Choose the e-NCF column.",
  },
  coverage: "Every e-CF issued up to this date is imported (coverage mark)",
  coverageDate: "Everything issued up to (Santo Domingo time)",
  coverageInvalid: "Enter a valid date and time for the coverage mark.",
  coverageHint:
    "Optional. Gaps are only proposed for voiding below this mark; set it only if your ERP has no unimported e-CF issued up to that date.",
  submit: "Import {count} e-CF",
  importing: "Importing…",
  imported: {
    one: "Imported {count} e-CF: {created}, {updated}.",
    other: "Imported {count} e-CF: {created}, {updated}.",
  },
  importedCreated: { one: "{count} new", other: "{count} new" },
  importedUpdated: { one: "{count} updated", other: "{count} updated" },
  coverageSet: "Coverage mark: {date}.",
};
