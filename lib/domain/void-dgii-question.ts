import { edgeNumbers } from "./gap-proposal";
import type { TrackIdView } from "./ledger-views";

/**
 * "Consultar a la DGII" on a void in Error: DGII's consultatrackids asked about the bounds of its
 * ranges (the first and last e-NCF, as the gap review asks), kept as a JSON evidence file of the
 * void. Types and limits only: isomorphic (the server writes it, the portal shows it).
 */

/** Ranges of a void asked about at most per press (two questions each): the rest are not asked. */
export const VOID_QUESTION_MAX_RANGES = 50;

/** The evidence file's content type, and how its name starts (consulta-dgii-<instant>.json). */
export const VOID_QUESTION_CONTENT_TYPE = "application/json";
export const VOID_QUESTION_FILE_PREFIX = "consulta-dgii-";

/**
 * Kept in the file itself, so whoever cites it reads it: DGII has not said how consultatrackids
 * answers about a number that was voided and never sent.
 */
export const VOID_QUESTION_CAVEAT =
  "La DGII no ha dicho si lista un número anulado que nunca se envió: estas respuestas no confirman la anulación por sí solas.";

/** DGII's answer about one bound of a range: the submissions it lists (none: it lists no submission). */
export interface BoundAnswer {
  encf: string;
  /** "only": a range of one number, asked once. */
  bound: "first" | "last" | "only";
  secuenciaDesde: string;
  secuenciaHasta: string;
  trackIds: TrackIdView[];
}

/** The evidence file's JSON. */
export interface VoidDgiiQuestion {
  service: "consultatrackids";
  voidId: string;
  environment: string;
  rnc: string;
  /** ISO 8601 (UTC), when the answers were received. */
  askedAt: string;
  askedBy: string;
  /** The void's ranges, and how many of them were asked about (the first ones, up to the cap). */
  rangeCount: number;
  rangesAsked: number;
  answers: BoundAnswer[];
  caveat: string;
}

/**
 * The bounds to ask about for the void's first ranges: the edges the gap review asks about (the first
 * and last e-NCF of each range, once for a range of one number).
 */
export function questionBounds(
  ranges: ReadonlyArray<{ secuenciaDesde: string; secuenciaHasta: string }>,
): Array<Omit<BoundAnswer, "trackIds">> {
  return ranges.slice(0, VOID_QUESTION_MAX_RANGES).flatMap(({ secuenciaDesde, secuenciaHasta }) => {
    const edges = edgeNumbers({ secuenciaDesde, secuenciaHasta });
    return edges.map((encf, index) => ({
      encf,
      bound: edges.length === 1 ? ("only" as const) : index === 0 ? ("first" as const) : ("last" as const),
      secuenciaDesde,
      secuenciaHasta,
    }));
  });
}
