import { describe, expect, it } from "vitest";
import { formatEncf, isValidSerie, parseEncf } from "./encf";

describe("parseEncf", () => {
  it("reads series, type and sequential number", () => {
    expect(parseEncf("E310000000042")).toEqual({
      ok: true,
      encf: { value: "E310000000042", serie: "E", tipo: "31", secuencia: 42 },
    });
    expect(parseEncf("Z479999999999")).toMatchObject({ ok: true, encf: { secuencia: 9_999_999_999 } });
  });

  it.each([
    ["", "INVALID_ENCF_LENGTH"],
    ["E31000000001", "INVALID_ENCF_LENGTH"],
    ["E3100000000011", "INVALID_ENCF_LENGTH"],
    ["P310000000001", "INVALID_ENCF_FORMAT"],
    ["D310000000001", "INVALID_ENCF_FORMAT"],
    ["e310000000001", "INVALID_ENCF_FORMAT"],
    ["1310000000001", "INVALID_ENCF_FORMAT"],
    ["E31000000000A", "INVALID_ENCF_FORMAT"],
    ["E3A0000000001", "INVALID_ENCF_FORMAT"],
    ["E31 000000001", "INVALID_ENCF_FORMAT"],
    ["E350000000001", "INVALID_TIPO_ECF"],
    ["E420000000001", "INVALID_TIPO_ECF"],
    ["E000000000001", "INVALID_TIPO_ECF"],
    ["E310000000000", "INVALID_SEQUENCE"],
  ])("%j → %s", (value, problem) => {
    expect(parseEncf(value)).toEqual({ ok: false, problem });
  });

  it("accepts every series E–Z except P and every spec type", () => {
    for (const serie of "EFGHIJKLMNOQRSTUVWXYZ") expect(isValidSerie(serie)).toBe(true);
    for (const serie of "ABCDP") expect(isValidSerie(serie)).toBe(false);
    for (const tipo of ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"]) {
      expect(parseEncf(`E${tipo}0000000001`).ok).toBe(true);
    }
  });

  it("formats back", () => {
    expect(formatEncf("E", "31", 42)).toBe("E310000000042");
  });
});
