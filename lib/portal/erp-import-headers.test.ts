import { describe, expect, it } from "vitest";

import { ERP_FIELDS, guessMapping, mapErpRows } from "@/lib/domain/erp-import";
import { getDictionary } from "@/lib/i18n";

/**
 * The ERP import recognises every header the app itself writes: its own field labels (both
 * languages, as a clerk would copy them into a template) and the documents export's columns. A
 * label the guess missed used to fall to "(no importar)", and the issue dates were silently lost.
 */
describe("the ERP import maps the app's own headers", () => {
  for (const locale of ["es", "en"] as const) {
    it(`maps each field's own label (${locale}) to its column`, () => {
      const labels = getDictionary(locale).erpImport.fields;
      const headers = ERP_FIELDS.map((field) => labels[field]);
      const mapping = guessMapping(headers);
      for (const [index, field] of ERP_FIELDS.entries())
        expect(mapping[field], `${locale} ${field}`).toBe(index);
    });

    it(`maps the documents export's columns (${locale}) that are import fields`, () => {
      const f = getDictionary(locale).documents.fields;
      const headers = [f.ncf, f.status, f.documentType, f.buyerRnc, f.invoiceTotal, f.securityCode];
      expect(guessMapping(headers)).toMatchObject({
        ncf: 0,
        status: 1,
        buyerRnc: 3,
        invoiceTotal: 4,
        securityCode: 5,
      });
    });
  }

  it("keeps the issue date of a file headed with the app's label, and refuses an impossible one per row", () => {
    const labels = getDictionary("es").erpImport.fields;
    const mapping = guessMapping([labels.ncf, labels.fechaEmision]);
    const { records, errors } = mapErpRows(
      [
        ["E310000000010", "15-11-2026"],
        ["E310000000011", "31-02-2026"],
      ],
      mapping,
    );
    expect(records).toEqual([expect.objectContaining({ ncf: "E310000000010", fechaEmision: "15-11-2026" })]);
    expect(errors).toEqual([
      expect.objectContaining({ row: 3, field: "fechaEmision", problem: "invalidDate" }),
    ]);
  });
});
