import { describe, expect, it } from "vitest";

import { VOID_REASON_CODES, VOID_REASON_DGII_NAMES } from "@/lib/domain/void-reasons";

import { en } from "./en";
import { es } from "./es";

/** The reasons' labels: every 608 code named in both languages, Spanish in DGII's words. */
describe("void reason labels", () => {
  it("name each of DGII's ten codes in Spanish (DGII's wording) and English, and nothing else", () => {
    for (const code of VOID_REASON_CODES) {
      expect(es.voidReasons.names[code]).toBe(VOID_REASON_DGII_NAMES[code]);
      expect(en.voidReasons.names[code]).toMatch(/\w/);
      expect(en.voidReasons.names[code]).not.toBe(es.voidReasons.names[code]);
    }
    // "10" is an integer-like key: compared sorted.
    expect(Object.keys(es.voidReasons.names).sort()).toEqual([...VOID_REASON_CODES]);
    expect(Object.keys(en.voidReasons.names).sort()).toEqual([...VOID_REASON_CODES]);
    expect(es.voidReasons.none).toBe("Sin motivo");
    expect(en.voidReasons.none).toBe("No reason");
  });

  it("are the void tool's own slice too (one catalogue, no copy)", () => {
    expect(es.voidTool.reasons).toBe(es.voidReasons);
    expect(en.voidTool.reasons).toBe(en.voidReasons);
  });
});
