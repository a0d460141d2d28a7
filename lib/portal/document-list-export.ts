import { ecfTypeLabel } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { getDictionary } from "@/lib/i18n";
import type { DocumentListItem } from "@/lib/schemas/documents-list";
import type { CsvRow } from "@/lib/server/platform/http/csv";
import { documentStatusLabel } from "@/lib/i18n/document-status";

/** The documents export's columns, in the page's words: the list's columns, in its order. */
export function documentRowHeader(locale: Locale): CsvRow {
  const c = getDictionary(locale).documentList.columns;
  return [c.ncf, c.status, c.tipo, c.source, c.buyer, c.amount, c.createdAt, c.verdictAt];
}

/** One document as a row: the amount a number (a spreadsheet adds it up), dates in Santo Domingo time. */
export function documentRowCells(item: DocumentListItem, locale: Locale): CsvRow {
  const t = getDictionary(locale);
  return [
    item.ncf,
    documentStatusLabel(t.status, item.status),
    ecfTypeLabel(item.tipo, locale),
    t.documents.sources[item.source],
    item.buyerRnc,
    item.invoiceTotal,
    formatFechaHora(item.createdAt),
    item.verdictAt === null ? t.documentList.noVerdict : formatFechaHora(item.verdictAt),
  ];
}
