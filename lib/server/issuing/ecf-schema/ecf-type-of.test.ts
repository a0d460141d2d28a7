import { describe, expect, it } from "vitest";

import { ecfTypeOf } from "./ecf-type-of";

const body = (TipoeCF: unknown) => ({ ECF: { Encabezado: { IdDoc: { TipoeCF } } } });

describe("ecfTypeOf: which schema a body asks for", () => {
  it("reads TipoeCF given as a string or a number", () => {
    expect(ecfTypeOf(body("31"))).toEqual({ ok: true, type: "31" });
    expect(ecfTypeOf(body(32))).toEqual({ ok: true, type: "32" });
    expect(ecfTypeOf(body(" 47 "))).toEqual({ ok: true, type: "47" });
  });

  it("REQUIRED when absent, ENUMERATION when not a type, both at ECF.Encabezado.IdDoc.TipoeCF", () => {
    expect(ecfTypeOf({ ECF: {} })).toMatchObject({
      ok: false,
      errors: [{ code: "REQUIRED", field: "ECF.Encabezado.IdDoc.TipoeCF", name: "TipoeCF" }],
    });
    expect(ecfTypeOf(null)).toMatchObject({ ok: false, errors: [{ code: "REQUIRED" }] });
    expect(ecfTypeOf(body(30))).toMatchObject({
      ok: false,
      errors: [{ code: "ENUMERATION", field: "ECF.Encabezado.IdDoc.TipoeCF" }],
    });
    expect(ecfTypeOf(body({ value: 31 }))).toMatchObject({ ok: false, errors: [{ code: "ENUMERATION" }] });
  });
});
