import { ERP_IMPORT_MAX_BYTES, ERP_IMPORT_MAX_ROWS, type ErpRowError } from "@/lib/domain/erp-import";
import type { Locale } from "@/lib/domain/locale";
import { format, formatMegabytes, formatNumber, plural, type Dictionary } from "@/lib/i18n";

import type { ErpFileProblem } from "@/lib/domain/erp-file";

type Strings = Dictionary["erpImport"];

/** A file problem in the user's language (browser preview and server action alike). */
export function erpFileProblemMessage(
  t: Strings,
  problem: ErpFileProblem | "noNcfColumn",
  locale: Locale,
  rows?: number,
): string {
  return format(t.fileProblems[problem], {
    maxSize: formatMegabytes(ERP_IMPORT_MAX_BYTES, locale),
    maxRows: formatNumber(ERP_IMPORT_MAX_ROWS, locale),
    rows: formatNumber(rows ?? 0, locale),
  });
}

/** "Fila 3 · Estado: estado «Anulado» desconocido…"; the import schema's own messages are Spanish. */
export function erpRowErrorLine(
  t: Strings,
  error: ErpRowError | { row: number; field: string; problem: "schema"; message: string },
): string {
  const field = (t.fields as Record<string, string>)[error.field] ?? error.field;
  const message =
    error.problem === "schema" ? error.message : format(t.problems[error.problem], { value: error.value });
  return format(t.errorLine, { row: error.row, field, message });
}

/** "Importados 46 e-CF: 45 nuevos, 1 actualizado.": each count in its own singular or plural. */
export function erpImportedMessage(
  t: Dictionary["erpImport"],
  outcome: { total: number; created: number; updated: number },
  locale: Locale,
): string {
  return plural(t.imported, outcome.total, locale, {
    created: plural(t.importedCreated, outcome.created, locale),
    updated: plural(t.importedUpdated, outcome.updated, locale),
  });
}
