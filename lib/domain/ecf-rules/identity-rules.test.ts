import { describe, expect, it } from "vitest";
import { checkEcfRules } from "./check-ecf-rules";
import { codesAt, invoice31, set } from "./testing/documents";

describe("e-NCF and TipoeCF", () => {
  it("a consistent document has no problem", () => {
    expect(checkEcfRules(invoice31(), { today: "2026-12-01" })).toEqual([]);
  });

  it("TipoeCF contradicting the e-NCF's type is TIPO_ECF_MISMATCH on TipoeCF, naming the expected type", () => {
    const errors = checkEcfRules(set(invoice31(), "Encabezado.IdDoc.TipoeCF", 32));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: "TIPO_ECF_MISMATCH",
      field: "ECF.Encabezado.IdDoc.TipoeCF",
      name: "TipoeCF",
    });
    expect(errors[0]!.details).toContain("debe ser 31");
    expect(errors[0]!.details).toContain("se recibió 32");
  });

  it.each([
    ["E31000000001", "13 posiciones"],
    ["P310000000001", "serie"],
    ["E990000000001", "tipo de e-CF válido"],
    ["E310000000000", "0000000000"],
  ])("a malformed e-NCF %s is INVALID_ENCF on eNCF", (encf, hint) => {
    const errors = checkEcfRules(set(invoice31(), "Encabezado.IdDoc.eNCF", encf));
    expect(codesAt(errors)).toEqual(["INVALID_ENCF ECF.Encabezado.IdDoc.eNCF"]);
    expect(errors[0]!.details).toContain(hint);
  });
});

describe("sequence expiry", () => {
  it("a sequence expired before today is SECUENCIA_VENCIDA; the expiry day itself is still valid", () => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.FechaVencimientoSecuencia", "30-11-2026");
    set(ecf, "Encabezado.Emisor.FechaEmision", "30-11-2026");
    expect(checkEcfRules(ecf, { today: "2026-11-30" })).toEqual([]);
    expect(codesAt(checkEcfRules(ecf, { today: "2026-12-01" }))).toEqual([
      "SECUENCIA_VENCIDA ECF.Encabezado.IdDoc.FechaVencimientoSecuencia",
    ]);
    // Without today, only the document's own dates are compared.
    expect(checkEcfRules(ecf)).toEqual([]);
  });

  it("a FechaEmision after the sequence's expiry is SECUENCIA_VENCIDA", () => {
    const ecf = set(invoice31(), "Encabezado.IdDoc.FechaVencimientoSecuencia", "30-11-2026");
    expect(codesAt(checkEcfRules(ecf))).toEqual([
      "SECUENCIA_VENCIDA ECF.Encabezado.IdDoc.FechaVencimientoSecuencia",
    ]);
  });
});
