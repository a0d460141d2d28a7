import { describe, expect, it } from "vitest";

import { jsonPreview, MAX_SHOWN_CHARS, truncateForMessage } from "./shown-value";

describe("truncateForMessage", () => {
  it("keeps short values and cuts long ones to 64 characters, naming the whole length", () => {
    expect(truncateForMessage("E310000000001")).toBe("E310000000001");
    expect(truncateForMessage("x".repeat(MAX_SHOWN_CHARS))).toBe("x".repeat(MAX_SHOWN_CHARS));
    expect(truncateForMessage("x".repeat(1_000_000))).toBe(`${"x".repeat(64)}… (1000000 caracteres)`);
    expect(truncateForMessage("x".repeat(65), "en")).toBe(`${"x".repeat(64)}… (65 characters)`);
  });
});

describe("jsonPreview", () => {
  it("writes small values as compact JSON", () => {
    expect(jsonPreview(1_700_000_000_000)).toBe("1700000000000");
    expect(jsonPreview([1, "a", null, true, { b: [] }])).toBe('[1,"a",null,true,{"b":[]}]');
    expect(jsonPreview({})).toBe("{}");
    expect(jsonPreview([undefined, Number.NaN])).toBe("[null,null]");
  });

  it("never throws and stays short for values JSON.stringify cannot or should not write", () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(jsonPreview(deep)).toBe(`${"[".repeat(MAX_SHOWN_CHARS)}…`);
    const wide = Array.from({ length: 1_000_000 }, (_, index) => index);
    expect(jsonPreview(wide, 10)).toBe("[0,1,2,3,4…");
    expect(jsonPreview("y".repeat(1_000_000)).length).toBe(MAX_SHOWN_CHARS + 1);
    expect(jsonPreview({ ["k".repeat(1_000)]: 1 }).length).toBe(MAX_SHOWN_CHARS + 1);
  });
});
