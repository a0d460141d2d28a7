import { describe, expect, it } from "vitest";
import {
  displayDay,
  fechaHoraMinutes,
  formatFechaHora,
  isoDayOf,
  isValidFechaHora,
  normalizeDay,
  nowFechaHora,
  parseDgiiInstant,
  parseFechaHora,
  typedInstantOf,
} from "./fecha";

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

describe("parseDgiiInstant: a reception date in any form DGII's answers carry", () => {
  const instant = parseFechaHora("03-11-2025 20:13:37")!;

  it("reads dd-MM-yyyy, the US form (month first, 12 h) and ISO 8601 with or without an offset", () => {
    expect(parseDgiiInstant("03-11-2025 20:13:37")).toBe(instant);
    expect(parseDgiiInstant("11/3/2025 8:13:37 PM")).toBe(instant);
    expect(parseDgiiInstant("11/3/2025 12:13:37 AM")).toBe(parseFechaHora("03-11-2025 00:13:37"));
    expect(parseDgiiInstant("2025-11-03T20:13:37")).toBe(instant);
    expect(parseDgiiInstant("2025-11-03T20:13:37.683-04:00")).toBe(instant);
    expect(parseDgiiInstant("2025-11-04T00:13:37Z")).toBe(instant);
    expect(parseDgiiInstant("2025-11-03T21:43:37-02:30")).toBe(instant + 0);
  });

  it("is null for anything else, never a guess", () => {
    for (const text of [
      "",
      "ayer",
      "31/2/2025 1:00:00 PM",
      "11/3/2025 13:13:37 PM",
      "2025-02-30T10:00:00",
      "2025-11-03",
    ]) {
      expect(parseDgiiInstant(text), text).toBeNull();
    }
  });
});

describe("days typed in the portal (dd-mm-aaaa, whatever the browser's language)", () => {
  it("reads dd-MM-aaaa, d/M/aaaa and yyyy-MM-dd as the same day", () => {
    expect(isoDayOf("07-12-2026")).toBe("2026-12-07");
    expect(isoDayOf("7/12/2026")).toBe("2026-12-07");
    expect(isoDayOf(" 07.12.2026 ")).toBe("2026-12-07");
    expect(isoDayOf("2026-12-07")).toBe("2026-12-07");
  });

  it("refuses what is no calendar day, and never reads month first", () => {
    expect(isoDayOf("31-02-2026")).toBeNull();
    expect(isoDayOf("12-31-2026")).toBeNull(); // mm-dd-yyyy: month 31
    expect(isoDayOf("2026-13-01")).toBeNull();
    expect(isoDayOf("ayer")).toBeNull();
  });

  it("keeps a filter's unreadable text for its own error, and shows yyyy-MM-dd as dd-MM-yyyy", () => {
    expect(normalizeDay("01-11-2026")).toBe("2026-11-01");
    expect(normalizeDay("31-02-2026")).toBe("31-02-2026");
    expect(normalizeDay(undefined)).toBeUndefined();
    expect(displayDay("2026-11-01")).toBe("01-11-2026");
    expect(displayDay("01-11-2026")).toBe("01-11-2026");
  });

  it("shows a time in 24 hours and dd-MM-yyyy in Santo Domingo, whatever the process's locale", () => {
    expect(formatFechaHora(Date.UTC(2026, 11, 7, 17, 47, 5))).toBe("07-12-2026 13:47:05");
    expect(formatFechaHora(Date.UTC(2026, 11, 7, 4, 47, 5))).toBe("07-12-2026 00:47:05");
  });
});

describe("a date and time typed in the portal (dd-mm-aaaa hh:mm, 24 h, Santo Domingo)", () => {
  it("reads the typed form and a datetime-local value as the same instant", () => {
    const expected = Date.UTC(2026, 0, 6, 0, 45);
    expect(typedInstantOf("05-01-2026 20:45")).toBe(expected);
    expect(typedInstantOf("5/1/2026 20:45:00")).toBe(expected);
    expect(typedInstantOf("2026-01-05T20:45")).toBe(expected);
    expect(fechaHoraMinutes(expected)).toBe("05-01-2026 20:45");
  });

  it("refuses a 12-hour clock, an unreal time or a day alone", () => {
    expect(typedInstantOf("05-01-2026 8:45 PM")).toBeNull();
    expect(typedInstantOf("05-01-2026 24:00")).toBeNull();
    expect(typedInstantOf("31-02-2026 10:00")).toBeNull();
    expect(typedInstantOf("05-01-2026")).toBeNull();
  });
});
