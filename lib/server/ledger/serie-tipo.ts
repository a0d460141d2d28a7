import "server-only";

import {
  normalizeBySerieTipo,
  type Interval,
  type IntervalSet,
  type SerieTipo,
} from "@/lib/domain/intervals";

export interface SerieTipoEntry {
  /** serieTipoKey's key, e.g. "E31". */
  key: string;
  serie: string;
  tipoeCF: string;
}

export interface SerieTipoSpan extends SerieTipoEntry {
  /** The numbers asked for in this series+type (merged). */
  set: IntervalSet;
  /** Its first and last number: the window the ledger's reads of this series+type cover. */
  from: number;
  to: number;
}

/**
 * The ledger's loop over series+type, written once: the keys deduplicated, in key order (the order
 * the ledger's pages and answers list series+types in), each split back into its series letter and
 * type.
 */
export function eachSerieTipo(keys: Iterable<string>): SerieTipoEntry[] {
  return [...new Set(keys)].sort().map((key) => ({ key, serie: key.slice(0, 1), tipoeCF: key.slice(1) }));
}

/** Ranges merged per series+type (eachSerieTipo's order), each with the span its reads cover. */
export function spansBySerieTipo(ranges: Iterable<Interval & SerieTipo>): SerieTipoSpan[] {
  const byKey = normalizeBySerieTipo(ranges);
  return eachSerieTipo(byKey.keys()).map((entry) => {
    const set = byKey.get(entry.key)!;
    return { ...entry, set, from: set[0]!.desde, to: set.at(-1)!.hasta };
  });
}
