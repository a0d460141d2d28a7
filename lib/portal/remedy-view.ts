import { readEncf, type EncfProblem } from "@/lib/domain/encf";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { SafetyFailure } from "@/lib/domain/gap-safety";
import type { Locale } from "@/lib/domain/locale";
import type { DgiiNotAsked, Remedy, RemedyCheckName, RemedyKind } from "@/lib/domain/remedy";
import { format, formatCurrency, plural, type Dictionary } from "@/lib/i18n";
import { parseSecurityCodeParameter } from "@/lib/schemas/documents-query";
import { remedyPathSchema } from "@/lib/schemas/remedy";
import { documentStatusLabel } from "@/lib/i18n/document-status";

/**
 * "¿Qué hago con este número?" in words: the page's ?encf= read with the API's own schema
 * (lib/schemas/remedy.ts), and the remedy (lib/domain/remedy.ts) turned into a headline, what to do,
 * the fields a credit note would carry, each unmet check and each check made. Pure: the page renders
 * what this returns, so every kind and every reason code is proven to have words in both languages.
 */

/** Every reason an unknown answer gives for an unmet check (lib/domain/remedy.ts, gap-safety). */
export type UnmetReason =
  DgiiNotAsked | SafetyFailure | "NOT_ASKED" | "LISTED" | "UNKNOWN_ESTADO" | "VERDICT_UNKNOWN";

const UNMET: Record<UnmetReason, true> = {
  NOT_ASKED: true,
  NOT_ASKABLE: true,
  TAXAUTH_TIMEOUT: true,
  TAXAUTH_UNAVAILABLE: true,
  RATE_LIMITED: true,
  LISTED: true,
  UNKNOWN_ESTADO: true,
  VERDICT_UNKNOWN: true,
  NO_COVERAGE_MARK: true,
  COVERAGE_MARK: true,
  QUIET_PERIOD: true,
  NOT_SKIPPED: true,
};
export const UNMET_REASONS = Object.keys(UNMET) as UnmetReason[];

type Strings = Dictionary["remedy"];

/** The page's ?encf=: not asked yet, not an e-NCF (with the field's error), or the canonical e-NCF. */
export type RemedyQueryInput =
  | { state: "none" }
  | { state: "invalid"; value: string; problem: EncfProblem | "EMPTY"; message: string }
  | { state: "ok"; encf: string };

export function readRemedyQuery(raw: string | string[] | undefined, t: Strings): RemedyQueryInput {
  if (raw === undefined) return { state: "none" };
  const value = (Array.isArray(raw) ? (raw[0] ?? "") : raw).slice(0, 40);
  const parsed = remedyPathSchema.safeParse({ encf: value });
  if (parsed.success) return { state: "ok", encf: parsed.data.encf };
  const canonical = value.trim().toUpperCase();
  const read = readEncf(canonical);
  const problem = canonical === "" ? "EMPTY" : typeof read === "string" ? read : "INVALID_ENCF_FORMAT";
  return { state: "invalid", value, problem, message: t.form.problems[problem] };
}

/**
 * The form's optional security code (a type 32 summary is found at DGII only with it), read with the
 * API's own parameter rule: `code` when valid, `error` in words when not, neither when left empty.
 */
