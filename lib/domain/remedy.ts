import { isAcceptedEstado } from "./dgii-submissions";
import {
  creditNoteOf,
  type CreditableAmount,
  type CreditNoteFields,
  type EarlierCreditNote,
} from "./remedy-credit-note";
import { numberSafety, type NumberSafetyFacts, type SafetyFailure } from "./gap-safety";
import { isUsedEstado, sequenceUse, type Submission } from "./sequence-use";

/**
 * The remedy for one e-NCF: what the clerk should do with it — void it, credit it, issue the sale
 * again, wait, or nothing (already voided) — from the facts the ledger and DGII gave. Pure: the
 * server gathers the facts (lib/server/remedy), this decides, and nothing here acts. The rules it
 * reads are stated once elsewhere: DGII's accepted estados (dgii-submissions), the number's use from
 * DGII's answers (sequence-use), the gap finder's safety rules (gap-safety), IndicadorNotaCredito
 * (ecf-rules/reference-rules).
 *
 * "Void it" only when every check passes: the safety rules prove the number skipped, DGII lists no
 * submission of it, no document here holds it, and no void or void request of it is open. DGII's
 * empty answer alone proves nothing (an e-CF issued in contingency reaches DGII up to 72 h later,
 * consumer summaries are not listed, CerteCF has no such lookup), so otherwise: unknown, confirm in
 * the ERP, naming each check that could not be made or did not pass.
 */

export const REMEDY_KINDS = [
  "void",
  "credit-note",
  "reissue",
  "reissue-replace",
  "wait",
  "voided",
  "settle-void",
  "unknown",
] as const;
export type RemedyKind = (typeof REMEDY_KINDS)[number];

export const REMEDY_CHECKS = [
  "ledger",
  "voids",
  "void-requests",
  "dgii",
  "coverage-mark",
  "quiet-period",
  "skip-proof",
] as const;
export type RemedyCheckName = (typeof REMEDY_CHECKS)[number];

/** What one check found (its result word depends on the check), and when the fact was read. */
export interface RemedyCheck {
  check: RemedyCheckName;
  /**
   * ledger: held | not-held; voids: voided | unknown-outcome | none; void-requests: open | none;
   * dgii: listed | absent | not-asked | in-ledger (the document's own answers); coverage-mark,
   * quiet-period: passed | failed | not-made; skip-proof: salto | vencida | failed | not-made.
   */
  result: string;
  /** Epoch ms the fact was read (DGII: when it was asked; null: never). */
  at: number | null;
  /** Why: DGII's lookup reason (NOT_ASKABLE…), a safety failure, a document's source. */
  reason?: string;
  /** DGII's lookup's own words when it could not be asked. */
  message?: string;
}

/** Why DGII was not asked (lib/server/documents/dgii-lookup.ts's reasons). */
export type DgiiNotAsked = "NOT_ASKABLE" | "TAXAUTH_TIMEOUT" | "TAXAUTH_UNAVAILABLE" | "RATE_LIMITED";

export type DgiiFact =
  | { outcome: "listed" | "absent"; at: number }
  | { outcome: "not-asked"; reason: DgiiNotAsked; message: string; at: number };

/** The company's document holding the number (after a refresh or a DGII lookup stored it). */
export interface RemedyDocument {
  source: string;
  status: string;
  /** Its submissions as DGII's answers tell (sequence-use's submissionsOfDocument). */
  submissions: readonly Submission[];
  /** Signed here and not yet received by DGII ("Pendiente de envío"). */
  awaitingReception: boolean;
  /** An e-CF issued here waiting for a person ("Por confirmar"): why. */
  reviewReason: string | null;
  /** Its FechaEmision, dd-MM-yyyy; null when not known. */
  fechaEmision: string | null;
  /** Its MontoTotal, decimal text; null when not known. */
  total: string | null;
  /** When DGII was last asked about it. */
  checkedAt: number | null;
  /** When its status is asked again (the issued e-CF's follow-up, the refresh interval). */
  nextCheckAt: number | null;
}

export type { CreditableAmount, CreditNoteFields, EarlierCreditNote };

