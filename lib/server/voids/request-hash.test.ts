import { describe, expect, it } from "vitest";

import { requestHash, stableStringify } from "./request-hash";

/** The recursive version that computed every stored requestHash before: the text must not change. */
function formerStableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(formerStableStringify).join(",")}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${formerStableStringify((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("stableStringify", () => {
  it("writes exactly what the former recursive version wrote (stored hashes still match)", () => {
    const random = prng(7);
    const leaf = () =>
      [null, true, false, 0, -1.5, 1e21, "", 'é"\\\n', "E310000000001", undefined][Math.floor(random() * 10)];
    const value = (depth: number): unknown => {
      const roll = random();
      if (depth > 5 || roll < 0.4) return leaf();
      const size = Math.floor(random() * 5);
      if (roll < 0.7) return Array.from({ length: size }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: size }, () => [
          String.fromCharCode(97 + Math.floor(random() * 26)),
          value(depth + 1),
        ]),
      );
    };
    for (let run = 0; run < 2_000; run++) {
      const sample = value(0);
      expect(stableStringify(sample)).toBe(formerStableStringify(sample));
    }
    expect(stableStringify({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
  });

  it("hashes a value nested 100,000 levels deep (the recursive version overflowed: a 500)", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 100_000; level++) deep = level % 2 ? [deep] : { a: deep };
    expect(() => formerStableStringify(deep)).toThrow(RangeError);
    const body = { ranges: [{ secuenciaDesde: "E310000000001" }], extra: deep };
    expect(requestHash(body)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash(body)).toBe(
      requestHash({ extra: deep, ranges: [{ secuenciaDesde: "E310000000001" }] }),
    );
  });
});
