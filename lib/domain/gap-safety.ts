import { SANTO_DOMINGO_OFFSET_MS } from "./fecha";

/**
 * The gap finder's safety rules, pure: the gap review (lib/server/ledger/gaps.ts) proposes numbers
 * with them, and the remedy for one number (lib/domain/remedy.ts) says "void it" only under them.
 *
 * - Nothing is proven without the company's import-coverage mark (every e-CF issued up to then was
 *   imported).
 * - Only numbers issued by the cutoff — min(mark, now − quiet period) — prove anything: an ERP's
 *   e-CF issued in a contingency reaches DGII (and Anula) up to 72 h later.
 * - A skipped number ("salto") lies below a higher number issued by the cutoff, from the start of
 *   the authorization holding the lowest issued number on.
 * - An expired authorization's unused tail ("vencida") is proven once its last day ended by the
 *   cutoff: nothing can be issued in it after the expiry.
 */

/** min(mark, now − quiet period): only numbers issued by then prove a gap; null without a mark. */
export function gapCutoff(coveredUntil: number | null, now: number, quietPeriodHours: number): number | null {
  return coveredUntil === null ? null : Math.min(coveredUntil, now - quietPeriodHours * 3_600_000);
}

/** The instant a Santo Domingo day (yyyy-MM-dd) ends: its last millisecond, epoch ms. */
export function dayEndMs(iso: string): number {
  return Date.parse(`${iso}T23:59:59.999Z`) - SANTO_DOMINGO_OFFSET_MS;
}

/** An authorization's unused tail is proven: it expired before `today` and its last day ended by the cutoff. */
export function expiredTailProven(expiresOn: string | null, today: string, cutoff: number): boolean {
  return expiresOn !== null && expiresOn < today && dayEndMs(expiresOn) <= cutoff;
}

/** Why the rules do not prove a number unused. */
export type SafetyFailure =
  /** The company never set its import-coverage mark. */
  | "NO_COVERAGE_MARK"
  /** The mark does not reach the higher number that would prove the skip. */
  | "COVERAGE_MARK"
  /** The higher number was issued within the quiet period. */
  | "QUIET_PERIOD"
  /** No higher number is known (nor an expired authorization around it): it may simply be next. */
  | "NOT_SKIPPED";

export interface NumberSafetyFacts {
  secuencia: number;
  now: number;
  /** yyyy-MM-dd in Santo Domingo. */
  today: string;
  quietPeriodHours: number;
  coveredUntil: number | null;
  /** The highest used number issued by the cutoff (gapCutoff), null: none. */
  provenUpTo: number | null;
  /** Where skipped numbers start: the authorization holding the lowest used number, or that number. */
  skippedFrom: number | null;
  /** The lowest used number above this one and when it was issued, null: none. */
  nextAbove: { ncf: string; issuedAt: number } | null;
  /** The authorization holding this number, with the highest used number inside it. */
  authorization: { expiresOn: string | null; highestUsed: number | null } | null;
}

export interface NumberSafety {
  proven: "salto" | "vencida" | null;
  cutoff: number | null;
  failures: SafetyFailure[];
}

/** Whether the gap finder's rules prove this one number unused, and if not, which rule stands in the way. */
export function numberSafety(facts: NumberSafetyFacts): NumberSafety {
  const cutoff = gapCutoff(facts.coveredUntil, facts.now, facts.quietPeriodHours);
  if (cutoff === null || facts.coveredUntil === null) {
    return { proven: null, cutoff: null, failures: ["NO_COVERAGE_MARK"] };
  }
  const n = facts.secuencia;
  if (
    facts.provenUpTo !== null &&
    n < facts.provenUpTo &&
    (facts.skippedFrom === null || n >= facts.skippedFrom)
  ) {
    return { proven: "salto", cutoff, failures: [] };
  }
  const auth = facts.authorization;
  if (
    auth &&
    expiredTailProven(auth.expiresOn, facts.today, cutoff) &&
    (auth.highestUsed === null || n > auth.highestUsed)
  ) {
    return { proven: "vencida", cutoff, failures: [] };
  }
  const failures: SafetyFailure[] = [];
  const next = facts.nextAbove;
  if (!next) failures.push("NOT_SKIPPED");
  else {
    if (next.issuedAt > facts.coveredUntil) failures.push("COVERAGE_MARK");
    if (next.issuedAt > facts.now - facts.quietPeriodHours * 3_600_000) failures.push("QUIET_PERIOD");
    // Issued by the cutoff and still no proof: below where skipped numbers start.
    if (failures.length === 0) failures.push("NOT_SKIPPED");
  }
  return { proven: null, cutoff, failures };
}
