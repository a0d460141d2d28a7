import { describe, expect, it } from "vitest";

import { validateVoidRequest } from "./void-request";
import {
  isVoidReasonCode,
  reasonDraftProblems,
  reasonOfDraft,
  VOID_REASON_CODES,
  VOID_REASON_DGII_NAMES,
  voidReasonOf,
} from "./void-reasons";

const ranges = [{ secuenciaDesde: "E310000000001", secuenciaHasta: "E310000000002" }];

describe("DGII's 608 reason codes", () => {
  it("are the ten two-digit codes 01–10, each with DGII's name", () => {
    expect(VOID_REASON_CODES).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]);
    expect(VOID_REASON_DGII_NAMES["01"]).toBe("Deterioro de factura pre-impresa");
    expect(VOID_REASON_DGII_NAMES["08"]).toBe("Errores en secuencia de NCF");
    expect(VOID_REASON_DGII_NAMES["10"]).toBe("Pérdida o hurto de talonarios");
    expect(Object.keys(VOID_REASON_DGII_NAMES).sort()).toEqual([...VOID_REASON_CODES]);
  });

  it("isVoidReasonCode accepts only the codes as strings", () => {
    for (const code of VOID_REASON_CODES) expect(isVoidReasonCode(code)).toBe(true);
    for (const value of ["1", "00", "11", " 01", 1, null, undefined, {}, ["01"]]) {
      expect(isVoidReasonCode(value)).toBe(false);
    }
  });

  it("voidReasonOf reads a stored record: none without a valid code, never a default", () => {
    expect(voidReasonOf({ reasonCode: "04", reasonText: "Corrección" })).toEqual({
      code: "04",
      text: "Corrección",
    });
    expect(voidReasonOf({ reasonCode: "04", reasonText: null })).toEqual({ code: "04", text: null });
    expect(voidReasonOf({ reasonCode: null, reasonText: null })).toBeNull();
    expect(voidReasonOf({ reasonCode: "99", reasonText: "x" })).toBeNull();
  });
});

describe("validateVoidRequest with motivo", () => {
  it("puts each code and its trimmed text in the plan, and nothing when motivo is absent or null", () => {
    for (const codigo of VOID_REASON_CODES) {
      const result = validateVoidRequest({ ranges, motivo: { codigo, descripcion: "  texto  " } });
      expect(result.ok && result.plan.reason).toEqual({ code: codigo, text: "texto" });
    }
    for (const body of [{ ranges }, { ranges, motivo: null }]) {
      const result = validateVoidRequest(body);
      expect(result.ok).toBe(true);
      expect(result.ok && "reason" in result.plan).toBe(false);
    }
  });

  it("refuses a wrong motivo with INVALID_MOTIVO on field motivo, in Spanish and English", () => {
    const cases: Array<[unknown, RegExp, RegExp]> = [
      ["01", /motivo debe ser un objeto/, /motivo must be an object/],
      [[], /motivo debe ser un objeto/, /motivo must be an object/],
      [{}, /motivo\.codigo falta/, /motivo\.codigo is missing/],
      [{ codigo: 8 }, /motivo\.codigo "8" no es válido/, /motivo\.codigo "8" is not valid/],
      [{ codigo: "8" }, /"8" no es válido/, /"8" is not valid/],
      [{ codigo: "01", descripcion: [] }, /descripcion debe ser un texto/, /descripcion must be a string/],
      [{ codigo: "01", descripcion: "a".repeat(251) }, /tiene 251/, /it has 251/],
    ];
    for (const [motivo, spanish, english] of cases) {
      for (const [locale, message] of [
        ["es", spanish],
        ["en", english],
      ] as const) {
        const result = validateVoidRequest({ ranges, motivo }, { locale });
        expect(result.ok).toBe(false);
        if (result.ok) continue;
        expect(result.issues).toEqual([
          { field: "motivo", code: "INVALID_MOTIVO", message: expect.stringMatching(message) },
        ]);
      }
    }
  });

  it("accepts exactly 250 characters of text", () => {
    const result = validateVoidRequest({ ranges, motivo: { codigo: "01", descripcion: "a".repeat(250) } });
    expect(result.ok).toBe(true);
  });
});

describe("the portal's reason fields", () => {
  it("require the code and the text, and bound the text", () => {
    expect(reasonDraftProblems({ code: "", text: "" })).toEqual({ code: "missing", text: "missing" });
    expect(reasonDraftProblems({ code: "05", text: "   " })).toEqual({ text: "missing" });
    expect(reasonDraftProblems({ code: "11", text: "algo" })).toEqual({ code: "missing" });
    expect(reasonDraftProblems({ code: "05", text: "b".repeat(251) })).toEqual({ text: "tooLong" });
    expect(reasonDraftProblems({ code: "05", text: "Cambio" })).toEqual({});
    expect(reasonOfDraft({ code: "05", text: "  Cambio  " })).toEqual({ code: "05", text: "Cambio" });
    expect(reasonOfDraft({ code: "", text: "Cambio" })).toBeNull();
    expect(reasonOfDraft({ code: "05", text: "" })).toBeNull();
  });
});