export interface RemedyFacts {
  encf: string;
  now: number;
  /** yyyy-MM-dd in Santo Domingo. */
  today: string;
  /** When the ledger was read. */
  readAt: number;
  document: RemedyDocument | null;
  /** An accepted void of the number (null id: the ledger knows it voided, not by which void). */
  acceptedVoid: { voidId: string | null } | null;
  /** A void of the number whose outcome at DGII is unknown (Error). */
  errorVoid: { voidId: string } | null;
  /** A void request of the number awaiting approval. */
  openRequest: { requestId: string; expiresAt: number | null } | null;
  /** DGII's consultatrackids about a number Anula does not hold; null: not needed. */
  dgii: DgiiFact | null;
  safety: NumberSafetyFacts;
  creditNotes: readonly EarlierCreditNote[];
}

/** A check that could not be made or did not pass, on an unknown answer. */
export interface UnmetCheck {
  check: RemedyCheckName;
  reason: string;
}

export type WaitingFor = "dgii-verdict" | "dgii-reception" | "person" | "void-approval";

interface Base {
  encf: string;
  checkedAt: number;
  checks: RemedyCheck[];
}

/** The answer's own fields, per kind. */
export type RemedyAnswer =
  | { kind: "void"; proven: "salto" | "vencida" }
  | { kind: "credit-note"; estado: string; creditNote: CreditNoteFields; amount: CreditableAmount }
  | { kind: "reissue"; estado: string }
  | { kind: "reissue-replace"; estado: string }
  | {
      kind: "wait";
      waitingFor: WaitingFor;
      askAgainAt: number | null;
      reviewReason?: string;
      requestId?: string;
    }
  | { kind: "voided"; voidId: string | null }
  | { kind: "settle-void"; voidId: string }
  | { kind: "unknown"; confirmIn: "erp"; unmet: UnmetCheck[] };

export type Remedy = Base & RemedyAnswer;

/** A status not final and nothing else scheduled: ask again in this long. */
export const ASK_AGAIN_MS = 5 * 60_000;

export function decideRemedy(facts: RemedyFacts): Remedy {
  const base = { encf: facts.encf, checkedAt: facts.now };
  const checks: RemedyCheck[] = [ledgerCheck(facts)];
  if (facts.acceptedVoid) {
    checks.push({ check: "voids", result: "voided", at: facts.readAt });
    return { ...base, checks, kind: "voided", voidId: facts.acceptedVoid.voidId };
  }
  if (facts.document) {
    const document = facts.document;
    const voids = facts.errorVoid ? "unknown-outcome" : "none";
    checks.push({ check: "voids", result: voids, at: facts.readAt });
    checks.push({ check: "dgii", result: "in-ledger", at: document.checkedAt, reason: document.source });
    return { ...base, checks, ...documentRemedy(facts, document) };
  }
  if (facts.errorVoid) {
    checks.push({ check: "voids", result: "unknown-outcome", at: facts.readAt });
    return { ...base, checks, kind: "settle-void", voidId: facts.errorVoid.voidId };
  }
  checks.push({ check: "voids", result: "none", at: facts.readAt });
  if (facts.openRequest) {
    checks.push({ check: "void-requests", result: "open", at: facts.readAt });
    return {
      ...base,
      checks,
      kind: "wait",
      waitingFor: "void-approval",
      askAgainAt: facts.openRequest.expiresAt,
      requestId: facts.openRequest.requestId,
    };
  }
  checks.push({ check: "void-requests", result: "none", at: facts.readAt });

  const unmet: UnmetCheck[] = [];
  const dgii = facts.dgii;
  if (!dgii) {
    checks.push({ check: "dgii", result: "not-asked", at: null });
    unmet.push({ check: "dgii", reason: "NOT_ASKED" });
  } else if (dgii.outcome === "not-asked") {
    checks.push({
      check: "dgii",
      result: "not-asked",
      at: dgii.at,
      reason: dgii.reason,
      message: dgii.message,
    });
    unmet.push({ check: "dgii", reason: dgii.reason });
  } else {
    checks.push({ check: "dgii", result: dgii.outcome, at: dgii.at });
    // Listed yet no document: the lookup could not store it; nothing proves the number free.
    if (dgii.outcome === "listed") unmet.push({ check: "dgii", reason: "LISTED" });
  }
  const safety = numberSafety(facts.safety);
  checks.push(...safetyChecks(safety.failures, safety.proven, facts.readAt));
  for (const failure of safety.failures) unmet.push({ check: checkOf(failure), reason: failure });
  if (unmet.length === 0 && safety.proven) return { ...base, checks, kind: "void", proven: safety.proven };
  return { ...base, checks, kind: "unknown", confirmIn: "erp", unmet };
}

