import { describe, expect, it } from "vitest";

import { en } from "./en";
import { es } from "./es";
import { voidStatusLabel, voidStatusMeaning, type VoidStatusFacts } from "./void-status";

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

describe("voidStatusLabel: every combination of a record's facts", () => {
  const STATUSES = ["Aceptado", "Rechazado", "Error"] as const;
  const ERROR_CODES = [undefined, null, "INTERRUPTED", "SOMETHING_NEW"] as const;
  const SETTLED = [undefined, null, "hand", "resend"] as const;

  /** The expected words, spelled out rule by rule (the order: reason, parcial, settlement, revisar). */
  function expected(texts: typeof es.voidStatus, status: (typeof STATUSES)[number], facts: VoidStatusFacts) {
    const marks: string[] = [];
    if (status === "Error" && facts.errorCode === "INTERRUPTED") marks.push(texts.reasons.INTERRUPTED);
    if (status === "Aceptado" && facts.partial) marks.push(texts.partial.mark);
    if (status !== "Error" && facts.settledBy) marks.push(texts.settledBy[facts.settledBy]);
    if (facts.needsReview) marks.push(texts.needsReview);
    return [texts.labels[status], ...marks].join(" · ");
  }

  for (const [language, texts] of [
    ["es", es.voidStatus],
    ["en", en.voidStatus],
  ] as const) {
    it(`words all ${STATUSES.length * ERROR_CODES.length * 2 * SETTLED.length * 2} of them in ${language}`, () => {
      const seen = new Set<string>();
      for (const status of STATUSES)
        for (const errorCode of ERROR_CODES)
          for (const partial of [false, true])
            for (const settledBy of SETTLED)
              for (const needsReview of [false, true]) {
                const facts = { errorCode, partial, settledBy, needsReview };
                const label = voidStatusLabel(texts, status, facts);
                expect(label, JSON.stringify({ status, ...facts })).toBe(expected(texts, status, facts));
                expect(label).not.toMatch(/\{|\}|undefined|null| · $|·  ·/);
                seen.add(label);
              }
      expect(seen.has(expected(texts, "Aceptado", {}))).toBe(true);
    });
  }

  it("says a settlement and a review in words, in both languages", () => {
    expect(voidStatusLabel(es.voidStatus, "Aceptado", { settledBy: "hand" })).toBe(
      "Aceptado · confirmada a mano",
    );
    expect(voidStatusLabel(en.voidStatus, "Rechazado", { settledBy: "hand", needsReview: true })).toBe(
      "Rejected · settled by hand · review",
    );
    expect(
      voidStatusLabel(es.voidStatus, "Aceptado", { partial: true, settledBy: "resend", needsReview: true }),
    ).toBe("Aceptado · parcial · por reenvío · revisar");
    expect(
      voidStatusLabel(es.voidStatus, "Error", { errorCode: "TAXAUTH_VOID_ERROR", settledBy: "hand" }),
    ).toBe("Error · sin respuesta de la DGII");
    expect(voidStatusLabel(en.voidStatus, "Aceptado")).toBe("Accepted");
  });
});
