import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { REMEDY_CHECKS, REMEDY_KINDS, type Remedy, type RemedyCheck } from "@/lib/domain/remedy";
import type { Locale } from "@/lib/domain/locale";
import { getDictionary } from "@/lib/i18n";

import { readRemedyQuery, readRemedySecurityCode, remedyView, unmetText, UNMET_REASONS } from "./remedy-view";

/**
 * The remedy in words: every kind, every unmet-check code and every check result has its own words
 * in Spanish and English (a code with none fails here), and ?encf= is read with the API's schema.
 */

const AT = Date.UTC(2026, 11, 7, 14, 0, 0); // 07-12-2026 10:00:00 in Santo Domingo
const ENCF = "E310000000005";
const LOCALES: Locale[] = ["es", "en"];
const base = {
  encf: ENCF,
  checkedAt: AT,
  checks: [{ check: "ledger", result: "held", at: AT, reason: "issued" }] as RemedyCheck[],
};

const SAMPLES: Record<(typeof REMEDY_KINDS)[number], Remedy> = {
  void: { ...base, kind: "void", proven: "salto" },
  "credit-note": {
    ...base,
    kind: "credit-note",
    estado: "Aceptado",
    creditNote: {
      tipoeCF: "34",
      NCFModificado: ENCF,
      FechaNCFModificado: "01-11-2026",
      CodigoModificacion: 1,
      IndicadorNotaCredito: 1,
      daysSinceOriginal: 36,
    },
    amount: {
      original: "1180.00",
      credited: "180.00",
      remaining: "1000.00",
      creditNotes: [{ encf: "E340000000002", status: "Aceptado", total: "180.00" }],
    },
  },
  reissue: { ...base, kind: "reissue", estado: "Rechazado" },
  "reissue-replace": { ...base, kind: "reissue-replace", estado: "Rechazado" },
  wait: { ...base, kind: "wait", waitingFor: "dgii-verdict", askAgainAt: AT + 300_000 },
  voided: { ...base, kind: "voided", voidId: "void-123" },
  "settle-void": { ...base, kind: "settle-void", voidId: "void-456" },
  unknown: { ...base, kind: "unknown", confirmIn: "erp", unmet: [{ check: "dgii", reason: "NOT_ASKABLE" }] },
};

