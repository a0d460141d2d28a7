import { describe, expect, it } from "vitest";

import { gapDeadline, gapSince } from "./gap-deadline";

const DAY = 86_400_000;
const PROOF = Date.UTC(2026, 5, 1, 16);
const salto = { kind: "salto" as const, checked: { higherIssuedAt: PROOF } };

describe("a gap's age and deadline", () => {
  it("counts a skip from the higher number's issue, an expired tail from the end of its last day", () => {
    expect(gapSince(salto)).toBe(PROOF);
    // 30-06-2026 ends at 04:00 UTC on 1 July (Santo Domingo, UTC−4).
    const vencida = { kind: "vencida" as const, checked: { higherIssuedAt: null, expiredOn: "30-06-2026" } };
    expect(gapSince(vencida)).toBe(Date.UTC(2026, 6, 1, 4));
    expect(gapSince({ kind: "cierre", checked: { higherIssuedAt: null } })).toBeNull();
  });

  it("has an age always, a deadline only with the company's window: running, approaching at the share, missed", () => {
    expect(gapDeadline(salto, null, PROOF + 3 * DAY + 5)).toEqual({
      since: PROOF,
      ageDays: 3,
      deadlineAt: null,
      state: "none",
    });
    const window = { days: 10, approachingPercent: 80 };
    const state = (at: number) => gapDeadline(salto, window, at).state;
    expect(state(PROOF + 8 * DAY - 1)).toBe("running");
    expect(state(PROOF + 8 * DAY)).toBe("approaching");
    expect(state(PROOF + 10 * DAY - 1)).toBe("approaching");
    expect(state(PROOF + 10 * DAY)).toBe("missed");
    expect(gapDeadline(salto, window, PROOF).deadlineAt).toBe(PROOF + 10 * DAY);
  });
});
