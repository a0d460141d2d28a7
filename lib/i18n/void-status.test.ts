import { describe, expect, it } from "vitest";

import { en } from "./en";
import { es } from "./es";
import { errorCauseText, voidStatusLabel, voidStatusMeaning, type VoidStatusFacts } from "./void-status";

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

describe("voidStatusMeaning: an Error's next steps follow its reason", () => {
  /** A promise that the record moves by itself, which only a void still awaited may make. */
  const promisesAnAnswer = {
    es: /pasará solo a Aceptado o Rechazado/,
    en: /becomes Accepted or Rejected by itself/,
  };

  for (const [language, texts] of [
    ["es", es.voidStatus],
    ["en", en.voidStatus],
  ] as const) {
    const steps = (errorCode?: string | null) =>
      voidStatusMeaning(texts, "Error", errorCode).steps.join("\n");

    it(`${language}: INTERRUPTED never promises an answer; it sends the reader to DGII, then to record or resend`, () => {
      expect(steps("INTERRUPTED")).not.toMatch(promisesAnAnswer[language]);
      expect(steps("INTERRUPTED")).toMatch(language === "es" ? /Oficina Virtual/ : /Oficina Virtual/);
      expect(steps("INTERRUPTED")).toMatch(language === "es" ? /Registrar resultado/ : /Record the outcome/);
      expect(steps("INTERRUPTED")).toMatch(
        language === "es" ? /Reenviar el mismo documento/ : /Resend the same document/,
      );
    });

    it(`${language}: NOT_CONFIRMED is still awaited: wait, and send nothing else meanwhile`, () => {
      expect(steps("NOT_CONFIRMED")).toMatch(promisesAnAnswer[language]);
      expect(steps("NOT_CONFIRMED")).toMatch(
        language === "es" ? /No envíe otra anulación/ : /Do not send another void/,
      );
    });

    it(`${language}: TAXAUTH_AUTH_ERROR was never sent: fix the certificate, then send again`, () => {
      expect(steps("TAXAUTH_AUTH_ERROR")).not.toMatch(promisesAnAnswer[language]);
      expect(steps("TAXAUTH_AUTH_ERROR")).toMatch(language === "es" ? /certificado/ : /certificate/);
    });

    it(`${language}: TAXAUTH_VOID_ERROR may still be answered late, then is checked at DGII`, () => {
      expect(steps("TAXAUTH_VOID_ERROR")).toMatch(promisesAnAnswer[language]);
      expect(steps("TAXAUTH_VOID_ERROR")).toMatch(/Oficina Virtual/);
    });

    it(`${language}: an unknown or missing reason promises nothing; other statuses have no steps`, () => {
      for (const code of [undefined, null, "SOMETHING_NEW"]) {
        expect(steps(code)).not.toMatch(promisesAnAnswer[language]);
        expect(steps(code)).toMatch(/Oficina Virtual/);
      }
      expect(voidStatusMeaning(texts, "Aceptado").steps).toEqual([]);
      expect(voidStatusMeaning(texts, "Rechazado").steps).toEqual([]);
    });

    it(`${language}: every reason has its own steps`, () => {
      const reasons = Object.keys(texts.reasons);
      const all = reasons.map((code) => steps(code));
      expect(new Set(all).size).toBe(reasons.length);
    });
  }
});

describe("errorCauseText: why an Error, in words", () => {
  it("turns a network code into a sentence in the portal's language and keeps both codes small", () => {
    const stored = "Error de red con DGII: ECONNRESET";
    expect(errorCauseText(es.voidStatus, es.appErrors, "TAXAUTH_VOID_ERROR", stored)).toEqual({
      sentence: "La conexión con la DGII se cortó antes de que llegara su respuesta.",
      code: "TAXAUTH_VOID_ERROR · ECONNRESET",
    });
    expect(errorCauseText(en.voidStatus, en.appErrors, "TAXAUTH_VOID_ERROR", stored).sentence).toBe(
      "The connection to DGII was cut before its answer arrived.",
    );
    expect(
      errorCauseText(es.voidStatus, es.appErrors, "TAXAUTH_VOID_ERROR", "Error de red con DGII: EAI_AGAIN"),
    ).toMatchObject({ sentence: es.voidStatus.errorCauses.ENOTFOUND });
  });

  it("says a timeout as one, a known code by its meaning, anything else in a general line — never the code alone", () => {
    expect(
      errorCauseText(es.voidStatus, es.appErrors, "TAXAUTH_VOID_ERROR", "DGII no respondió en 25 s.")
        .sentence,
    ).toBe("La DGII no respondió a tiempo.");
    expect(errorCauseText(es.voidStatus, es.appErrors, "INTERRUPTED", null)).toEqual({
      sentence: es.voidStatus.reasonMeanings.INTERRUPTED,
      code: "INTERRUPTED",
    });
    expect(errorCauseText(en.voidStatus, en.appErrors, "SIGN_ERROR", "x").sentence).toBe(
      en.appErrors.SIGN_ERROR,
    );
    const unknown = errorCauseText(es.voidStatus, es.appErrors, "SOMETHING_NEW", "Fallo inesperado: boom");
    expect(unknown).toEqual({ sentence: es.voidStatus.errorCauses.other, code: "SOMETHING_NEW" });
  });
});
