import { describe, expect, it } from "vitest";
import { parsePaste, parsePastedRanges } from "./paste-ranges";

const A = "E310000000001";
const B = "E310000000010";

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

  it("keeps extra text cells visible instead of silently dropping them", () => {
    expect(parsePastedRanges("E310000000001, E310000000002, x")).toEqual([
      { secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002 X" },
    ]);
  });

  it("returns nothing for blank text", () => {
    expect(parsePastedRanges(" \n\t\n")).toEqual([]);
  });
});

describe("parsePaste: what finance people paste", () => {
  const range = { secuenciaDesde: A, secuenciaHasta: B };

  it("skips header rows (no digit) and says which lines", () => {
    expect(parsePaste(`Desde\tHasta\tCantidad\n${A}\t${B}\t10\nTotal general\n`)).toEqual({
      ranges: [{ ...range, cantidad: 10 }],
      ignoredLines: [1, 3],
    });
    expect(parsePaste(`"Desde","Hasta"\r\n"${A}","${B}"`).ignoredLines).toEqual([1]);
  });

  it("reads quoted CSV cells, with commas or semicolons (Excel es-DO) and doubled quotes", () => {
    expect(parsePastedRanges(`"${A}","${B}"`)).toEqual([range]);
    expect(parsePastedRanges(`"${A}";"${B}";"1.000"`)).toEqual([{ ...range, cantidad: 1000 }]);
    expect(parsePastedRanges(`"${A}" "${B}"`)).toEqual([range]);
  });

  it("reads dash ranges: hyphen, en/em dash, minus, with or without spaces", () => {
    for (const dash of ["-", "–", "—", "−"]) {
      expect(parsePastedRanges(`${A}${dash}${B}`)).toEqual([range]);
      expect(parsePastedRanges(`${A} ${dash} ${B}`)).toEqual([range]);
    }
    // DGII's message style and the history CSV's "rangos" cell, several per line are kept visible.
    expect(parsePastedRanges(`${A}-${B}\n${A.toLowerCase()} – ${B.toLowerCase()}`)).toEqual([range, range]);
  });

  it("treats non-breaking, figure and narrow spaces and a BOM as spaces", () => {
    expect(parsePastedRanges(`\ufeff${A}\u00a0\u00a0${B}\u202f`)).toEqual([range]);
    expect(parsePastedRanges(`${A}\u2007${B}`)).toEqual([range]);
  });

  it("a third column is the cantidad, never glued onto Hasta", () => {
    expect(parsePastedRanges(`${A}\t${B}\t10`)).toEqual([{ ...range, cantidad: 10 }]);
    expect(parsePastedRanges(`${A} ${B} 98262`)).toEqual([{ ...range, cantidad: 98262 }]);
    expect(parsePastedRanges(`${A}\t${B}\t"1,000"`)).toEqual([{ ...range, cantidad: 1000 }]);
  });

  it("reads the app's own ranges CSV (línea, tipo, desde, hasta, cantidad)", () => {
    const csv = `\ufefflinea,tipoeCF,secuenciaDesde,secuenciaHasta,cantidad\r\n1,31,${A},${B},10\r\n`;
    expect(parsePaste(csv)).toEqual({ ranges: [{ ...range, cantidad: 10 }], ignoredLines: [1] });
    // The ranges CSV's header is in the portal's words now; older files keep working (above).
    const spanish = `\ufeffLínea,Tipo,Desde,Hasta,Cantidad\r\n1,31,${A},${B},10\r\n`;
    expect(parsePaste(spanish)).toEqual({ ranges: [{ ...range, cantidad: 10 }], ignoredLines: [1] });
  });

  it("a line with digits but no e-NCF is kept as typed, for validation to report", () => {
    expect(parsePastedRanges("12345, 678")).toEqual([{ secuenciaDesde: "12345", secuenciaHasta: "678" }]);
  });

  it("10,000 lines parse quickly", () => {
    const text = Array.from({ length: 10_000 }, () => `"${A}";"${B}";10`).join("\r\n");
    const started = performance.now();
    expect(parsePaste(text).ranges).toHaveLength(10_000);
    // Catches a quadratic parse (tens of seconds), not a slow shared core: typical ~50 ms.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
