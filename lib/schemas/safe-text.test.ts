import { describe, expect, it } from "vitest";

import { findUnsafeText, jsonMayHoldUnsafeText, unsafeCharacterIn } from "./safe-text";

describe("unsafeCharacterIn", () => {
  it.each([
    ["a\u0000b", "text", "un carácter de control (U+0000)"],
    ["\u0001", "text", "un carácter de control (U+0001)"],
    ["\u001f", "text", "un carácter de control (U+001F)"],
    ["\u007f", "text", "un carácter de control (U+007F)"],
    ["\ud800", "text", "una mitad suelta de par sustituto (U+D800)"],
    ["x\udfff", "text", "una mitad suelta de par sustituto (U+DFFF)"],
    ["\udc00\ud800", "text", "una mitad suelta de par sustituto (U+DC00)"],
    ["a\tb", "id", "un carácter de control (U+0009)"],
    ["a\nb", "id", "un carácter de control (U+000A)"],
    ["a\rb", "id", "un carácter de control (U+000D)"],
  ] as const)("%j as %s → %s", (value, kind, expected) => {
    expect(unsafeCharacterIn(value, kind)).toBe(expected);
  });

  it.each(["", "Nota\tcon\r\nvarias líneas", "ñÁé €", "🧾 recibo", "E310000000001", "\u0080\u00a0\u200b"])(
    "accepts %j as free text",
    (value) => {
      expect(unsafeCharacterIn(value, "text")).toBeNull();
    },
  );
});

describe("jsonMayHoldUnsafeText never misses what findUnsafeText refuses", () => {
  // Every code unit 0–0x7f and every surrogate boundary, alone and inside text, written by
  // JSON.stringify (short escapes \b \f, \u00XX, \udXXX) and by hand in upper case.
  const units = [...Array.from({ length: 0x80 }, (_, code) => code), 0xd800, 0xdbff, 0xdc00, 0xdfff];
  it.each(units)("U+%s", (code) => {
    const value = { note: `a${String.fromCharCode(code)}b`, list: [String.fromCharCode(code)] };
    const refused = findUnsafeText(value).length > 0;
    for (const text of [JSON.stringify(value), JSON.stringify(value).toUpperCase()]) {
      if (refused) expect(jsonMayHoldUnsafeText(text), text).toBe(true);
    }
  });

  it("finds a problem in a key and names every field, up to the limit", () => {
    expect(findUnsafeText({ a: [{ "b\u0000": 1 }, "x\u0001"], c: { d: "\ud800" } })).toEqual([
      { field: "a[0]", message: expect.stringContaining('"b\\u0000"') },
      { field: "a[1]", message: expect.stringContaining("a[1] contiene") },
      { field: "c.d", message: expect.stringContaining("c.d contiene") },
    ]);
    expect(findUnsafeText("\u0000")).toEqual([
      { field: "body", message: expect.stringContaining("El cuerpo") },
    ]);
    expect(findUnsafeText(Array.from({ length: 50 }, () => "\u0000"))).toHaveLength(20);
  });
});
