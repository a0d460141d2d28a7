import { parseDgiiInstant } from "./fecha";

/**
 * Which of an e-NCF's receptions at DGII speaks for the number (consultatrackids lists each one,
 * oldest first). Source: DGII's consultatrackids and consultaresultado (ISSUANCE.md); a resend after
 * an acceptance is rejected as a duplicate, so it never undoes the acceptance.
 */
export interface Reception {
  trackId: string;
  estado: string;
  fechaRecepcion?: string;
}

/** DGII's estados of an accepted e-CF. */
const ACCEPTED_ESTADOS: ReadonlySet<string> = new Set(["Aceptado", "Aceptado Condicional"]);

/** Whether DGII accepted the e-CF (Aceptado, or Aceptado Condicional). */
export function isAcceptedEstado(estado: string): boolean {
  return ACCEPTED_ESTADOS.has(estado.trim());
}

/** DGII's verdicts: estados it never changes again (anything else — En Proceso, none yet — may). */
export const FINAL_ESTADOS: ReadonlySet<string> = new Set([...ACCEPTED_ESTADOS, "Rechazado"]);

/** An e-CF signed and stored here, not (yet) received by DGII: the number is used from this moment. */
export const PENDING_SEND = "Pendiente de envío";
/** DGII gave it a trackId and is validating it (consultaresultado's codigo 3). */
export const IN_PROCESS = "En Proceso";

/**
 * The statuses a stored document takes, in the order it moves through them. DGII may answer a
 * state of its own for a looked-up document (kept verbatim): lists filter by these.
 */
export const DOCUMENT_STATUSES = [
  PENDING_SEND,
  IN_PROCESS,
  "Aceptado",
  "Aceptado Condicional",
  "Rechazado",
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The codigo of a verdict in consultaresultado, consultarfce and recepcionfc: 1 Aceptado, 2 Rechazado, 4 Aceptado Condicional. */
export const VERDICT_CODES: ReadonlySet<number> = new Set([1, 2, 4]);

/** The receptions in the order DGII received them (by date; DGII's listing order breaks ties). */
function byReception<T extends Reception>(receptions: readonly T[]): T[] {
  const at = (reception: T) =>
    (reception.fechaRecepcion ? parseDgiiInstant(reception.fechaRecepcion) : null) ?? -Infinity;
  return receptions
    .map((reception, index) => ({ reception, index }))
    .sort((a, b) => at(a.reception) - at(b.reception) || a.index - b.index)
    .map(({ reception }) => reception);
}

/** The reception DGII received last. */
export function latestReception<T extends Reception>(receptions: readonly T[]): T {
  return byReception(receptions).at(-1)!;
}

/** The reception whose verdict is the number's: an accepted one over a later rejected resend; else the latest. */
export function decidingReception<T extends Reception>(receptions: readonly T[]): T {
  const ordered = byReception(receptions);
  return ordered.filter((reception) => isAcceptedEstado(reception.estado)).at(-1) ?? ordered.at(-1)!;
}
