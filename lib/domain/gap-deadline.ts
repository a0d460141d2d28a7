/**
 * The age of a gap the ledger proposes and, where the company set one, its deadline to be voided:
 * pure, so the ledger scan (sequence.gap_deadline_approaching / _missed) and the portal's gap review
 * apply one rule. No rule we know fixes such a deadline: it is the company's own (days, per
 * environment, no default); Anula offers the void, it never says one is due by law.
 *
 * A gap exists since the moment that proves it: for a skip ("salto"), when the higher number of
 * its series+type was issued; for an expired authorization's unused tail ("vencida"), the end of
 * its last day (Santo Domingo). A closing ("cierre") is a person's choice, not a found gap: no age.
 */
import { DEFAULT_APPROACHING_PERCENT } from "./ecf-deadline";
import { dayEndMs } from "./gap-safety";

const DAY_MS = 86_400_000;

export interface GapFacts {
  kind: "salto" | "vencida" | "cierre";
  checked: {
    higherIssuedAt: number | null;
    /** dd-MM-yyyy: the expired authorization's last day. */
    expiredOn?: string;
  };
}

export interface GapWindow {
  /** Days from when the gap exists to its void. */
  days: number;
  /** Percent of the window after which it is approaching (1–99). */
  approachingPercent: number;
}

export type GapDeadlineState = "none" | "running" | "approaching" | "missed";

export interface GapDeadline {
  /** When the gap exists since (epoch ms), or null (a closing). */
  since: number | null;
  /** Whole days since then (0 the first day), or null. */
  ageDays: number | null;
  /** When the company wants it voided by (epoch ms), or null without a window. */
  deadlineAt: number | null;
  state: GapDeadlineState;
}

/** When a gap exists since (epoch ms), or null. */
export function gapSince(gap: GapFacts): number | null {
  if (gap.kind === "vencida" && gap.checked.expiredOn) {
    const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(gap.checked.expiredOn);
    return match ? dayEndMs(`${match[3]}-${match[2]}-${match[1]}`) + 1 : null;
  }
  if (gap.kind === "salto") return gap.checked.higherIssuedAt;
  return null;
}

export function gapDeadline(gap: GapFacts, window: GapWindow | null, now: number): GapDeadline {
  const since = gapSince(gap);
  if (since === null) return { since: null, ageDays: null, deadlineAt: null, state: "none" };
  const ageDays = Math.floor(Math.max(0, now - since) / DAY_MS);
  if (window === null || !(window.days > 0)) return { since, ageDays, deadlineAt: null, state: "none" };
  const windowMs = window.days * DAY_MS;
  const percent = Number.isFinite(window.approachingPercent)
    ? Math.min(99, Math.max(1, Math.round(window.approachingPercent)))
    : DEFAULT_APPROACHING_PERCENT;
  const deadlineAt = since + windowMs;
  const approachingAt = since + Math.round((windowMs * percent) / 100);
  const state: GapDeadlineState =
    now >= deadlineAt ? "missed" : now >= approachingAt ? "approaching" : "running";
  return { since, ageDays, deadlineAt, state };
}
