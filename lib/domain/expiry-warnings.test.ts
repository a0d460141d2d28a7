import { describe, expect, it } from "vitest";

import { certificateWarning, expiryThreshold, wholeDaysUntil } from "./expiry-warnings";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 16);

describe("expiry warnings", () => {
  it("reaches 30, 7 and 1 days, the tightest one counting; nothing past 30 days or once expired", () => {
    const table = [31, 30, 29, 8, 7, 6, 2, 1, 0, -1].map((days) => [days, expiryThreshold(days)]);
    expect(table).toEqual([
      [31, null],
      [30, 30],
      [29, 30],
      [8, 30],
      [7, 7],
      [6, 7],
      [2, 7],
      [1, 1],
      [0, 1],
      [-1, null],
    ]);
    expect(expiryThreshold(Number.NaN)).toBeNull();
  });

  it("counts whole days down; a certificate warns at its thresholds and once it has expired", () => {
    expect(wholeDaysUntil(NOW + 7 * DAY + 1, NOW)).toBe(7);
    expect(wholeDaysUntil(NOW + 7 * DAY - 1, NOW)).toBe(6);
    expect(wholeDaysUntil(NOW - 1, NOW)).toBe(-1);
    expect(certificateWarning(NOW + 31 * DAY, NOW)).toBeNull();
    expect(certificateWarning(NOW + 30 * DAY + 1, NOW)).toBe(30);
    expect(certificateWarning(NOW + 7 * DAY + 1, NOW)).toBe(7);
    expect(certificateWarning(NOW + DAY + 1, NOW)).toBe(1);
    expect(certificateWarning(NOW + 1, NOW)).toBe(1);
    expect(certificateWarning(NOW, NOW)).toBe("expired");
    expect(certificateWarning(NOW - 400 * DAY, NOW)).toBe("expired");
  });
});