describe.each(LOCALES)("remedyView (%s)", (locale) => {
  const t = getDictionary(locale);

  it.each(REMEDY_KINDS)("%s: a headline of its own, what to do, the checks with when", (kind) => {
    const view = remedyView(SAMPLES[kind], t, locale);
    expect(view.headline).toBe(t.remedy.headline[kind]);
    expect(view.headline.length).toBeGreaterThan(10);
    expect(view.paragraphs.length).toBeGreaterThan(0);
    for (const text of [...view.paragraphs, view.answeredAt, view.title, ...view.links.map((l) => l.label)]) {
      expect(text).not.toMatch(/\{\w+\}/);
    }
    expect(view.checks).toEqual([
      {
        check: "ledger",
        name: t.remedy.checks.names.ledger,
        result: t.remedy.checks.results.ledger.held.replace("{source}", t.documents.sources.issued),
        at: "07-12-2026 10:00:00",
      },
    ]);
  });

  it("the headlines differ per kind", () => {
    expect(new Set(REMEDY_KINDS.map((kind) => t.remedy.headline[kind])).size).toBe(REMEDY_KINDS.length);
  });

  it("void: offers the void tool, nothing else", () => {
    const view = remedyView(SAMPLES.void, t, locale);
    expect(view.offersVoid).toBe(true);
    expect(view.paragraphs[0]).toBe(t.remedy.void.proven.salto);
    expect(remedyView({ ...base, kind: "void", proven: "vencida" }, t, locale).paragraphs[0]).toBe(
      t.remedy.void.proven.vencida,
    );
    for (const kind of REMEDY_KINDS.filter((k) => k !== "void")) {
      expect(remedyView(SAMPLES[kind], t, locale).offersVoid).toBe(false);
    }
  });

  it("credit note: the fields it would carry, the indicator's meaning, days and the amount left", () => {
    const view = remedyView(SAMPLES["credit-note"], t, locale);
    const facts = Object.fromEntries(view.facts.map((fact) => [fact.key, fact.value]));
    expect(facts).toMatchObject({
      tipoeCF: t.remedy.creditNote.tipo34,
      NCFModificado: ENCF,
      FechaNCFModificado: "01-11-2026",
      CodigoModificacion: t.remedy.creditNote.codigo1,
      IndicadorNotaCredito: t.remedy.creditNote.indicator.after,
      daysSince: locale === "es" ? "36 días" : "36 days",
    });
    expect(facts.remaining).toContain("1,000.00");
    expect(facts.original).toContain("1,180.00");
    expect(view.earlier).toHaveLength(1);
    expect(view.earlier[0]).toContain("E340000000002");
    expect(view.links.map((link) => link.href)).toEqual([`/documents/${ENCF}`]);

    const within = remedyView(
      {
        ...SAMPLES["credit-note"],
        creditNote: {
          ...(SAMPLES["credit-note"] as { creditNote: object }).creditNote,
          IndicadorNotaCredito: 0,
        },
      } as Remedy,
      t,
      locale,
    );
    expect(within.facts.find((fact) => fact.key === "IndicadorNotaCredito")!.value).toBe(
      t.remedy.creditNote.indicator.within,
    );
  });

  it("credit note with nothing known: says so, and says when nothing is left to credit", () => {
    const sample = SAMPLES["credit-note"] as Extract<Remedy, { kind: "credit-note" }>;
    const unknown = remedyView(
      {
        ...sample,
        creditNote: {
          ...sample.creditNote,
          FechaNCFModificado: null,
          IndicadorNotaCredito: null,
          daysSinceOriginal: null,
        },
        amount: { original: null, credited: "0.00", remaining: null, creditNotes: [] },
      },
      t,
      locale,
    );
    for (const key of ["FechaNCFModificado", "IndicadorNotaCredito", "daysSince", "original", "remaining"]) {
      expect(unknown.facts.find((fact) => fact.key === key)!.value).toBe(t.remedy.creditNote.unknownValue);
    }
    const spent = remedyView({ ...sample, amount: { ...sample.amount, remaining: "0.00" } }, t, locale);
    expect(spent.paragraphs).toContain(t.remedy.creditNote.fullyCredited);
  });

  it("wait: why for each thing waited for, when to ask again, and where to look", () => {
    for (const waitingFor of ["dgii-verdict", "dgii-reception", "person", "void-approval"] as const) {
      const view = remedyView(
        { ...base, kind: "wait", waitingFor, askAgainAt: null, reviewReason: "CANNOT_ASK_DGII" },
        t,
        locale,
      );
      expect(view.paragraphs[0]).not.toMatch(/\{\w+\}/);
      expect(view.paragraphs[1]).toBe(t.remedy.wait.askAgainLater);
      if (waitingFor === "person") {
        expect(view.paragraphs[0]).toContain(t.voidSettle.issued.reasons.CANNOT_ASK_DGII);
      }
    }
    expect(remedyView(SAMPLES.wait, t, locale).paragraphs[1]).toContain("07-12-2026 10:05:00");
  });

  it("voided links to the void; settle-void to the pending voids and the void", () => {
    expect(remedyView(SAMPLES.voided, t, locale).links).toEqual([
      expect.objectContaining({ href: "/voids/void-123", testId: "remedy-void-link" }),
    ]);
    const noId = remedyView({ ...base, kind: "voided", voidId: null }, t, locale);
    expect(noId.links).toEqual([]);
    expect(noId.paragraphs).toContain(t.remedy.voided.noVoid);
    expect(remedyView(SAMPLES["settle-void"], t, locale).links.map((link) => link.href)).toEqual([
      "/voids/pending",
      "/voids/void-456",
    ]);
  });

  it.each(UNMET_REASONS)("unknown: the unmet code %s has its own words", (reason) => {
    const words = (t.remedy.unknown.reasons as Record<string, string>)[reason];
    expect(words, reason).toBeTruthy();
    const view = remedyView(
      { ...base, kind: "unknown", confirmIn: "erp", unmet: [{ check: "dgii", reason }] },
      t,
      locale,
    );
    expect(view.unmet).toEqual([{ check: "dgii", reason, text: words }]);
    expect(view.paragraphs[0]).toBe(t.remedy.unknown.intro);
  });

  it("an unmet code the portal does not know is named, never dropped", () => {
    expect(unmetText("SOMETHING_NEW", t.remedy)).toContain("SOMETHING_NEW");
  });

  it("every check and each of its results has words", () => {
    expect(Object.keys(t.remedy.checks.names).sort()).toEqual([...REMEDY_CHECKS].sort());
    for (const check of REMEDY_CHECKS) {
      for (const [result, words] of Object.entries(t.remedy.checks.results[check])) {
        expect(words, `${check} ${result}`).toBeTruthy();
        const view = remedyView({ ...SAMPLES.void, checks: [{ check, result, at: null }] }, t, locale);
        expect(view.checks[0]!.result).toBe(words.replace("{source}", "—"));
        expect(view.checks[0]!.at).toBe(t.remedy.checks.never);
      }
    }
  });
});

