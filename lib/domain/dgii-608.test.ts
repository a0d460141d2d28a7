import { describe, expect, it } from "vitest";

import { date608, encfsOfRange, fileName608, header608, line608, month608, split608 } from "./dgii-608";

describe("DGII's 608 TXT layout (as l10n_do writes it)", () => {
  it("header 608|RNC padded to 11|YYYYMM|count; an 11-digit RNC as is", () => {
    expect(header608("131234567", "202611", 3)).toBe("608|131234567  |202611|3");
    expect(header608("00112345678", "202601", 1000000)).toBe("608|00112345678|202601|1000000");
  });

  it("line e-NCF|YYYYMMDD|NN from fechaHoraAnulacion (dd-MM-yyyy HH:mm:ss)", () => {
    expect(date608("05-01-2026 23:59:59")).toBe("20260105");
    expect(month608("31-12-2025 08:00:00")).toBe("202512");
    expect(line608("E310000000001", "20260105", "08")).toBe("E310000000001|20260105|08");
  });

  it("names and splits: at most `limit` lines a file, -1, -2, …", () => {
    expect(fileName608("202611", 2)).toBe("608-202611-2.txt");
    expect(split608(0)).toEqual([]);
    expect(split608(1_000_000)).toEqual([1_000_000]);
    expect(split608(1_000_001)).toEqual([1_000_000, 1]);
    expect(split608(12, 5)).toEqual([5, 5, 2]);
    expect(() => split608(3, 0)).toThrow(RangeError);
  });

  it("every e-NCF of a range, one at a time, across a power of ten", () => {
    expect([...encfsOfRange("E310000000009", "E310000000011")]).toEqual([
      "E310000000009",
      "E310000000010",
      "E310000000011",
    ]);
    expect([...encfsOfRange("E329999999999", "E329999999999")]).toEqual(["E329999999999"]);
    const lazy = encfsOfRange("E310000000001", "E319999999999");
    expect(lazy.next().value).toBe("E310000000001"); // 10^10 numbers: never a list
    expect(() => [...encfsOfRange("X", "E310000000001")]).toThrow();
  });
});
