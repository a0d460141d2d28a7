import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import { decimalDigits, numberText } from "./decimal-text";

describe("numberText: a JSON number's exact decimal text", () => {
  it.each([
    [118.5, "118.5"],
    [1e21, "1000000000000000000000"],
    [1.5e21, "1500000000000000000000"],
    [1e-7, "0.0000001"],
    [-2.5e-8, "-0.000000025"],
    [0.1 + 0.2, "0.30000000000000004"],
    [-0, "0"],
    [123456789.12, "123456789.12"],
  ])("%s → %s", (value, text) => {
    expect(numberText(value)).toBe(text);
  });

  it("agrees with decimal.js on a spread of doubles, exponents included", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = [5e-324, 1.7976931348623157e308, 2 ** 53, 1e-6, 1e-5, 9.999e20];
    for (let i = 0; i < 2000; i++) values.push((random() - 0.5) * 10 ** Math.floor(random() * 60 - 30));
    for (const value of values) expect(numberText(value)).toBe(new Decimal(String(value)).toFixed());
  });
});

describe("decimalDigits: digits as XSD counts them", () => {
  it.each([
    ["118.50", "118.5", 4, 1],
    ["0118.50", "118.5", 4, 1],
    ["-0.0", "0", 0, 0],
    ["+7", "7", 1, 0],
    [".05", "0.05", 2, 2],
    ["100", "100", 3, 0],
    ["1.0", "1", 1, 0],
  ])("%s → %s, %i digits, %i decimals", (text, canonical, totalDigits, fractionDigits) => {
    expect(decimalDigits(text)).toEqual({ canonical, totalDigits, fractionDigits });
  });
});
