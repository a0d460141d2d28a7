import { describe, expect, it } from "vitest";

import { edgeNumbers, planTrackIdQueries, splitIntoVoids, TRACKIDS_CALLS_PER_REVIEW } from "./gap-proposal";
import { MAX_RANGES_PER_TIPO } from "./void-request";

const range = (tipo: string, from: number, to = from) => ({
  secuenciaDesde: `E${tipo}${String(from).padStart(10, "0")}`,
  secuenciaHasta: `E${tipo}${String(to).padStart(10, "0")}`,
});

describe("planTrackIdQueries", () => {
  it("asks at most two numbers per range (one for a single number)", () => {
    expect(edgeNumbers(range("31", 3))).toEqual(["E310000000003"]);
    expect(edgeNumbers(range("31", 3, 9))).toEqual(["E310000000003", "E310000000009"]);
    expect(
      planTrackIdQueries([range("31", 3), range("31", 5, 7)], ["E310000000042", "E310000000003"]),
    ).toEqual({
      numbers: ["E310000000003", "E310000000005", "E310000000007", "E310000000042"],
      askedRanges: 2,
      extraAsked: 2,
    });
  });

  it("stops at 200 numbers per review, never asking half a range", () => {
    const ranges = Array.from({ length: 150 }, (_, i) => range("31", i * 10 + 1, i * 10 + 5));
    const plan = planTrackIdQueries(ranges, ["E320000000001"]);
    expect(plan.numbers).toHaveLength(TRACKIDS_CALLS_PER_REVIEW);
    expect(plan.askedRanges).toBe(100);
    expect(plan.extraAsked).toBe(0);
    expect(planTrackIdQueries([range("31", 1, 2)], [], 1)).toEqual({
      numbers: [],
      askedRanges: 0,
      extraAsked: 0,
    });
  });
});

describe("splitIntoVoids", () => {
  it("keeps everything in one void up to the tool's 10,000 ranges per type, and splits beyond", () => {
    expect(splitIntoVoids([range("31", 1), range("32", 1)])).toEqual([[range("31", 1), range("32", 1)]]);
    const many = Array.from({ length: MAX_RANGES_PER_TIPO + 1 }, (_, i) => range("31", i * 2 + 1));
    const parts = splitIntoVoids([...many, range("32", 7)]);
    expect(parts.map((part) => part.length)).toEqual([MAX_RANGES_PER_TIPO + 1, 1]);
    expect(parts[0]!.filter((r) => r.secuenciaDesde.startsWith("E31"))).toHaveLength(MAX_RANGES_PER_TIPO);
    expect(parts[1]).toEqual([many[MAX_RANGES_PER_TIPO]]);
    expect(splitIntoVoids([range("31", 1), range("31", 3), range("31", 5)], 2)).toEqual([
      [range("31", 1), range("31", 3)],
      [range("31", 5)],
    ]);
  });
});
