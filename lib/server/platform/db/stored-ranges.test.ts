import { describe, expect, it } from "vitest";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest, type ValidatedRange } from "@/lib/domain/void-request";
import { parseStoredRanges, storedRanges, storedRequestRanges } from "./stored-ranges";

function rangesOf(count: number): ValidatedRange[] {
  const result = validateVoidRequest(sampleVoidBody(count, 2));
  if (!result.ok) throw new Error("invalid sample");
  return result.plan.ranges;
}

const views = (ranges: ValidatedRange[]) =>
  ranges.map(({ tipoeCF, secuenciaDesde, secuenciaHasta, cantidad }) => ({
    tipoeCF,
    secuenciaDesde,
    secuenciaHasta,
    cantidad,
  }));

describe("stored ranges", () => {
  it("keeps small voids as JSON tuples and reads them back", () => {
    const ranges = rangesOf(3);
    const text = storedRanges(ranges);
    expect(JSON.parse(text)).toEqual([
      ["31", "E310000000001", "E310000000005", 5],
      ["32", "E320000000001", "E320000000005", 5],
      ["31", "E310000000011", "E310000000015", 5],
    ]);
    expect(parseStoredRanges(text)).toEqual(views(ranges));
  });

  it("compresses large voids (~7× smaller at 10,000 ranges) and reads them back", () => {
    const ranges = rangesOf(10_000);
    const text = storedRanges(ranges);
    expect(text.startsWith("[")).toBe(false);
    expect(text.length).toBeLessThan(JSON.stringify(views(ranges)).length / 7);
    expect(parseStoredRanges(text)).toEqual(views(ranges));
    const requestRanges = storedRequestRanges(text);
    expect(requestRanges[9_999]).toEqual({
      line: 10_000,
      serie: "E",
      tipoeCF: "32",
      secuenciaDesde: ranges[9_999]!.secuenciaDesde,
      secuenciaHasta: ranges[9_999]!.secuenciaHasta,
      desde: ranges[9_999]!.desde,
      hasta: ranges[9_999]!.hasta,
    });
  });

  it("still reads the first format: JSON objects", () => {
    const stored = [
      { tipoeCF: "31", secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002", cantidad: 2 },
    ];
    expect(parseStoredRanges(JSON.stringify(stored))).toEqual(stored);
  });
});