function ledgerCheck(facts: RemedyFacts): RemedyCheck {
  return facts.document
    ? { check: "ledger", result: "held", at: facts.readAt, reason: facts.document.source }
    : { check: "ledger", result: "not-held", at: facts.readAt };
}

/** A number the company holds a document for: DGII's answers about it decide. */
function documentRemedy(facts: RemedyFacts, document: RemedyDocument): RemedyAnswer {
  const words = document.submissions.map((submission) => (submission.estado ?? "").trim());
  const accepted = words.find((word) => isAcceptedEstado(word));
  if (accepted) {
    return { kind: "credit-note", estado: accepted, ...creditNoteOf(document, facts) };
  }
  if (document.reviewReason) {
    return { kind: "wait", waitingFor: "person", askAgainAt: null, reviewReason: document.reviewReason };
  }
  if (words.includes("En Proceso")) {
    return {
      kind: "wait",
      waitingFor: "dgii-verdict",
      askAgainAt: document.nextCheckAt ?? facts.now + ASK_AGAIN_MS,
    };
  }
  if (document.awaitingReception) {
    return {
      kind: "wait",
      waitingFor: "dgii-reception",
      askAgainAt: document.nextCheckAt ?? facts.now + ASK_AGAIN_MS,
    };
  }
  // Accepted and in process are out: a word that still makes the number used is one the rule does not know.
  if (words.some((word) => isUsedEstado(word))) {
    return { kind: "unknown", confirmIn: "erp", unmet: [{ check: "dgii", reason: "UNKNOWN_ESTADO" }] };
  }
  if (sequenceUse(document.submissions) === "reusable")
    return { kind: "reissue-replace", estado: "Rechazado" };
  if (document.submissions.some((s) => s.estado?.trim() === "Rechazado" && s.secuenciaUtilizada === true)) {
    return { kind: "reissue", estado: "Rechazado" };
  }
  return { kind: "unknown", confirmIn: "erp", unmet: [{ check: "dgii", reason: "VERDICT_UNKNOWN" }] };
}

function checkOf(failure: SafetyFailure): RemedyCheckName {
  switch (failure) {
    case "NO_COVERAGE_MARK":
    case "COVERAGE_MARK":
      return "coverage-mark";
    case "QUIET_PERIOD":
      return "quiet-period";
    case "NOT_SKIPPED":
      return "skip-proof";
  }
}

function safetyChecks(
  failures: readonly SafetyFailure[],
  proven: "salto" | "vencida" | null,
  at: number,
): RemedyCheck[] {
  if (failures.includes("NO_COVERAGE_MARK")) {
    return [
      { check: "coverage-mark", result: "failed", at, reason: "NO_COVERAGE_MARK" },
      { check: "quiet-period", result: "not-made", at: null },
      { check: "skip-proof", result: "not-made", at: null },
    ];
  }
  const failed = (failure: SafetyFailure) => failures.includes(failure);
  return [
    failed("COVERAGE_MARK")
      ? { check: "coverage-mark", result: "failed", at, reason: "COVERAGE_MARK" }
      : { check: "coverage-mark", result: "passed", at },
    failed("QUIET_PERIOD")
      ? { check: "quiet-period", result: "failed", at, reason: "QUIET_PERIOD" }
      : { check: "quiet-period", result: "passed", at },
    proven
      ? { check: "skip-proof", result: proven, at }
      : {
          check: "skip-proof",
          result: "failed",
          at,
          ...(failed("NOT_SKIPPED") ? { reason: "NOT_SKIPPED" } : {}),
        },
  ];
}
