import { describe, expect, it } from "vitest";
import {
  asIntervalSet,
  containsNumber,
  countNumbers,
  difference,
  EMPTY_SET,
  firstOverlap,
  gapsBelow,
  groupBySerieTipo,
  intersection,
  isIntervalSet,
  normalize,
  normalizeBySerieTipo,
  overlapping,
  overlapsBySerieTipo,
  overlapsWithin,
  serieTipoKey,
  sortByDesde,
  union,
  type Interval,
  type IntervalSet,
} from "./intervals";
import { seededRandom, type SeededRandom } from "./testing/seeded-random";

/**
 * Property tests: random small interval lists (numbers 1..MAX) against a brute-force model that
 * holds each number as a boolean. Each case names its seed, so a failure replays exactly.
 */
const MAX = 60;
const CASES = 4_000;

type Model = boolean[];

function modelOf(intervals: readonly Interval[]): Model {
  const model: Model = new Array<boolean>(MAX + 2).fill(false);
  for (const { desde, hasta } of intervals) for (let n = desde; n <= hasta; n++) model[n] = true;
  return model;
}

/** The canonical intervals of a model: what every set operation must return. */
function setOf(model: Model): Interval[] {
  const out: Interval[] = [];
  for (let n = 0; n < model.length; n++) {
    if (!model[n]) continue;
    const desde = n;
    while (model[n + 1]) n++;
    out.push({ desde, hasta: n });
  }
  return out;
}

function randomIntervals(random: SeededRandom, maxCount = 8, maxLength = 12): Interval[] {
  const count = random.int(0, maxCount);
  return Array.from({ length: count }, () => {
    const desde = random.int(1, MAX);
    return { desde, hasta: Math.min(MAX, desde + random.int(0, maxLength)) };
  });
}

/** Sorted, pairwise disjoint (touching allowed) intervals with a payload: validated request lines. */
function randomDisjoint(random: SeededRandom): Array<Interval & { line: number }> {
  const out: Array<Interval & { line: number }> = [];
  let n = random.int(1, 6);
  while (n <= MAX && out.length < 10) {
    const hasta = Math.min(MAX, n + random.int(0, 6));
    out.push({ desde: n, hasta, line: 0 });
    n = hasta + 1 + (random.next() < 0.3 ? 0 : random.int(1, 6));
  }
  // Lines in a shuffled order: the request's order is not the numbers' order.
  const lines = out.map((_, i) => i + 1).sort(() => random.next() - 0.5);
  out.forEach((interval, i) => (interval.line = lines[i]!));
  return out;
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.desde <= b.hasta && b.desde <= a.hasta;
}

function forEachCase(run: (random: SeededRandom, seed: number) => void): void {
  for (let seed = 1; seed <= CASES; seed++) {
    try {
      run(seededRandom(seed), seed);
    } catch (error) {
      throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
    }
  }
}

describe("interval sets against a brute-force model", () => {
  it("normalize merges overlapping and touching intervals, whatever their order", () => {
    forEachCase((random) => {
      const intervals = randomIntervals(random);
      const set = normalize(intervals);
      expect(set).toEqual(setOf(modelOf(intervals)));
      expect(isIntervalSet(set)).toBe(true);
      expect(normalize(set)).toEqual(set);
    });
  });

  it("union, intersection and difference hold exactly the right numbers", () => {
    forEachCase((random) => {
      const a = normalize(randomIntervals(random));
      const b = normalize(randomIntervals(random));
      const ma = modelOf(a);
      const mb = modelOf(b);
      expect(union(a, b)).toEqual(setOf(ma.map((x, n) => x || mb[n]!)));
      expect(intersection(a, b)).toEqual(setOf(ma.map((x, n) => x && mb[n]!)));
      expect(difference(a, b)).toEqual(setOf(ma.map((x, n) => x && !mb[n])));
      expect(difference(b, a)).toEqual(setOf(mb.map((x, n) => x && !ma[n])));
    });
  });

  it("available = authorized − issued − voided, and the parts add up", () => {
    forEachCase((random) => {
      const authorized = normalize(randomIntervals(random, 3, 30));
      const issued = normalize(randomIntervals(random, 10, 3));
      const voided = normalize(randomIntervals(random, 4, 8));
      const available = difference(difference(authorized, issued), voided);
      const used = intersection(authorized, union(issued, voided));
      const model = modelOf(authorized).map((x, n) => x && !modelOf(issued)[n] && !modelOf(voided)[n]);
      expect(available).toEqual(setOf(model));
      expect(countNumbers(available) + countNumbers(used)).toBe(countNumbers(authorized));
    });
  });

  it("countNumbers counts each number once; containsNumber agrees with the model", () => {
    forEachCase((random) => {
      const set = normalize(randomIntervals(random));
      const model = modelOf(set);
      expect(countNumbers(set)).toBe(model.filter(Boolean).length);
      expect(model.map((_, n) => containsNumber(set, n))).toEqual(model);
    });
  });

  it("gapsBelow lists the numbers under the bound that the set lacks", () => {
    forEachCase((random) => {
      const set = normalize(randomIntervals(random));
      const bound = random.int(0, MAX + 1);
      const lowest = random.int(1, 5);
      const model = modelOf(set);
      const expected = setOf(model.map((x, n) => n >= lowest && n < bound && !x));
      expect(gapsBelow(set, bound, lowest)).toEqual(expected);
    });
    expect(gapsBelow(normalize([{ desde: 3, hasta: 4 }]), 7)).toEqual([
      { desde: 1, hasta: 2 },
      { desde: 5, hasta: 6 },
    ]);
  });

  it("isIntervalSet accepts exactly the canonical lists; asIntervalSet refuses the others", () => {
    forEachCase((random) => {
      const list = sortByDesde(randomIntervals(random, 4));
      const canonical = JSON.stringify(normalize(list)) === JSON.stringify(list);
      expect(isIntervalSet(list)).toBe(canonical);
      if (canonical) expect(asIntervalSet(list)).toBe(list);
      else expect(() => asIntervalSet(list)).toThrow(/sorted, disjoint/);
    });
    expect(isIntervalSet([{ desde: 5, hasta: 4 }])).toBe(false);
  });
});

