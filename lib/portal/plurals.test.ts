import { describe, expect, it } from "vitest";

import { erpImportedMessage } from "./erp-import-messages";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";
import { format, plural } from "@/lib/i18n";

/**
 * Each count takes its own form ("45 nuevos, 1 actualizado", never "1 actualizados"): the sentences
 * that hold more than one count, and the counts that are often 1.
 */
describe("counts in their singular and plural", () => {
  it("the ERP import's outcome, each of its three counts on its own", () => {
    expect(erpImportedMessage(es.erpImport, { total: 46, created: 45, updated: 1 }, "es")).toBe(
      "Importados 46 e-CF: 45 nuevos, 1 actualizado.",
    );
    expect(erpImportedMessage(es.erpImport, { total: 1, created: 1, updated: 0 }, "es")).toBe(
      "Importado 1 e-CF: 1 nuevo, 0 actualizados.",
    );
    expect(erpImportedMessage(en.erpImport, { total: 1_200, created: 1_199, updated: 1 }, "en")).toBe(
      "Imported 1,200 e-CF: 1,199 new, 1 updated.",
    );
  });

  it("the ledger's numbers outside every authorization", () => {
    const s = es.sequences.inventory;
    const outside = (issued: number, voided: number) =>
      format(s.outside, {
        issued: plural(s.outsideIssued, issued, "es"),
        voided: plural(s.outsideVoided, voided, "es"),
      });
    expect(outside(1, 3)).toBe("Fuera de toda autorización: 1 emitido, 3 anulados");
    expect(outside(2, 1)).toBe("Fuera de toda autorización: 2 emitidos, 1 anulado");
  });

  it("an authorization expiring in one day, and a webhook delivered at the first attempt", () => {
    expect(plural(es.sequences.inventory.alertLabels.EXPIRING, 1, "es")).toBe("Vence en 1 día");
    expect(plural(en.sequences.inventory.alertLabels.EXPIRING, 3, "en")).toBe("Expires in 3 days");
    const delivery = { url: "https://erp.example/hooks", status: es.documentPage.deliveryStatus.delivered };
    expect(plural(es.documentPage.delivery, 1, "es", delivery)).toBe(
      "https://erp.example/hooks: entregado (1 intento)",
    );
    expect(plural(en.documentPage.delivery, 2, "en", delivery)).toContain("(2 attempts)");
  });

  it("the history's place among all voids, one void or many", () => {
    expect(plural(es.voids.pageRange, 1, "es", { from: "1", to: "1" })).toBe("1–1 de 1 anulación");
    expect(plural(es.voids.pageRange, 134, "es", { from: "26", to: "50" })).toBe("26–50 de 134 anulaciones");
  });
});
