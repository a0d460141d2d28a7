import { describe, expect, it } from "vitest";
import { splitPartialSuccess } from "./partial-success";
import { parseStoredRanges } from "../platform/db/stored-ranges";

const e = (tipo: string, n: number) => `E${tipo}${String(n).padStart(10, "0")}`;
const sent = (...ranges: Array<[string, number, number]>) =>
  JSON.stringify(
    ranges.map(([tipo, desde, hasta]) => [tipo, e(tipo, desde), e(tipo, hasta), hasta - desde + 1]),
  );
const detail = (tipoeCF: string, desde: number, hasta = desde) => ({ serie: "E", tipoeCF, desde, hasta });
const view = (tipo: string, desde: number, hasta: number) => ({
  tipoeCF: tipo,
  secuenciaDesde: e(tipo, desde),
  secuenciaHasta: e(tipo, hasta),
  cantidad: hasta - desde + 1,
});

describe("splitPartialSuccess: voided = sent − excepted", () => {
  it("cuts the excepted numbers out of what was sent, per series and type, with the index boxes of the voided part", () => {
    const split = splitPartialSuccess(sent(["31", 1, 10], ["32", 5, 6], ["31", 20, 20]), [
      detail("31", 4, 5),
      detail("31", 20),
      detail("31", 5), // listed twice: counted once
    ]);
    expect(split).toMatchObject({
      ranges: [view("31", 1, 3), view("31", 6, 10), view("32", 5, 6)],
      totalVoided: 10,
      excepted: [view("31", 4, 5), view("31", 20, 20)],
      totalExcepted: 3,
      boxes: [
        { serie: "E", tipoeCF: "31", minDesde: 1, maxHasta: 10 },
        { serie: "E", tipoeCF: "32", minDesde: 5, maxHasta: 6 },
      ],
    });
    expect(parseStoredRanges(split!.storedRanges)).toEqual(split!.ranges);
    expect(parseStoredRanges(split!.storedExcepted)).toEqual(split!.excepted);
  });

  it("is null when an excepted number was not sent, or when nothing would be voided", () => {
    expect(splitPartialSuccess(sent(["31", 1, 10]), [detail("31", 10, 11)])).toBeNull();
    expect(splitPartialSuccess(sent(["31", 1, 10]), [detail("32", 3)])).toBeNull();
    expect(splitPartialSuccess(sent(["31", 1, 10]), [{ ...detail("31", 3), serie: "F" }])).toBeNull();
    expect(splitPartialSuccess(sent(["31", 1, 10]), [detail("31", 1, 10)])).toBeNull();
    expect(splitPartialSuccess(sent(["31", 1, 5], ["31", 7, 9]), [detail("31", 5, 7)])).toBeNull();
  });
});