describe("overlap queries against brute force", () => {
  it("firstOverlap returns the first a (in order) that meets b, with the first b meeting it", () => {
    forEachCase((random) => {
      // Sorted by start; overlaps inside one list allowed.
      const a = sortByDesde(randomIntervals(random).map((x, i) => ({ ...x, id: `a${i}` })));
      const b = sortByDesde(randomIntervals(random).map((x, i) => ({ ...x, id: `b${i}` })));
      const x = a.find((candidate) => b.some((other) => overlaps(candidate, other)));
      const expected = x ? [x, b.find((other) => overlaps(x, other))] : null;
      expect(firstOverlap(a, b)).toEqual(expected);
    });
  });

  it("overlapping finds every member of a disjoint sorted list that meets the query", () => {
    forEachCase((random) => {
      const sorted = randomDisjoint(random);
      const desde = random.int(0, MAX + 1);
      const query = { desde, hasta: desde + random.int(0, 15) };
      const found = overlapping(sorted, query);
      expect(found).toEqual(sorted.filter((member) => overlaps(member, query)));
      for (const member of found) expect(sorted).toContain(member); // the members themselves, payload kept
    });
  });

  it("overlapsWithin: every pair overlaps, is ordered by input position, and covers every overlapping item", () => {
    forEachCase((random) => {
      const items = randomIntervals(random, 10).map((x, position) => ({ ...x, position }));
      const pairs = overlapsWithin(items);
      for (const [earlier, later] of pairs) {
        expect(overlaps(earlier, later)).toBe(true);
        expect(earlier.position).toBeLessThan(later.position);
      }
      const inPairs = new Set(pairs.flat().map((item) => item.position));
      const overlapping = items.filter((x) => items.some((y) => y !== x && overlaps(x, y)));
      expect([...inPairs].sort((p, q) => p - q)).toEqual(overlapping.map((item) => item.position));
      expect(pairs.length).toBeLessThan(Math.max(1, items.length));
    });
  });

  it("overlapsBySerieTipo names the same pairs, in the same order, as the validator's earlier sweep", () => {
    forEachCase((random) => {
      const series = ["E", "F"];
      const tipos = ["31", "32", "34"];
      const items = randomIntervals(random, 12).map((x, i) => ({
        ...x,
        line: i + 1,
        serie: series[random.int(0, 1)]!,
        tipoeCF: tipos[random.int(0, 2)]!,
      }));
      expect(overlapsBySerieTipo(items)).toEqual(previousSweep(items));
      for (const [a, b] of overlapsBySerieTipo(items)) {
        expect(serieTipoKey(a.serie, a.tipoeCF)).toBe(serieTipoKey(b.serie, b.tipoeCF));
      }
    });
  });
});