describe("every unmet code the domain gives is known here", () => {
  it("each reason literal lib/domain/remedy.ts and gap-safety.ts can give is in UNMET_REASONS", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const remedy = readFileSync(path.join(root, "lib/domain/remedy.ts"), "utf8");
    const safety = readFileSync(path.join(root, "lib/domain/gap-safety.ts"), "utf8");
    const given = new Set<string>();
    for (const match of remedy.matchAll(/unmet\.push\(\{ check: "[a-z-]+", reason: "([A-Z_]+)" \}\)/g)) {
      given.add(match[1]!);
    }
    for (const match of remedy.matchAll(/unmet: \[\{ check: "[a-z-]+", reason: "([A-Z_]+)" \}\]/g)) {
      given.add(match[1]!);
    }
    const union = /export type DgiiNotAsked = ([^;]+);/.exec(remedy)![1]!;
    for (const match of union.matchAll(/"([A-Z_]+)"/g)) given.add(match[1]!);
    const failures = /export type SafetyFailure =([^;]+);/.exec(safety)![1]!;
    for (const match of failures.matchAll(/\| "([A-Z_]+)"/g)) given.add(match[1]!);
    expect(given.size).toBeGreaterThanOrEqual(12);
    expect([...given].filter((code) => !UNMET_REASONS.includes(code as never))).toEqual([]);
  });
});

describe("readRemedyQuery: the API's schema, the error in the field's words", () => {
  const t = getDictionary("es").remedy;
  it.each([
    [undefined, { state: "none" }],
    [" e310000000005 ", { state: "ok", encf: "E310000000005" }],
    ["", { state: "invalid", problem: "EMPTY" }],
    ["E31", { state: "invalid", problem: "INVALID_ENCF_LENGTH" }],
    ["P310000000005", { state: "invalid", problem: "INVALID_ENCF_FORMAT" }],
    ["E990000000005", { state: "invalid", problem: "INVALID_TIPO_ECF" }],
    ["E310000000000", { state: "invalid", problem: "INVALID_SEQUENCE" }],
  ])("%j", (raw, expected) => {
    const read = readRemedyQuery(raw, t);
    expect(read).toMatchObject(expected);
    if (read.state === "invalid") expect(read.message).toBe(t.form.problems[read.problem]);
  });

  it("every problem has words in both languages", () => {
    for (const locale of LOCALES) {
      for (const words of Object.values(getDictionary(locale).remedy.form.problems)) {
        expect(words.length).toBeGreaterThan(10);
      }
    }
  });
});

describe("readRemedySecurityCode: a type 32 summary's code, by the API's parameter rule", () => {
  const t = getDictionary("es").remedy;
  it.each([
    [undefined, { value: "" }],
    ["   ", { value: "" }],
    [" Ab+3xZ ", { value: "Ab+3xZ", code: "Ab+3xZ" }],
    ["Ab+3x", { value: "Ab+3x", error: t.form.securityCodeProblem }],
    ["Ab 3xZ", { value: "Ab 3xZ", error: t.form.securityCodeProblem }],
    [["A7HXQC", "other"], { value: "A7HXQC", code: "A7HXQC" }],
  ])("%j", (raw, expected) => {
    expect(readRemedySecurityCode(raw, t)).toEqual(expected);
  });
});
