import "server-only";

/**
 * A decimal's digits read from its text, with no arithmetic: the walk checks thousands of amounts
 * per document, and parsing each into a decimal.js number cost most of its time. XSD counts digits
 * in the value, so leading zeros of the integer part and trailing zeros of the fraction do not count
 * (`0118.50` has 4 digits, 1 of them decimal).
 */
export interface DecimalDigits {
  /** The value's canonical text (`-0118.50` → "-118.5", `+0.0` → "0"), equal for equal values. */
  canonical: string;
  /** Digits as XSD's totalDigits counts them: i × 10⁻ⁿ with |i| < 10^totalDigits and n ≤ totalDigits. */
  totalDigits: number;
  fractionDigits: number;
}

/** `text` must already match `[+-]?(\d+(\.\d*)?|\.\d+)`. */
export function decimalDigits(text: string): DecimalDigits {
  const negative = text.startsWith("-");
  const unsigned = text.replace(/^[+-]/, "");
  const dot = unsigned.indexOf(".");
  const integer = (dot < 0 ? unsigned : unsigned.slice(0, dot)).replace(/^0+/, "");
  const fraction = dot < 0 ? "" : unsigned.slice(dot + 1).replace(/0+$/, "");
  const zero = integer === "" && fraction === "";
  const canonical = `${negative && !zero ? "-" : ""}${integer || "0"}${fraction ? `.${fraction}` : ""}`;
  return { canonical, totalDigits: integer.length + fraction.length, fractionDigits: fraction.length };
}

/** A JSON number's exact decimal text, never through exponent form (`1e-7` → "0.0000001"). */
export function numberText(value: number): string {
  const text = String(value); // the shortest text that reads back as the same double
  if (!/e/i.test(text)) return text;
  const [mantissa, exponentText] = text.toLowerCase().split("e") as [string, string];
  const negative = mantissa.startsWith("-");
  const [whole, fraction = ""] = mantissa.replace("-", "").split(".") as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText); // where the decimal point falls in `digits`
  const shifted =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? "-" : "") + shifted;
}
