import { describe, expect, it } from "vitest";

import { ERROR_STATUS } from "@/lib/errors/error-codes";

import { en } from "./en";
import { errorMessage } from "./error-message";
import { es } from "./es";
import { format, formatCurrency, formatNumber, getDictionary, plural, type Plural } from "./index";
import { voidStatusLabel, voidStatusMeaning } from "./void-status";

/** Every leaf path of a dictionary, e.g. "voids.columns.fecha" or "voidTool.editor.linesCount.one". */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

const lookup = (root: unknown, path: string) =>
  path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as string;
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(",");

/** The plural messages of a dictionary: objects with exactly the keys one and other. */
function plurals(value: unknown, prefix = ""): Array<[string, Plural]> {
  if (typeof value !== "object" || value === null) return [];
  const keys = Object.keys(value).sort().join(",");
  if (keys === "one,other") return [[prefix, value as Plural]];
  return Object.entries(value).flatMap(([key, child]) => plurals(child, prefix ? `${prefix}.${key}` : key));
}

describe("one catalogue per language", () => {
  it("has the same keys in Spanish and English, with no empty string", () => {
    expect(leafPaths(en).sort()).toEqual(leafPaths(es).sort());
    for (const dictionary of [es, en]) {
      const texts = JSON.stringify(dictionary);
      expect(texts).not.toContain('""');
    }
  });

  it("uses the same placeholders in both languages", () => {
    for (const path of leafPaths(es)) {
      expect(placeholders(lookup(en, path)), path).toBe(placeholders(lookup(es, path)));
    }
  });

  it("fails on a key or a placeholder that differs (the check itself)", () => {
    const broken = { ...es, voids: { ...es.voids, title: "Void history {count}" } };
    const differing = leafPaths(es).filter(
      (path) => placeholders(lookup(broken, path)) !== placeholders(lookup(es, path)),
    );
    expect(differing).toEqual(["voids.title"]);
    const missing = {
      ...en,
      common: Object.fromEntries(Object.entries(en.common).filter(([k]) => k !== "appName")),
    };
    expect(leafPaths(missing).sort()).not.toEqual(leafPaths(es).sort());
    const extra = { ...en, common: { ...en.common, added: "x" } };
    expect(leafPaths(extra).sort()).not.toEqual(leafPaths(es).sort());
  });

  it("has plural messages in both languages, the other form writing {count}", () => {
    const found = plurals(es);
    expect(found.map(([path]) => path)).toEqual(plurals(en).map(([path]) => path));
    expect(found.length).toBeGreaterThanOrEqual(10);
    for (const [path, message] of [...found, ...plurals(en)])
      expect(message.other, path).toContain("{count}");
  });

  it("pluralizes every message whose words follow {count}", () => {
    /**
     * Messages where {count} is a bare figure (a parenthesis, "N de M", an invariable noun such as
     * e-NCF/e-CF, or a count always over 100): no word agrees with it.
     */
    const INVARIABLE = new Set([
      "documents.tooMany",
      "voidTool.editor.quantityMismatch",
      "voidTool.summary.typesUsed",
      "voidTool.summary.rangesOfType",
      "voidTool.actions.tooLarge",
      "voidTool.warnings.usedMore",
      "voidTool.warnings.usedMoreCapped",
      "voidTool.warnings.outside",
      "voidTool.result.typeCount",
      "voidStatus.partial.voided",
      "voidStatus.partial.excepted",
      "erpImport.submit",
    ]);
    const singular = (dictionary: unknown) => {
      const pluralPaths = new Set(plurals(dictionary).map(([path]) => path));
      return leafPaths(dictionary).filter(
        (path) =>
          lookup(dictionary, path).includes("{count}") &&
          !pluralPaths.has(path.replace(/\.(one|other)$/, "")) &&
          !INVARIABLE.has(path),
      );
    };
    expect(singular(es)).toEqual([]);
    expect(singular(en)).toEqual([]);
    // The check itself: a counted message written as one string is found.
    const broken = {
      ...es,
      sequences: { ...es.sequences, gaps: { ...es.sequences.gaps, more: "{count} huecos" } },
    };
    expect(singular(broken)).toEqual(["sequences.gaps.more"]);
  });

  it("says 1 authorization, 1 row and 1 gap in the singular", () => {
    expect(plural(es.sequences.authorizations.csvCreated, 1, "es")).toBe("Registrada 1 autorización.");
    expect(plural(es.sequences.authorizations.csvCreated, 3, "es")).toBe("Registradas 3 autorizaciones.");
    expect(plural(en.sequences.authorizations.csvCreated, 1, "en")).toBe("Entered 1 authorization.");
    expect(plural(es.erpImport.previewCaption, 1, "es")).toBe("La fila tal como se importará");
    expect(plural(en.erpImport.previewCaption, 20, "en")).toBe("First 20 rows as they will be imported");
    expect(plural(es.sequences.gaps.more, 1, "es")).toBe("Se muestra el primer hueco.");
    expect(plural(es.finding.search.truncated, 5000, "es")).toContain("los 5,000 intentos");
  });

  it("words every error code of lib/errors in both languages", () => {
    const codes = Object.keys(ERROR_STATUS).sort();
    expect(codes.filter((code) => !es.appErrors[code])).toEqual([]);
    expect(codes.filter((code) => !en.appErrors[code])).toEqual([]);
  });

  it("defaults to Spanish and switches to English", () => {
    expect(getDictionary("es").shell.history).toBe("Historial de anulaciones");
    expect(getDictionary("en").shell.history).toBe("Void history");
  });
});

