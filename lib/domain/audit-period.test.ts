import { describe, expect, it } from "vitest";

import { AUDIT_PERIOD_MAX_DAYS, parseAuditPeriod, startOfDaySantoDomingo } from "./audit-period";

describe("the audit pack's period", () => {
  it("covers both days whole, in Santo Domingo time (UTC−4)", () => {
    const result = parseAuditPeriod("2026-01-01", "2026-01-31");
    expect(result).toEqual({
      ok: true,
      period: {
        from: "2026-01-01",
        to: "2026-01-31",
        startMs: Date.UTC(2026, 0, 1, 4),
        endMs: Date.UTC(2026, 1, 1, 4) - 1,
      },
    });
  });

  it.each([
    [undefined, "2026-01-01"],
    ["", "2026-01-01"],
    ["2026-02-29", "2026-03-01"], // 2026 is not a leap year
    ["2026-1-01", "2026-01-02"],
    ["01-01-2026", "2026-01-02"],
    ["2026-01-02", "2026-01-01"],
  ])("INVALID_PERIOD for %s … %s", (from, to) => {
    expect(parseAuditPeriod(from, to)).toMatchObject({ ok: false, code: "INVALID_PERIOD" });
  });

  it(`at most ${AUDIT_PERIOD_MAX_DAYS} days: a leap year is fine, a day more is PERIOD_TOO_LONG`, () => {
    expect(parseAuditPeriod("2024-01-01", "2024-12-31").ok).toBe(true);
    expect(parseAuditPeriod("2024-01-01", "2025-01-01")).toMatchObject({
      ok: false,
      code: "PERIOD_TOO_LONG",
    });
    expect(parseAuditPeriod("2026-03-05", "2026-03-05").ok).toBe(true);
  });

  it("reads only real calendar days", () => {
    expect(startOfDaySantoDomingo("2024-02-29")).toBe(Date.UTC(2024, 1, 29, 4));
    expect(startOfDaySantoDomingo("2024-13-01")).toBeNull();
  });
});