export function readRemedySecurityCode(
  raw: string | string[] | undefined,
  t: Strings,
): { value: string; code?: string; error?: string } {
  const value = (Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")).trim().slice(0, 20);
  if (value === "") return { value };
  try {
    return { value, code: parseSecurityCodeParameter(new URLSearchParams({ codigoSeguridad: value })) };
  } catch {
    return { value, error: t.form.securityCodeProblem };
  }
}

export interface RemedyLink {
  href: string;
  label: string;
  testId: string;
}

export interface RemedyFact {
  /** The field's name (NCFModificado…), for data-testid. */
  key: string;
  label: string;
  value: string;
}

export interface RemedyView {
  kind: RemedyKind;
  encf: string;
  title: string;
  headline: string;
  answeredAt: string;
  /** What to do, in plain words, one paragraph each. */
  paragraphs: string[];
  /** A credit note's fields and the amounts. */
  facts: RemedyFact[];
  /** Earlier credit notes on the e-CF, in words. */
  earlier: string[];
  /** Unknown: each check that could not be made or did not pass. */
  unmet: Array<{ check: RemedyCheckName; reason: string; text: string }>;
  links: RemedyLink[];
  /** Void: the page offers to open the void tool with this number (never sends by itself). */
  offersVoid: boolean;
  checks: Array<{ check: RemedyCheckName; name: string; result: string; at: string }>;
}

export function remedyView(remedy: Remedy, t: Dictionary, locale: Locale): RemedyView {
  const r = t.remedy;
  const view: RemedyView = {
    kind: remedy.kind,
    encf: remedy.encf,
    title: format(r.answerTitle, { encf: remedy.encf }),
    headline: r.headline[remedy.kind],
    answeredAt: format(r.answeredAt, { date: formatFechaHora(remedy.checkedAt) }),
    paragraphs: [],
    facts: [],
    earlier: [],
    unmet: [],
    links: [],
    offersVoid: false,
    checks: remedy.checks.map((check) => ({
      check: check.check,
      name: r.checks.names[check.check],
      result: checkResult(check.check, check.result, check.reason, t),
      at: check.at === null ? r.checks.never : formatFechaHora(check.at),
    })),
  };
  const documentLink = {
    href: `/documents/${remedy.encf}`,
    label: format(r.creditNote.documentLink, { encf: remedy.encf }),
    testId: "remedy-document-link",
  };
  switch (remedy.kind) {
    case "void":
      view.paragraphs.push(r.void.proven[remedy.proven], r.void.checked);
      view.offersVoid = true;
      break;
    case "credit-note": {
      view.paragraphs.push(format(r.creditNote.intro, { estado: statusWord(remedy.estado, t) }));
      view.facts = creditNoteFacts(remedy, t, locale);
      view.earlier = remedy.amount.creditNotes.map((note) =>
        format(r.creditNote.earlierItem, {
          encf: note.encf,
          status: statusWord(note.status, t),
          total: money(note.total, r, locale),
        }),
      );
      if (remedy.amount.remaining !== null && Number(remedy.amount.remaining) === 0) {
        view.paragraphs.push(r.creditNote.fullyCredited);
      }
      view.links.push(documentLink);
      break;
    }
    case "reissue":
      view.paragraphs.push(format(r.reissue, { estado: statusWord(remedy.estado, t) }));
      view.links.push(documentLink);
      break;
    case "reissue-replace":
      view.paragraphs.push(format(r.reissueReplace, { estado: statusWord(remedy.estado, t) }));
      view.links.push(documentLink);
      break;
    case "wait":
      view.paragraphs.push(
        format(r.wait[remedy.waitingFor], { reason: reviewReason(remedy.reviewReason, t) }),
        remedy.askAgainAt === null
          ? r.wait.askAgainLater
          : format(r.wait.askAgainAt, { date: formatFechaHora(remedy.askAgainAt) }),
      );
      if (remedy.waitingFor === "person") {
        view.links.push({ href: "/voids/pending", label: r.wait.personLink, testId: "remedy-pending-link" });
      } else if (remedy.waitingFor === "void-approval") {
        view.links.push({
          href: "/voids/requests",
          label: r.wait.requestLink,
          testId: "remedy-request-link",
        });
      } else {
        view.links.push(documentLink);
      }
      break;
    case "voided":
      view.paragraphs.push(r.voided.text);
      if (remedy.voidId) {
        view.links.push({
          href: `/voids/${remedy.voidId}`,
          label: format(r.voided.link, { voidId: remedy.voidId }),
          testId: "remedy-void-link",
        });
      } else {
        view.paragraphs.push(r.voided.noVoid);
      }
      break;
    case "settle-void":
      view.paragraphs.push(r.settleVoid.text);
      view.links.push(
        { href: "/voids/pending", label: r.settleVoid.link, testId: "remedy-pending-link" },
        {
          href: `/voids/${remedy.voidId}`,
          label: format(r.settleVoid.voidLink, { voidId: remedy.voidId }),
          testId: "remedy-void-link",
        },
      );
      break;
    case "unknown":
      view.paragraphs.push(r.unknown.intro);
      view.unmet = remedy.unmet.map((unmet) => ({ ...unmet, text: unmetText(unmet.reason, r) }));
      break;
  }
  return view;
}

/** An unmet check's reason in words; a code this portal does not know yet is named, never hidden. */
export function unmetText(reason: string, r: Strings): string {
  const words: Record<UnmetReason, string> = r.unknown.reasons;
  return reason in UNMET ? words[reason as UnmetReason] : format(r.unknown.other, { reason });
}

function checkResult(check: RemedyCheckName, result: string, reason: string | undefined, t: Dictionary) {
  const words = t.remedy.checks.results[check] as Record<string, string>;
  const template = words[result];
  if (!template) return format(t.remedy.checks.otherResult, { result });
  const sources = t.documents.sources as Record<string, string>;
  return format(template, { source: reason ? (sources[reason] ?? reason) : "—" });
}

function creditNoteFacts(
  remedy: Extract<Remedy, { kind: "credit-note" }>,
  t: Dictionary,
  locale: Locale,
): RemedyFact[] {
  const c = t.remedy.creditNote;
  const note = remedy.creditNote;
  const unknown = c.unknownValue;
  const indicator =
    note.IndicadorNotaCredito === null
      ? unknown
      : note.IndicadorNotaCredito === 0
        ? c.indicator.within
        : c.indicator.after;
  const rows: Array<[keyof typeof c.fields, string]> = [
    ["tipoeCF", c.tipo34],
    ["NCFModificado", note.NCFModificado],
    ["FechaNCFModificado", note.FechaNCFModificado ?? unknown],
    ["CodigoModificacion", c.codigo1],
    ["IndicadorNotaCredito", indicator],
    ["daysSince", note.daysSinceOriginal === null ? unknown : plural(c.days, note.daysSinceOriginal, locale)],
    ["original", money(remedy.amount.original, t.remedy, locale)],
    ["credited", money(remedy.amount.credited, t.remedy, locale)],
    ["remaining", money(remedy.amount.remaining, t.remedy, locale)],
  ];
  return rows.map(([key, value]) => ({ key, label: c.fields[key], value }));
}

function money(value: string | null, r: Strings, locale: Locale): string {
  return value === null ? r.creditNote.unknownValue : formatCurrency(Number(value), locale);
}

function statusWord(estado: string, t: Dictionary): string {
  return documentStatusLabel(t.status, estado);
}

function reviewReason(reason: string | undefined, t: Dictionary): string {
  if (!reason) return "—";
  return (t.voidSettle.issued.reasons as Record<string, string>)[reason] ?? reason;
}