describe("plurals and formats", () => {
  it("never says '1 líneas' or 'Anular 1 secuencias'", () => {
    expect(plural(es.voidTool.editor.linesCount, 1, "es")).toBe("1 línea");
    expect(plural(es.voidTool.editor.linesCount, 2, "es")).toBe("2 líneas");
    expect(plural(es.voidTool.confirm.submit, 1, "es")).toBe("Anular 1 secuencia");
    expect(plural(es.voidTool.confirm.submit, 12_000, "es")).toBe("Anular 12,000 secuencias");
    expect(plural(en.voidTool.confirm.submit, 1, "en")).toBe("Void 1 sequence");
    expect(plural(en.voidTool.summary.blank, 0, "en")).toBe("0 empty lines (ignored)");
  });

  it("takes the other form for Spanish 'many' (1,000,000)", () => {
    expect(plural(es.voidTool.confirm.submit, 1_000_000, "es")).toBe("Anular 1,000,000 secuencias");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(format("Anulación {voidId} en {env}", { voidId: "abc" })).toBe("Anulación abc en {env}");
  });

  it("groups thousands with commas in both languages", () => {
    expect(formatNumber(10000, "es")).toBe("10,000");
    expect(formatNumber(1180, "en", 2)).toBe("1,180.00");
  });

  it("writes Dominican pesos as each language does", () => {
    expect(formatCurrency(118000, "es")).toBe("RD$118,000.00");
    // Intl writes a no-break space after the code: the amount never wraps apart.
    expect(formatCurrency(118000, "en").replace(/\s/g, " ")).toBe("DOP 118,000.00");
  });
});

describe("a void's status is worded once", () => {
  it("labels the spec's three values and an Error's reason", () => {
    expect(voidStatusLabel(es.voidStatus, "Aceptado")).toBe("Aceptado");
    expect(voidStatusLabel(en.voidStatus, "Rechazado")).toBe("Rejected");
    expect(voidStatusLabel(es.voidStatus, "Error", { errorCode: "INTERRUPTED" })).toBe(
      "Error · interrumpida",
    );
    expect(voidStatusLabel(en.voidStatus, "Error", { errorCode: "INTERRUPTED" })).toBe("Error · interrupted");
    expect(voidStatusLabel(es.voidStatus, "Error", { errorCode: "SOMETHING_NEW" })).toBe("Error");
  });

  it("says what each status means, and never 'do not resend' for a void that was not sent", () => {
    expect(voidStatusMeaning(es.voidStatus, "Rechazado").meaning).toContain("ninguna secuencia fue anulada");
    const notSent = voidStatusMeaning(es.voidStatus, "Error", "TAXAUTH_AUTH_ERROR");
    expect(notSent.meaning).toBeNull();
    expect(notSent.reason).toContain("no se envió");
    expect(voidStatusMeaning(en.voidStatus, "Error", "TAXAUTH_VOID_ERROR").meaning).toContain("resend");
  });
});

describe("server errors in the portal's language", () => {
  const expired = {
    code: "CERTIFICATE_EXPIRED",
    message: "El certificado venció el 01-01-2025.",
    status: 400,
  };

  it("keeps the server's Spanish for a Spanish reader (it names the values)", () => {
    expect(errorMessage(expired, "es")).toBe(expired.message);
  });

  it("words the code in English for an English reader", () => {
    expect(errorMessage(expired, "en")).toBe("The certificate has expired: upload a valid one.");
  });

  it("keeps a message the server already wrote in the reader's language", () => {
    const validation = { code: "INVALID_ENCF_LENGTH", message: "Line 1: …", status: 400 };
    expect(errorMessage(validation, "en", "en")).toBe("Line 1: …");
  });

  it("keeps DGII's 503 wording for a Spanish reader (when the window ends)", () => {
    const window = { code: "TAXAUTH_UNAVAILABLE", message: "… hasta el 01-12-2026 06:00 …", status: 503 };
    expect(errorMessage(window, "es")).toBe(window.message);
    expect(errorMessage(window, "en")).toBe(en.appErrors.TAXAUTH_UNAVAILABLE);
  });

  it("never shows a 500's internal text, and falls back for an unknown code", () => {
    expect(errorMessage({ code: "SIGN_ERROR", message: "xml-crypto: boom", status: 500 }, "es")).toBe(
      es.appErrors.SIGN_ERROR,
    );
    expect(errorMessage({ code: "NO_SUCH_CODE", message: "x", status: 500 }, "en")).toBe(
      en.appErrors.INTERNAL_ERROR,
    );
  });
});
