import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ECF_RULES } from "./rule-table";

const folder = fileURLToPath(new URL(".", import.meta.url));
const ruleSources = readdirSync(folder)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "rule-table.ts")
  .map((name) => readFileSync(`${folder}/${name}`, "utf8"))
  .join("\n");

describe("the rule table", () => {
  const rows = Object.entries(ECF_RULES);

  it.each(rows)("%s names a DGII source with its section, page or field", (_, rule) => {
    expect(rule.source).toMatch(/^(IT|FORMATO|XSD|RFCE)\b/);
    // A source is a place in the document, not just its name.
    expect(rule.source).toMatch(/(§\s?\d|p\.\s?\d|pp\.\s?\d|campos?\s\d|sección\s[A-F]|minOccurs|Type)/);
    expect(rule.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(rule.description.length).toBeGreaterThan(20);
  });

  it.each(rows)("%s is applied by a rule module (no row without a check)", (id) => {
    expect(ruleSources).toMatch(new RegExp(`(ruleError\\(\\s*|rule: )"${id}"`));
  });

  it("reports MSeller's codes for the two it documents", () => {
    expect(ECF_RULES.TIPO_MATCHES_ENCF.code).toBe("TIPO_ECF_MISMATCH");
    expect(ECF_RULES.TOTALS_BY_RATE.code).toBe("AMOUNT_MISMATCH");
  });
});
