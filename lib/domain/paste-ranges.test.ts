import { describe, expect, it } from "vitest";
import { parsePastedRanges } from "./paste-ranges";

describe("parsePastedRanges", () => {
  it("splits on tab, comma and spaces, one range per line, CRLF and blank lines handled", () => {
    const text =
      "E310000000001\tE310000000005\r\n\r\nE310000000010,E310000000020\n  E320000000001   E320000000009  \n";
    expect(parsePastedRanges(text)).toEqual([
      { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000005" },
      { secuenciaDesde: "E310000000010", secuenciaHasta: "E310000000020" },
      { secuenciaDesde: "E320000000001", secuenciaHasta: "E320000000009" },
    ]);
  });

  it("treats a single e-NCF as a one-sequence range and upper-cases", () => {
    expect(parsePastedRanges("e310000000007")).toEqual([
      { secuenciaDesde: "E310000000007", secuenciaHasta: "E310000000007" },
    ]);
  });

  it("keeps extra cells visible instead of silently dropping them", () => {
    expect(parsePastedRanges("E310000000001, E310000000002, x")).toEqual([
      { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002 X" },
    ]);
  });

  it("returns nothing for blank text", () => {
    expect(parsePastedRanges(" \n\t\n")).toEqual([]);
  });
});
