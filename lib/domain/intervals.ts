/**
 * Intervals of e-NCF sequence numbers: the one place for overlap and interval arithmetic (request
 * validation, the editor, ALREADY_VOIDED and Error-overlap checks, the sequence ledger, partial
 * success). Pure and isomorphic.
 *
 * An interval is `{ desde, hasta }`, both ends included, integers with desde ≤ hasta: the names of
 * the spec's ranges, so a validated range or a stored one *is* an interval and keeps its payload
 * (line, serie, e-NCF text) through the generic functions below, with nothing copied. Numbers go up
 * to 10^10 − 1 and counts to 10^10: plain JS numbers are exact up to 2^53, so no bigint.
 *
 * An `IntervalSet` is sorted by start, with no two members overlapping or touching (1–5 and 6–9 are
 * one member, 1–9): the canonical form of a set of numbers. Only `normalize`, `asIntervalSet` and the
 * set operations make one, so union / intersection / difference can merge-walk in O(n + m).
 *
 * Series and type: sets of numbers are per series+type (E31 and E32 never meet); `serieTipoKey` is
 * the one key, and `groupBySerieTipo` the one grouping.
 */

export interface Interval {
  readonly desde: number;
  readonly hasta: number;
}

declare const intervalSetBrand: unique symbol;
/** Sorted, disjoint and non-touching intervals (see the file header). */
export type IntervalSet = readonly Interval[] & { readonly [intervalSetBrand]: true };

export const EMPTY_SET = [] as unknown as IntervalSet;

export interface SerieTipo {
  readonly serie: string;
  readonly tipoeCF: string;
}

/** The key of a series+type, e.g. "E31" (series letter + the 2 type digits). */
export function serieTipoKey(serie: string, tipoeCF: string): string {
  return serie + tipoeCF;
}

/**
 * Items grouped by series+type (keys from serieTipoKey), each group in input order; groups in order
 * of first appearance. O(n). A one-letter series and two-digit type (every valid e-NCF) are looked
 * up by a number, so 100,000 items build no 100,000 key strings (~6 ms → ~1 ms).
 */
export function groupBySerieTipo<T extends SerieTipo>(items: Iterable<T>): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  const byCode = new Map<number, T[]>();
  for (const item of items) {
    const code = serieTipoCode(item.serie, item.tipoeCF);
    let group = code >= 0 ? byCode.get(code) : groups.get(item.serie + item.tipoeCF);
    if (!group) {
      const key = item.serie + item.tipoeCF;
      group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      if (code >= 0) byCode.set(code, group);
    }
    group.push(item);
  }
  return groups;
}

/** A number standing for serieTipoKey when the series is one character and the type two digits; else −1. */
function serieTipoCode(serie: string, tipoeCF: string): number {
  if (serie.length !== 1 || tipoeCF.length !== 2) return -1;
  const tens = tipoeCF.charCodeAt(0) - 48;
  const units = tipoeCF.charCodeAt(1) - 48;
  if (tens < 0 || tens > 9 || units < 0 || units > 9) return -1;
  return serie.charCodeAt(0) * 100 + tens * 10 + units;
}

/** Sorts by start in place, ties kept in their order (a stable sort), and returns the array. O(n log n). */
export function sortByDesde<T extends Interval>(items: T[]): T[] {
  return items.sort(byDesde);
}

function byDesde(a: Interval, b: Interval): number {
  return a.desde - b.desde;
}

/**
 * The set of numbers covered by any of the intervals: sorted, overlapping and touching ones merged.
 * An interval with desde > hasta is empty and dropped. O(n log n); O(n) when already sorted.
 */
export function normalize(intervals: Iterable<Interval>): IntervalSet {
  const items = Array.isArray(intervals) ? (intervals as readonly Interval[]) : [...intervals];
  const order = positionsByDesde(items);
  const merged: Interval[] = [];
  let current: { desde: number; hasta: number } | undefined;
  for (let n = 0; n < order.length; n++) {
    const { desde, hasta } = items[order[n]!]!;
    if (desde > hasta) continue;
    if (current && desde <= current.hasta + 1) {
      if (hasta > current.hasta) current.hasta = hasta;
    } else {
      current = { desde, hasta };
      merged.push(current);
    }
  }
  return merged as unknown as IntervalSet;
}

