import { describe, expect, it } from "vitest";

import { hasValidCheckDigit, isValidRnc } from "./rnc";

describe("RNC and cédula check digits", () => {
  it.each([
    ["131793916", true], // RNC (DGII's published example issuer)
    ["101010632", true], // RNC
    ["131793917", false],
    ["00113918205", true], // cédula (Luhn)
    ["00113918206", false],
    ["40212345678", true],
  ])("%s → %s", (value, expected) => {
    expect(hasValidCheckDigit(value)).toBe(expected);
  });

  it("refuses what is not 9 or 11 digits at all", () => {
    expect(isValidRnc("12345678")).toBe(false);
    expect(hasValidCheckDigit("12345678")).toBe(false);
    expect(hasValidCheckDigit("1317939160")).toBe(false);
  });
});
