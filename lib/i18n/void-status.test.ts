import { describe, expect, it } from "vitest";

import { en } from "./en";
import { es } from "./es";
import { voidStatusMeaning } from "./void-status";

describe("voidStatusMeaning: a rejection for the certificate", () => {
  const delegation =
    "El RNC del certificado no está delegado para realizar transacciones para el RNC: 130000001";

  it("tells the clerk to check the certificate, not to correct the ranges (es and en)", () => {
    const spanish = voidStatusMeaning(es.voidStatus, "Rechazado", null, [delegation]).meaning ?? "";
    expect(spanish).toContain("Revise el certificado activo");
    expect(spanish).toContain("No cambie los rangos");
    expect(spanish).not.toContain("corrija");
    const english = voidStatusMeaning(en.voidStatus, "Rechazado", null, [delegation]).meaning ?? "";
    expect(english).toContain("Check the active certificate");
  });

  it("keeps the ranges' advice for any other rejection", () => {
    const used = ["Las secuencias que está intentando anular han sido utilizadas: E310000000003"];
    expect(voidStatusMeaning(es.voidStatus, "Rechazado", null, used).meaning).toBe(
      es.voidStatus.meanings.Rechazado,
    );
    expect(voidStatusMeaning(es.voidStatus, "Rechazado").meaning).toBe(es.voidStatus.meanings.Rechazado);
  });
});
