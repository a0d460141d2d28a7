import { describe, expect, it } from "vitest";
import { formatFechaHora, isValidFechaHora, nowFechaHora, parseFechaHora } from "./fecha";

describe("fechaHora (dd-MM-yyyy HH:mm:ss, Santo Domingo)", () => {
  it("formats an instant in UTC−4 regardless of the process time zone", () => {
    // 2026-11-22T01:36:50Z is 21:36:50 of the 21st in Santo Domingo.
    expect(formatFechaHora(Date.UTC(2026, 10, 22, 1, 36, 50))).toBe("21-11-2026 21:36:50");
    expect(nowFechaHora(Date.UTC(2026, 0, 1, 3, 59, 59))).toBe("31-12-2025 23:59:59");
  });

  it("parses back to the same instant", () => {
    const instant = Date.UTC(2026, 1, 28, 16, 5, 9);
    expect(parseFechaHora(formatFechaHora(instant))).toBe(instant);
  });

  it.each(["31-02-2026 10:00:00", "29-02-2025 10:00:00", "00-01-2026 10:00:00", "12-13-2026 10:00:00"])(
    "rejects the unreal calendar date %s",
    (text) => expect(isValidFechaHora(text)).toBe(false),
  );

  it.each([
    "24:00:00",
    "12:60:00",
    "12:00:60",
    "1-01-2026 10:00:00",
    "01/01/2026 10:00:00",
    "2026-01-01 10:00:00",
    "01-01-2026T10:00:00",
    "01-01-2026 10:00",
    " 01-01-2026 10:00:00",
  ])("rejects the malformed %s", (text) => expect(isValidFechaHora(text)).toBe(false));

  it("accepts leap days and the 24 h clock", () => {
    expect(isValidFechaHora("29-02-2028 23:59:59")).toBe(true);
    expect(isValidFechaHora("01-01-2026 00:00:00")).toBe(true);
  });
});
