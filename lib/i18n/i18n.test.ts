import { describe, expect, it } from "vitest";

import { en } from "./en";
import { es } from "./es";
import { format, formatNumber, getDictionary } from "./index";

/** Every leaf path of a dictionary, e.g. "voids.columns.fecha". */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe("i18n", () => {
  it("has the same keys in Spanish and English, with no empty string", () => {
    expect(leafPaths(en).sort()).toEqual(leafPaths(es).sort());
    for (const dictionary of [es, en]) {
      const texts = JSON.stringify(dictionary);
      expect(texts).not.toContain('""');
    }
  });

  it("uses the same placeholders in both languages", () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(",");
    const lookup = (root: unknown, path: string) =>
      path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as string;
    for (const path of leafPaths(es)) {
      expect(placeholders(lookup(en, path)), path).toBe(placeholders(lookup(es, path)));
    }
  });

  it("defaults to Spanish and switches to English", () => {
    expect(getDictionary("es").shell.history).toBe("Historial de anulaciones");
    expect(getDictionary("en").shell.history).toBe("Void history");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(format("Anulación {voidId} en {env}", { voidId: "abc" })).toBe("Anulación abc en {env}");
  });

  it("groups thousands with commas in both languages", () => {
    expect(formatNumber(10000, "es")).toBe("10,000");
    expect(formatNumber(1180, "en", 2)).toBe("1,180.00");
  });
});
