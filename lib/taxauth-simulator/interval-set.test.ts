import { describe, expect, it } from "vitest";

import { IntervalSet } from "./interval-set";

describe("IntervalSet", () => {
  it("merges overlapping and touching intervals", () => {
    const set = new IntervalSet([
      [10, 20],
      [1, 3],
    ]);
    set.addMany([
      [4, 5],
      [15, 30],
      [40, 40],
    ]);
    expect(set.toArray()).toEqual([
      [1, 5],
      [10, 30],
      [40, 40],
    ]);
  });

  it("answers covers / intersection / missing by interval arithmetic", () => {
    const set = new IntervalSet([
      [1, 5],
      [10, 30],
    ]);
    expect(set.covers(10, 30)).toBe(true);
    expect(set.covers(4, 11)).toBe(false);
    expect(set.intersection(3, 12)).toEqual([
      [3, 5],
      [10, 12],
    ]);
    expect(set.missing(3, 12)).toEqual([[6, 9]]);
    expect(set.missing(31, 35)).toEqual([[31, 35]]);
    expect(set.intersection(6, 9)).toEqual([]);
  });

  it("handles 100,000 disjoint intervals and numbers up to 9,999,999,999 quickly", () => {
    const started = Date.now();
    const set = new IntervalSet();
    set.addMany(
      Array.from(
        { length: 100_000 },
        (_, i) => [9_999_000_000 - i * 10, 9_999_000_000 - i * 10 + 4] as const,
      ),
    );
    expect(set.size).toBe(100_000);
    let hits = 0;
    for (let i = 0; i < 100_000; i++)
      if (set.intersection(9_999_000_000 - i * 10 + 2, 9_999_000_000 - i * 10 + 7).length) hits++;
    expect(hits).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
