import { describe, expect, it } from "vitest";

import { statedEstado } from "./dgii-estado";

describe("statedEstado: the status a DGII answer states", () => {
  it("keeps a state the table does not list verbatim, never the codigo's word", () => {
    expect(statedEstado("Rechazado", { codigo: 2, estado: "Anulado" })).toBe("Anulado");
    expect(statedEstado("Aceptado", { Codigo: "1", Estado: "Aceptado por Rango" })).toBe(
      "Aceptado por Rango",
    );
  });

  it("spells the table's word when DGII wrote the same one, or none", () => {
    expect(statedEstado("Aceptado Condicional", { estado: "aceptado  condicional " })).toBe(
      "Aceptado Condicional",
    );
    expect(statedEstado("En Proceso", { codigo: 3 })).toBe("En Proceso");
    expect(statedEstado("En Proceso", { estado: "  " })).toBe("En Proceso");
    expect(statedEstado("Aceptado", null)).toBe("Aceptado");
    expect(statedEstado("Aceptado", { estado: 1 })).toBe("Aceptado");
  });
});