/** Whether a list already is an IntervalSet (sorted, every member non-empty, gaps between members). O(n). */
export function isIntervalSet(intervals: readonly Interval[]): intervals is IntervalSet {
  for (let i = 0; i < intervals.length; i++) {
    const interval = intervals[i]!;
    if (interval.desde > interval.hasta) return false;
    if (i > 0 && interval.desde <= intervals[i - 1]!.hasta + 1) return false;
  }
  return true;
}

/** A list known to be canonical (e.g. merged intervals read back from the ledger), checked in O(n). */
export function asIntervalSet(intervals: readonly Interval[]): IntervalSet {
  if (!isIntervalSet(intervals)) throw new Error("intervals are not sorted, disjoint and non-touching");
  return intervals;
}

/** Per series+type, the set of numbers the items cover. O(n log n). */
export function normalizeBySerieTipo(items: Iterable<Interval & SerieTipo>): Map<string, IntervalSet> {
  const sets = new Map<string, IntervalSet>();
  for (const [key, group] of groupBySerieTipo(items)) sets.set(key, normalize(group));
  return sets;
}

/** Numbers in a or b. O(n + m). */
export function union(a: IntervalSet, b: IntervalSet): IntervalSet {
  const out: Interval[] = [];
  let current: { desde: number; hasta: number } | undefined;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]!.desde <= b[j]!.desde) ? a[i++]! : b[j++]!;
    if (current && next.desde <= current.hasta + 1) {
      if (next.hasta > current.hasta) current.hasta = next.hasta;
    } else {
      current = { desde: next.desde, hasta: next.hasta };
      out.push(current);
    }
  }
  return out as unknown as IntervalSet;
}

/** Numbers in both a and b. O(n + m). */
export function intersection(a: IntervalSet, b: IntervalSet): IntervalSet {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const desde = Math.max(x.desde, y.desde);
    const hasta = Math.min(x.hasta, y.hasta);
    if (desde <= hasta) out.push({ desde, hasta });
    // The one ending first cannot meet anything further in the other set.
    if (x.hasta < y.hasta) i++;
    else j++;
  }
  return out as unknown as IntervalSet;
}

/**
 * Numbers in a and not in b: "available = authorized − issued − voided", "excepted = requested −
 * voided". O(n + m).
 */
export function difference(a: IntervalSet, b: IntervalSet): IntervalSet {
  const out: Interval[] = [];
  let j = 0;
  for (const x of a) {
    let from = x.desde;
    // Members of b ending before x cannot cut x nor any later member of a.
    while (j < b.length && b[j]!.hasta < from) j++;
    let k = j;
    while (k < b.length && b[k]!.desde <= x.hasta) {
      const cut = b[k]!;
      if (cut.desde > from) out.push({ desde: from, hasta: cut.desde - 1 });
      from = cut.hasta + 1;
      if (cut.hasta >= x.hasta) break;
      k++;
    }
    if (from <= x.hasta) out.push({ desde: from, hasta: x.hasta });
    j = k;
  }
  return out as unknown as IntervalSet;
}

/** How many numbers the set holds (at most 10^10 per series+type: exact as a number). O(n). */
export function countNumbers(set: IntervalSet): number {
  let count = 0;
  for (const interval of set) count += interval.hasta - interval.desde + 1;
  return count;
}

/**
 * The numbers from `lowest` (default 1, the first e-NCF sequence) up to `bound` − 1 that the set
 * does not hold: with the issued and voided numbers as the set and the highest issued number as
 * the bound, the skipped numbers. O(n).
 */
export function gapsBelow(set: IntervalSet, bound: number, lowest = 1): IntervalSet {
  if (bound <= lowest) return EMPTY_SET;
  return difference([{ desde: lowest, hasta: bound - 1 }] as unknown as IntervalSet, set);
}

/** Whether the set holds the number: binary search, O(log n). */
export function containsNumber(set: IntervalSet, value: number): boolean {
  let low = 0;
  let high = set.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (set[mid]!.hasta < value) low = mid + 1;
    else high = mid;
  }
  return low < set.length && set[low]!.desde <= value;
}

/**
 * The first pair (in a's order) of an interval of a and one of b that share a number, or null. Both
 * lists sorted by start (sortByDesde); members may carry any payload, and may overlap or touch
 * within their own list. The b of the pair is the lowest-starting one that meets that a. Merge walk:
 * O(n + m).
 */
