import { describe, expect, it } from "vitest";

import { UnsupportedXsdPatternError, xsdPatternToRegExp } from "./xsd-regex";

const matches = (pattern: string, value: string) => xsdPatternToRegExp(pattern).test(value);

describe("xsdPatternToRegExp: XSD regex semantics in JavaScript", () => {
  it("is anchored: the whole value must match, and alternatives stay inside the anchors", () => {
    expect(matches("[0-9]{11}|[0-9]{9}", "130000001")).toBe(true);
    expect(matches("[0-9]{11}|[0-9]{9}", "1300000012")).toBe(false);
    expect(matches("[0-9]{11}|[0-9]{9}", "x130000001")).toBe(false);
  });

  it("reads ^ and $ as ordinary characters, as XSD (and libxml2) do", () => {
    expect(matches("^[a-z]*$", "abc")).toBe(false);
    expect(matches("^[a-z]*$", "^abc$")).toBe(true);
    expect(matches("[12][$0-9]", "1$")).toBe(true);
  });

  it("uses XSD's classes: \\d any Unicode digit, \\w without punctuation (no _), \\s the XML blanks", () => {
    expect(matches("\\d{3}", "١٢٣")).toBe(true);
    expect(matches("\\w+", "Peña")).toBe(true);
    expect(matches("\\w+", "a_b")).toBe(false);
    expect(matches("\\s", "\u00a0")).toBe(false);
    expect(matches("[\\s\\d\\w]{1,15}", "30 días")).toBe(true);
    expect(matches("[\\s\\d\\w]{1,15}", "30-días")).toBe(false);
    expect(matches("\\D[^0-9]+[a-zA-Z]", "FOB")).toBe(true);
  });

  it("lets . match anything but a line break, and keeps escaped metacharacters literal", () => {
    expect(matches("[1]{1}.[0]{1}", "1,0")).toBe(true);
    expect(matches(".{6}", "ab\ncde")).toBe(false);
    expect(matches("\\d{3}-\\d{3}-\\d{4}", "809-555-0100")).toBe(true);
    expect(matches("[0-9]{1,16}(\\.[0-9]{1,2})?", "10,5")).toBe(false);
    expect(matches("[+-]?[0-9]{1,2}", "-5")).toBe(true);
  });

  it.each([["(?:19|20)\\d{2}"], ["[a-z-[aeiou]]"], ["\\i\\c*"], ["\\p{IsBasicLatin}"], ["[^\\w]"], ["\\q"]])(
    "refuses %s, which it does not translate",
    (pattern) => {
      expect(() => xsdPatternToRegExp(pattern)).toThrow(UnsupportedXsdPatternError);
    },
  );
});
