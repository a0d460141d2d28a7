import type { VoidRequestStatus } from "@/lib/domain/void-requests";
import { format, type Dictionary } from "@/lib/i18n";

type DetailStrings = Dictionary["approvals"]["detail"];

/** What a request's page knows of the checks made when it was asked (VoidRequestChecks). */
export interface ShownRequestChecks {
  warnings: readonly unknown[];
  /** Series+type ("E31") with no authorization entered; absent on requests stored before it was kept. */
  unauthorized?: readonly string[];
}

/**
 * The checks' findings in words, claiming only what was checked: a request is never stored when a
 * range was already voided or used, so that is always true; "inside the authorizations" only for the
 * types that had authorizations entered and no range outside them (the page lists those outside).
 */
export function requestCheckSentences(
  checks: ShownRequestChecks,
  ranges: ReadonlyArray<{ tipoeCF: string; secuenciaDesde: string }>,
  d: DetailStrings,
): string[] {
  const sentences = [d.checksNotUsed];
  const unauthorized = checks.unauthorized;
  // Stored before the uncovered types were kept: whether authorizations existed is unknown.
  if (unauthorized === undefined) return sentences;
  if (unauthorized.length > 0) {
    sentences.push(format(d.checksUnauthorized, { types: unauthorized.join(", ") }));
    const types = new Set(ranges.map((range) => `${range.secuenciaDesde.slice(0, 1)}${range.tipoeCF}`));
    const covered = [...types].some((type) => !unauthorized.includes(type));
    if (covered && checks.warnings.length === 0) sentences.push(d.checksRestInside);
  } else if (checks.warnings.length === 0) {
    sentences.push(d.checksAllInside);
  }
  return sentences;
}

/** The note on the checks: only a request still waiting will have them run again at approval. */
export function requestChecksNote(status: VoidRequestStatus, d: DetailStrings): string {
  return status === "Pendiente" ? d.checksNote : d.checksNoteFinal;
}

/**
 * The note above the XML preview: "will be signed" only while the request waits for a decision; a
 * rejected or expired one will never be signed, an approved one was signed as its void.
 */
export function requestXmlNote(
  status: VoidRequestStatus,
  fechaGiven: boolean,
  d: DetailStrings,
  previewNote: string,
): string {
  if (status === "Rechazada" || status === "Vencida") return d.xmlNoteNotSigned;
  if (status === "Aprobada" || status === "Enviada") return d.xmlNoteSent;
  return fechaGiven ? previewNote : d.xmlNote;
}
