/** The part of a range that overlap detection needs. */
export interface OverlapCandidate {
  line: number;
  serie: string;
  tipoeCF: string;
  desde: number;
  hasta: number;
}

/**
 * Finds overlapping ranges: same series and type, number intervals that intersect (touching
 * ranges such as 1–5 and 6–9 do not overlap). Sorts each series+type group by start and sweeps
 * once, O(n log n): 100,000 ranges must validate in a few milliseconds, so never pairwise.
 * Each returned pair is [earlier line, later line]; every overlapping line appears in a pair.
 */
export function findOverlaps<T extends OverlapCandidate>(ranges: readonly T[]): Array<[T, T]> {
  const groups = new Map<number, T[]>();
  for (const range of ranges) {
    // A numeric key (series char code, type digits) avoids building 100,000 strings.
    const key = range.serie.charCodeAt(0) * 100 + Number(range.tipoeCF);
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  const pairs: Array<[T, T]> = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.desde - b.desde || a.line - b.line);
    // The range reaching furthest so far: anything starting at or before its end overlaps it.
    let reach = group[0]!;
    for (let i = 1; i < group.length; i++) {
      const current = group[i]!;
      if (current.desde <= reach.hasta) {
        pairs.push(reach.line < current.line ? [reach, current] : [current, reach]);
      }
      if (current.hasta > reach.hasta) reach = current;
    }
  }
  return pairs;
}
