import { describe, expect, it } from "vitest";

import {
  isPrintLayout,
  modificationCodeText,
  printedAmount,
  printedMarks,
  printedTypeName,
  totalsLines,
} from "./printed-ecf";

describe("printed e-CF (representación impresa)", () => {
  it("marks pending and rejected documents, and a declared contingency when asked", () => {
    expect(printedMarks("Pendiente de envío")).toEqual(["pending"]);
    expect(printedMarks("En Proceso")).toEqual(["pending"]);
    expect(printedMarks("Rechazado")).toEqual(["rejected"]);
    expect(printedMarks("Aceptado")).toEqual([]);
    expect(printedMarks("Aceptado Condicional")).toEqual([]);
    expect(printedMarks("Aceptado", { contingency: true })).toEqual(["contingency"]);
  });

  it("prints amounts as signed, grouped, never rounded", () => {
    expect(printedAmount("6000.5")).toBe("6,000.50");
    expect(printedAmount("1234567.125")).toBe("1,234,567.125");
    expect(printedAmount("-90")).toBe("-90.00");
    expect(printedAmount("0")).toBe("0.00");
  });

  it("lists the totals per ITBIS rate in DGII's order, only those present", () => {
    const lines = totalsLines({
      MontoGravadoTotal: "6000.50",
      MontoGravadoI1: "6000.50",
      MontoExento: "900",
      ITBIS1: "18",
      TotalITBIS: "1080.09",
      TotalITBIS1: "1080.09",
      MontoTotal: "7980.59",
      TotalISRRetencion: "10",
    });
    expect(lines.map((line) => `${line.label} ${line.amount}${line.strong ? " *" : ""}`)).toEqual([
      "Monto gravado ITBIS 18% 6,000.50",
      "Subtotal Gravado 6,000.50",
      "Subtotal Exento 900.00",
      "ITBIS 18% 1,080.09",
      "Total ITBIS 1,080.09",
      "Total 7,980.59 *",
      "ISR retenido 10.00",
    ]);
  });

  it("names every type and modification code in words; layouts are letter and receipt", () => {
    for (const tipo of ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"]) {
      expect(printedTypeName(tipo)).toMatch(/Electr[oó]nic[ao]$/);
    }
    expect(printedTypeName("31")).toBe("Factura de Crédito Fiscal Electrónica");
    expect(modificationCodeText("1")).toBe("1 - Anula el NCF modificado");
    expect(isPrintLayout("receipt")).toBe(true);
    expect(isPrintLayout("a4")).toBe(false);
  });
});
