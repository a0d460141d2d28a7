import { readEncf } from "./encf";
import { MAX_RANGES_PER_TIPO } from "./void-request";

/**
 * The gap review's proposals, pure (the browser builds the void tool's drafts with it, the server
 * plans DGII's consultatrackids calls with it).
 */

export interface ProposedRange {
  secuenciaDesde: string;
  secuenciaHasta: string;
}

/** consultatrackids is asked about at most this many numbers per range (its two edges) … */
export const TRACKIDS_CALLS_PER_RANGE = 2;
/** … and this many per review (one press of "Verificar en la DGII"). */
export const TRACKIDS_CALLS_PER_REVIEW = 200;

/** The numbers to ask DGII about for one range: its first and its last (one for a single number). */
export function edgeNumbers(range: ProposedRange): string[] {
  return range.secuenciaDesde === range.secuenciaHasta
    ? [range.secuenciaDesde]
    : [range.secuenciaDesde, range.secuenciaHasta];
}

/**
 * The numbers of a review's ranges to ask about, within the budget: edges range by range, in order;
 * ranges past the budget are left unasked (the review says so), never half-asked.
 */
export function planTrackIdQueries(
  ranges: readonly ProposedRange[],
  extra: readonly string[] = [],
  budget = TRACKIDS_CALLS_PER_REVIEW,
): { numbers: string[]; askedRanges: number; extraAsked: number } {
  const numbers: string[] = [];
  const seen = new Set<string>();
  const add = (encf: string) => {
    if (!seen.has(encf)) {
      seen.add(encf);
      numbers.push(encf);
    }
  };
  let askedRanges = 0;
  for (const range of ranges) {
    const edges = edgeNumbers(range).filter((encf) => !seen.has(encf));
    if (numbers.length + edges.length > budget) break;
    edges.forEach(add);
    askedRanges += 1;
  }
  let extraAsked = 0;
  for (const encf of extra) {
    if (seen.has(encf)) {
      extraAsked += 1;
      continue;
    }
    if (numbers.length >= budget) break;
    add(encf);
    extraAsked += 1;
  }
  return { numbers, askedRanges, extraAsked };
}

/**
 * The selected ranges as void drafts the tool accepts: at most MAX_RANGES_PER_TIPO ranges of one
 * series+type per void, so a type with more is split over several voids (part k holds the k-th
 * 10,000 of every type). Ranges keep their order.
 */
export function splitIntoVoids(
  ranges: readonly ProposedRange[],
  perType = MAX_RANGES_PER_TIPO,
): ProposedRange[][] {
  const byType = new Map<string, ProposedRange[]>();
  for (const range of ranges) {
    const parsed = readEncf(range.secuenciaDesde);
    const key = typeof parsed === "string" ? "?" : `${parsed.serie}${parsed.tipo}`;
    const list = byType.get(key) ?? [];
    list.push(range);
    byType.set(key, list);
  }
  const parts: ProposedRange[][] = [];
  for (const list of byType.values()) {
    for (let start = 0, part = 0; start < list.length; start += perType, part += 1) {
      (parts[part] ??= []).push(...list.slice(start, start + perType));
    }
  }
  return parts;
}
