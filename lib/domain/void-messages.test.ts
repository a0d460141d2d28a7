import { describe, expect, it } from "vitest";

import { ECF_TYPES } from "./ecf-types";
import { EXPECTED, VOID_MESSAGES, type MessageParams } from "./void-messages";

/**
 * The editor's line messages and the e-CF type names are es/en tables outside lib/i18n: held here to
 * the catalogues' rule (lib/i18n/i18n.test.ts) — the same keys in both languages, and every value a
 * message shows in one language shown in the other.
 */

type Table = Record<"es" | "en", Record<string, (p: MessageParams) => string>>;

/** Every parameter a message may use, each a sentinel that can be found in the text. */
const PARAMS = [
  "line",
  "field",
  "value",
  "length",
  "tipo",
  "tipos",
  "tipoeCF",
  "desde",
  "hasta",
  "serieDesde",
  "serieHasta",
  "tipoDesde",
  "tipoHasta",
  "otherLine",
  "otherDesde",
  "otherHasta",
  "count",
  "total",
] as const;
const FULL: MessageParams = {
  ...Object.fromEntries(PARAMS.map((name) => [name, `<${name}>`])),
  expected: "array",
};
/** Messages choose their words by which values are given (a tipoeCF, a type, a line): each variant. */
const VARIANTS: MessageParams[] = [
  FULL,
  ...["tipoeCF", "tipo", "line"].map((left) =>
    Object.fromEntries(Object.entries(FULL).filter(([name]) => name !== left)),
  ),
];

const shown = (text: string) => PARAMS.filter((name) => text.includes(`<${name}>`)).join(",");

/** The codes and variants whose Spanish and English show different values ("code: es ≠ en"). */
function differences(table: Table): string[] {
  const found: string[] = [];
  const codes = [...new Set([...Object.keys(table.es), ...Object.keys(table.en)])].sort();
  for (const code of codes) {
    const es = table.es[code];
    const en = table.en[code];
    if (!es || !en) {
      found.push(`${code}: missing in ${es ? "en" : "es"}`);
      continue;
    }
    for (const params of VARIANTS) {
      const [inSpanish, inEnglish] = [shown(es(params)), shown(en(params))];
      if (inSpanish !== inEnglish) found.push(`${code}: ${inSpanish} ≠ ${inEnglish}`);
    }
  }
  return [...new Set(found)];
}

describe("the void's line messages: one table per language, like the catalogues", () => {
  it("has the same codes in Spanish and English, each showing the same values", () => {
    expect(Object.keys(VOID_MESSAGES.en).sort()).toEqual(Object.keys(VOID_MESSAGES.es).sort());
    expect(differences(VOID_MESSAGES)).toEqual([]);
    expect(Object.keys(EXPECTED.en).sort()).toEqual(Object.keys(EXPECTED.es).sort());
  });

  it("fails on a missing code or a value shown in one language only (the check itself)", () => {
    const fewer = Object.fromEntries(
      Object.entries(VOID_MESSAGES.en).filter(([code]) => code !== "OVERLAPPING_RANGES"),
    );
    expect(differences({ es: VOID_MESSAGES.es, en: fewer })).toEqual(["OVERLAPPING_RANGES: missing in en"]);
    const forgetful = {
      ...VOID_MESSAGES.en,
      INVALID_RANGE_ORDER: (p: MessageParams) => `Line ${p.line}: wrong order.`,
    };
    expect(differences({ es: VOID_MESSAGES.es, en: forgetful })).toEqual([
      "INVALID_RANGE_ORDER: line,desde,hasta ≠ line",
      // Without a line, the values the Spanish still shows.
      "INVALID_RANGE_ORDER: desde,hasta ≠ ",
    ]);
  });

  it("names every e-CF type in both languages", () => {
    for (const [type, names] of Object.entries(ECF_TYPES)) {
      expect(Object.keys(names).sort(), type).toEqual(["en", "es"]);
      expect(names.es.trim(), type).not.toBe("");
      expect(names.en.trim(), type).not.toBe("");
      expect(names.en, type).not.toBe(names.es);
    }
  });
});
