import type { EcfDeadline } from "@/lib/domain/ecf-deadline";
import { ecfTypeLabel } from "@/lib/domain/ecf-types";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Locale } from "@/lib/domain/locale";
import { getDictionary } from "@/lib/i18n";
import type { DocumentListItem } from "@/lib/schemas/documents-list";
import type { CsvRow } from "@/lib/server/platform/http/csv";
import { deadlineWords } from "@/lib/i18n/deadline-words";
import { documentStatusLabel } from "@/lib/i18n/document-status";

/**
 * The documents export's columns, in the page's words: the list's columns, in its order, then the
 * deadline of an e-CF signed here that DGII has not received (when due, time left, age).
 */
export function documentRowHeader(locale: Locale): CsvRow {
  const t = getDictionary(locale);
  const c = t.documentList.columns;
  const d = t.contingency.deadline;
  return [
    c.ncf,
    c.status,
    c.tipo,
    c.source,
    c.buyer,
    c.amount,
    c.createdAt,
    c.verdictAt,
    d.exportDue,
    d.exportLeft,
    d.exportAge,
  ];
}

/**
 * One document as a row: the amount a number (a spreadsheet adds it up), dates in Santo Domingo time;
 * its deadline (lib/domain/ecf-deadline.ts, as the list shows it) only while DGII has not received it.
 */
export function documentRowCells(item: DocumentListItem, locale: Locale, deadline?: EcfDeadline): CsvRow {
  const t = getDictionary(locale);
  const words = deadline ? deadlineWords(deadline, t.contingency.deadline) : null;
  return [
    item.ncf,
    documentStatusLabel(t.status, item.status),
    ecfTypeLabel(item.tipo, locale),
    t.documents.sources[item.source],
    item.buyerRnc,
    item.invoiceTotal,
    formatFechaHora(item.createdAt),
    item.verdictAt === null ? t.documentList.noVerdict : formatFechaHora(item.verdictAt),
    words ? (words.due ?? t.contingency.deadline.none) : null,
    words?.left ?? null,
    words?.age ?? null,
  ];
}
