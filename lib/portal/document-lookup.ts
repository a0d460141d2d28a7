import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { readEncf } from "@/lib/domain/encf";
import type { Locale } from "@/lib/domain/locale";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, formatCurrency, getDictionary, type Dictionary } from "@/lib/i18n";
import { deadlineWords } from "@/lib/i18n/deadline-words";
import { voidStatusLabel } from "@/lib/i18n/void-status";
import { NOT_FOUND_STATUS } from "@/lib/schemas/documents-batch";
import { queryDocumentsBatch, type DgiiLookupOptions } from "@/lib/server/documents";
import type { CsvRow } from "@/lib/server/platform/http/csv";
import { findVoidsCovering } from "@/lib/server/voids/find-voids-covering";

import {
  dgiiAnswerOf,
  fromBatchData,
  receivedLabel,
  type DgiiAnswer,
  type DocumentView,
} from "./document-view";
import { statusFactsOf } from "./void-settlement";
import { documentStatusLabel } from "@/lib/i18n/document-status";

/** A voided range that holds an e-NCF the store does not know. */
export interface VoidedNote {
  text: string;
  href: string;
}

/** One answer of the document lookup, the same for the single and the batch form. */
export type LookupResult =
  | { ecf: string; kind: "found"; document: DocumentView }
  | {
      ecf: string;
      kind: "not-found";
      /** "No encontrado", or "Sin respuesta de la DGII" when DGII was asked and did not answer. */
      status: string;
      voided: VoidedNote | null;
      dgii: DgiiAnswer | null;
    }
  | { ecf: string; kind: "malformed"; reason: string };

/** Entries once each, in their first order, and how many repeats were left out. */
export function uniqueEntries(ecfs: readonly string[]): { ecfs: string[]; duplicates: number } {
  const unique = [...new Set(ecfs)];
  return { ecfs: unique, duplicates: ecfs.length - unique.length };
}

/**
 * The lookup of up to 100 e-NCF (already unique): the batch endpoint's use case for the documents
 * (so single and batch show the same fields), the domain's parser for malformed entries (reported as
 * such, never "No encontrado"), and the void history for unknown ones (lib/server/voids
 * find-voids-covering): a number in a voided range says so, and a number DGII excepted from a partial
 * success says it was not voided. With `dgii` (the session's company's RNC), the e-NCF the company
 * does not hold are looked up at DGII as the status endpoints do (lib/server/documents dgii-lookup).
 */
export async function lookupDocuments(
  accountId: string,
  environment: Environment,
  ecfs: readonly string[],
  locale: Locale,
  dgii?: DgiiLookupOptions,
): Promise<LookupResult[]> {
  const t = getDictionary(locale);
  const wellFormed = ecfs.filter((ecf) => typeof readEncf(ecf) !== "string");
  const response =
    wellFormed.length > 0
      ? await queryDocumentsBatch(accountId, environment, wellFormed, undefined, dgii)
      : null;
  const answers = new Map((response?.results ?? []).map((result) => [result.ecf, result] as const));
  const results: LookupResult[] = [];
  for (const ecf of ecfs) {
    const parsed = readEncf(ecf);
    if (typeof parsed === "string") {
      results.push({ ecf, kind: "malformed", reason: t.appErrors[parsed] ?? parsed });
      continue;
    }
    const answer = answers.get(ecf);
    const data = answer?.data;
    if (data) {
      results.push({ ecf, kind: "found", document: fromBatchData(data) });
      continue;
    }
    const covering = await findVoidsCovering(accountId, environment, ecf);
    const hit =
      covering.voids.find((candidate) => candidate.status === "Aceptado" && !candidate.excepted) ??
      covering.voids[0];
    const facts = hit && (await statusFactsOf(accountId, [hit.voidId])).get(hit.voidId);
    results.push({
      ecf,
      kind: "not-found",
      status: answer?.status ?? NOT_FOUND_STATUS,
      dgii: answer ? dgiiAnswerOf(answer) : null,
      voided: hit
        ? {
            // An excepted number was in the void but DGII did not void it: never "in a voided range".
            text: format(hit.excepted ? t.finding.documents.exceptedRange : t.finding.documents.voidedRange, {
              ecf,
              voidId: hit.voidId,
              status: voidStatusLabel(t.voidStatus, hit.status, {
                errorCode: hit.errorCode,
                partial: hit.partial,
                settledBy: facts?.settledBy,
                needsReview: facts?.needsReview,
              }),
              desde: hit.secuenciaDesde,
              hasta: hit.secuenciaHasta,
            }),
            href: `/voids/${hit.voidId}?env=${environment}`,
          }
        : null,
    });
  }
  return results;
}

export function documentCsvHeader(locale: Locale): CsvRow {
  const t = getDictionary(locale);
  const f = t.documents.fields;
  return [
    f.ncf,
    f.status,
    f.documentType,
    f.buyerRnc,
    f.invoiceTotal,
    f.createdAt,
    f.updateAt,
    f.securityCode,
    f.customerReceived,
    t.finding.csv.anulacion,
    t.contingency.deadline.exportDue,
    t.contingency.deadline.exportLeft,
    t.contingency.deadline.exportAge,
  ];
}

export function documentCsvRow(result: LookupResult, locale: Locale): CsvRow {
  const t = getDictionary(locale);
  if (result.kind === "malformed") return [result.ecf, t.finding.documents.malformed, result.reason];
  if (result.kind === "not-found")
    return [
      result.ecf,
      documentStatusLabel(t.status, result.status),
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      result.voided?.text,
      null,
      null,
      null,
    ];
  const d = result.document;
  return [
    d.ncf,
    documentStatusLabel(t.status, d.status),
    d.documentType,
    d.buyerRnc,
    d.invoiceTotal === null ? null : formatCurrency(d.invoiceTotal, locale),
    formatFechaHora(d.createdAt),
    formatFechaHora(d.updateAt),
    d.securityCode,
    receivedLabel(d.customerReceived, t.finding.documents.received),
    null,
    ...deadlineCells(d, t),
  ];
}

/** The deadline of an e-CF signed here that DGII has not received, as the list's export writes it. */
function deadlineCells(document: DocumentView, t: Dictionary): CsvRow {
  if (!document.deadline) return [null, null, null];
  const words = deadlineWords(document.deadline, t.contingency.deadline);
  return [words.due ?? t.contingency.deadline.none, words.left, words.age];
}
