import { describe, expect, it } from "vitest";

import { shortId, shortIdLabel } from "./short-void-id";

describe("a shortened void id's link name", () => {
  const id = "0190f2c1-7a2b-7c3d-8e4f-1234567a8a3e";

  it("contains the visible text first, then the whole id (axe: label-content-name-mismatch)", () => {
    const label = shortIdLabel(id);
    expect(shortId(id)).toBe("0190f2c1…8a3e");
    expect(label.startsWith(shortId(id))).toBe(true);
    expect(label).toContain(id);
  });

  it("is the id itself when it is short enough to show whole", () => {
    expect(shortIdLabel("abc")).toBe("abc");
  });
});