export function firstOverlap<A extends Interval, B extends Interval>(
  a: readonly A[],
  b: readonly B[],
): [A, B] | null {
  let j = 0;
  for (const x of a) {
    // A b ending before x starts ends before every later a starts too.
    while (j < b.length && b[j]!.hasta < x.desde) j++;
    if (j >= b.length) return null;
    // The b's from j on start at or after b[j]: if b[j] starts after x, none of them meets x.
    if (b[j]!.desde <= x.hasta) return [x, b[j]!];
  }
  return null;
}

/**
 * The members of `sorted` that share a number with `query`. `sorted` is sorted by start and its
 * members are pairwise disjoint (touching allowed): validated request lines, stored voids, an
 * IntervalSet. Those members are a contiguous run, found by two binary searches: O(log n + k).
 */
export function overlapping<T extends Interval>(sorted: readonly T[], query: Interval): T[] {
  // First member ending at or after the query's start (ends grow with starts: disjoint).
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.hasta < query.desde) low = mid + 1;
    else high = mid;
  }
  const start = low;
  // First member starting after the query's end.
  high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.desde <= query.hasta) low = mid + 1;
    else high = mid;
  }
  return sorted.slice(start, low);
}

/**
 * Overlapping pairs within one list (one series+type; see overlapsBySerieTipo), each pair [earlier,
 * later] in input order, so callers keep their line identities. Not every pair: sorted by start and
 * swept once, each interval that starts inside the furthest-reaching earlier one is paired with it,
 * so every interval overlapping another appears in at least one pair. O(n log n), O(n) when already
 * in order: 100,000 ranges are checked in a few milliseconds, so never pairwise.
 */
export function overlapsWithin<T extends Interval>(items: readonly T[]): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  if (items.length < 2) return pairs;
  const order = positionsByDesde(items);
  let reach = order[0]!;
  for (let n = 1; n < order.length; n++) {
    const current = order[n]!;
    if (items[current]!.desde <= items[reach]!.hasta) {
      pairs.push(reach < current ? [items[reach]!, items[current]!] : [items[current]!, items[reach]!]);
    }
    if (items[current]!.hasta > items[reach]!.hasta) reach = current;
  }
  return pairs;
}

/**
 * Input positions sorted by start, ties in input order (pairs are ordered by position, not by
 * payload). Input already in order (a request typed or generated in order) costs one pass. Else,
 * when start × 2^bits + position stays exact (e-NCF numbers: < 2^34, so up to 2^19 items), those
 * keys sort as a Float64Array without a comparator, in about half the time of a comparator sort over
 * the objects (100,000 shuffled lines). Beyond that, a comparator over positions (slow, ~5×: never
 * reached by e-NCF numbers).
 */
function positionsByDesde(items: readonly Interval[]): ArrayLike<number> {
  const n = items.length;
  let min = Infinity;
  let max = -Infinity;
  let inOrder = true;
  for (let i = 0; i < n; i++) {
    const desde = items[i]!.desde;
    if (desde < max) inOrder = false;
    if (desde < min) min = desde;
    if (desde > max) max = desde;
  }
  if (inOrder) {
    const identity = new Uint32Array(n);
    for (let i = 0; i < n; i++) identity[i] = i;
    return identity;
  }
  const scale = 2 ** Math.ceil(Math.log2(n));
  if ((max - min + 1) * scale <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (items[i]!.desde - min) * scale + i;
    keys.sort();
    for (let i = 0; i < n; i++) keys[i] = keys[i]! % scale;
    return keys;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  return order.sort((i, j) => items[i]!.desde - items[j]!.desde || i - j);
}

/**
 * Overlapping pairs among ranges of any series and types: two ranges overlap when same series and
 * type and their numbers intersect (touching ones do not). Pairs as in overlapsWithin, groups in
 * order of first appearance.
 */
export function overlapsBySerieTipo<T extends Interval & SerieTipo>(items: readonly T[]): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  for (const group of groupBySerieTipo(items).values()) {
    if (group.length < 2) continue;
    // A loop, not push(...): spreading 100,000 pairs would exceed the engine's argument limit.
    for (const pair of overlapsWithin(group)) pairs.push(pair);
  }
  return pairs;
}