describe("overlapsWithin at scale", () => {
  const sweepOf = (items: Array<Interval & { line: number }>) =>
    previousSweep(items.map((item) => ({ ...item, serie: "E", tipoeCF: "31" }))).map(([a, b]) => [
      a.line,
      b.line,
    ]);
  const linesOf = (pairs: Array<[{ line: number }, { line: number }]>) =>
    pairs.map(([a, b]) => [a.line, b.line]);

  it("names the earlier sweep's pairs for thousands of shuffled lines over the whole e-NCF range", () => {
    const random = seededRandom(7);
    const items = Array.from({ length: 5_000 }, (_, i) => {
      const desde = random.int(1, 9_999_990_000);
      return { desde, hasta: desde + random.int(0, 3_000_000), line: i + 1 };
    });
    expect(linesOf(overlapsWithin(items))).toEqual(sweepOf(items));
    expect(overlapsWithin(items).length).toBeGreaterThan(100);
  });

  it("keeps that order for numbers too large for its sort keys (the comparator fallback)", () => {
    const random = seededRandom(11);
    const items = Array.from({ length: 300 }, (_, i) => {
      const desde = random.int(0, 2 ** 20) * 2 ** 30;
      return { desde, hasta: desde + random.int(0, 4) * 2 ** 30, line: i + 1 };
    });
    expect(linesOf(overlapsWithin(items))).toEqual(sweepOf(items));
  });
});

describe("series and type", () => {
  it("one key per series+type, groups in order of first appearance, members in input order", () => {
    const items = [
      { serie: "E", tipoeCF: "32", desde: 9, hasta: 9 },
      { serie: "E", tipoeCF: "31", desde: 5, hasta: 6 },
      { serie: "E", tipoeCF: "32", desde: 1, hasta: 2 },
      { serie: "F", tipoeCF: "31", desde: 1, hasta: 2 },
    ];
    expect(serieTipoKey("E", "31")).toBe("E31");
    const groups = groupBySerieTipo(items);
    expect([...groups.keys()]).toEqual(["E32", "E31", "F31"]);
    expect(groups.get("E32")).toEqual([items[0], items[2]]);
    const sets = normalizeBySerieTipo([...items, { serie: "E", tipoeCF: "32", desde: 3, hasta: 8 }]);
    expect(sets.get("E32")).toEqual([{ desde: 1, hasta: 9 }]);
    expect(sets.get("F31")).toEqual([{ desde: 1, hasta: 2 }]);
    // Keys outside a valid e-NCF's shape (no numeric fast path) group the same way.
    const odd = [
      { serie: "EE", tipoeCF: "3X", desde: 1, hasta: 1 },
      { serie: "E", tipoeCF: "31", desde: 2, hasta: 2 },
      { serie: "EE", tipoeCF: "3X", desde: 3, hasta: 3 },
    ];
    expect([...groupBySerieTipo(odd).entries()]).toEqual([
      ["EE3X", [odd[0], odd[2]]],
      ["E31", [odd[1]]],
    ]);
  });
});

describe("the whole e-NCF range", () => {
  it("is exact up to 10^10 − 1 with counts up to 10^10", () => {
    const top = 9_999_999_999;
    const all = normalize([{ desde: 1, hasta: top }]);
    expect(countNumbers(all)).toBe(top);
    const issued = normalize([
      { desde: top, hasta: top },
      { desde: 1, hasta: 1 },
    ]);
    const available = difference(all, issued);
    expect(available).toEqual([{ desde: 2, hasta: top - 1 }]);
    expect(countNumbers(available)).toBe(top - 2);
    expect(containsNumber(available, top - 1)).toBe(true);
    expect(containsNumber(available, top)).toBe(false);
    expect(gapsBelow(issued, top)).toEqual(available);
    expect(union(available, issued)).toEqual(all);
    expect(difference(EMPTY_SET, all)).toEqual([]);
  });

  it("drops empty intervals and copies no payload into sets", () => {
    const set: IntervalSet = normalize([{ desde: 4, hasta: 3 }, { desde: 1, hasta: 2, line: 7 } as Interval]);
    expect(set).toEqual([{ desde: 1, hasta: 2 }]);
    expect(Object.keys(set[0]!)).toEqual(["desde", "hasta"]);
    // Any iterable, e.g. a generator over stored rows.
    function* rows() {
      yield { desde: 8, hasta: 9 };
      yield { desde: 5, hasta: 7 };
    }
    expect(normalize(rows())).toEqual([{ desde: 5, hasta: 9 }]);
  });
});

/** lib/domain/void-overlaps.ts as it was, the oracle for the validator's messages and line numbers. */
function previousSweep<T extends Interval & { line: number; serie: string; tipoeCF: string }>(
  ranges: readonly T[],
): Array<[T, T]> {
  const groups = new Map<number, T[]>();
  for (const range of ranges) {
    const key = range.serie.charCodeAt(0) * 100 + Number(range.tipoeCF);
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  const pairs: Array<[T, T]> = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.desde - b.desde || a.line - b.line);
    let reach = group[0]!;
    for (let i = 1; i < group.length; i++) {
      const current = group[i]!;
      if (current.desde <= reach.hasta)
        pairs.push(reach.line < current.line ? [reach, current] : [current, reach]);
      if (current.hasta > reach.hasta) reach = current;
    }
  }
  return pairs;
}
