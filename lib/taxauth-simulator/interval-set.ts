import "server-only";

/** An inclusive interval of sequence numbers: [from, to]. */
export type Interval = readonly [from: number, to: number];

/**
 * A set of sequence numbers kept as sorted, disjoint, non-touching intervals. The ledger must
 * answer "is every sequence of this range authorized / none issued / none voided" for documents of
 * 100,000 ranges spanning billions of numbers, so it never materialises single sequences:
 * lookups are binary searches and bulk inserts are one linear merge.
 */
export class IntervalSet {
  private intervals: Interval[] = [];

  constructor(initial: Iterable<Interval> = []) {
    this.addMany(initial);
  }

  get size(): number {
    return this.intervals.length;
  }

  toArray(): Interval[] {
    return this.intervals.slice();
  }

  /** True when every number of [from, to] is in the set. */
  covers(from: number, to: number): boolean {
    const index = this.lastStartingAtOrBefore(from);
    const interval = index >= 0 ? this.intervals[index] : undefined;
    return interval !== undefined && interval[1] >= to;
  }

  /** The parts of [from, to] that are in the set, in ascending order. */
  intersection(from: number, to: number): Interval[] {
    const parts: Interval[] = [];
    let index = Math.max(0, this.lastStartingAtOrBefore(from));
    for (; index < this.intervals.length; index++) {
      const interval = this.intervals[index]!;
      if (interval[0] > to) break;
      if (interval[1] < from) continue;
      parts.push([Math.max(from, interval[0]), Math.min(to, interval[1])]);
    }
    return parts;
  }

  /** The parts of [from, to] that are NOT in the set. */
  missing(from: number, to: number): Interval[] {
    const gaps: Interval[] = [];
    let cursor = from;
    for (const [start, end] of this.intersection(from, to)) {
      if (start > cursor) gaps.push([cursor, start - 1]);
      cursor = end + 1;
    }
    if (cursor <= to) gaps.push([cursor, to]);
    return gaps;
  }

  add(from: number, to: number): void {
    this.addMany([[from, to]]);
  }

  /** Sorts the new intervals and merges them with the existing ones in one pass. */
  addMany(added: Iterable<Interval>): void {
    const incoming = [...added].sort((a, b) => a[0] - b[0]);
    if (incoming.length === 0) return;
    const all = mergeSorted(this.intervals, incoming);
    const merged: Interval[] = [];
    for (const interval of all) {
      const last = merged[merged.length - 1];
      if (last && interval[0] <= last[1] + 1) {
        if (interval[1] > last[1]) merged[merged.length - 1] = [last[0], interval[1]];
      } else {
        merged.push(interval);
      }
    }
    this.intervals = merged;
  }

  /** Index of the last interval whose start is <= value, or -1. */
  private lastStartingAtOrBefore(value: number): number {
    let low = 0;
    let high = this.intervals.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.intervals[middle]![0] <= value) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }
}

function mergeSorted(left: Interval[], right: Interval[]): Interval[] {
  const result: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (j >= right.length || (i < left.length && left[i]![0] <= right[j]![0])) result.push(left[i++]!);
    else result.push(right[j++]!);
  }
  return result;
}
