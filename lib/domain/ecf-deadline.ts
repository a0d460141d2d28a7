/**
 * The deadline of an e-CF signed here but not yet received by DGII ("Pendiente de envío"): pure, so
 * the server's scan, the documents list and the document page apply one rule.
 *
 * - Signed while the company had declared a connectivity contingency: DGII must receive it within
 *   72 hours (Informe Técnico e-CF v1.0, §19, under Decreto 587-24). The text says "una vez
 *   restablecida la conexión, en un plazo máximo de setenta y dos (72) horas": it is unclear whether
 *   the clock starts at signing or when the connection comes back. Anula counts from signing, the
 *   earlier (safer) reading.
 * - Otherwise an e-CF is sent at issuance and has no deadline, unless the company set a window for
 *   deferred sending (hours, no default: secondary sources cite 24 h under Decreto 587-24, unconfirmed).
 * - While DGII's reception service is down (its status service), the state is "dgii_unavailable":
 *   a deadline is never shown as missed, nor approaching, while the company could not send.
 */

export const CONTINGENCY_WINDOW_HOURS = 72;
/** The share of a window after which a deadline is "approaching" unless the company sets another. */
export const DEFAULT_APPROACHING_PERCENT = 75;

const HOUR_MS = 3_600_000;

export type EcfDeadlineState = "none" | "running" | "approaching" | "missed" | "dgii_unavailable";

export interface EcfDeadlineInput {
  /** When it was signed (epoch ms). */
  signedAt: number;
  /** Signed while a connectivity contingency was declared in its environment. */
  inContingency: boolean;
  /** The company's deferred-sending window (hours), or null: none. */
  deferredWindowHours: number | null;
  /** Percent of the window after which it is approaching (1–99). */
  approachingPercent?: number;
  /** DGII's reception service is down (or in a maintenance window) in its environment now. */
  receptionDown: boolean;
  now: number;
}

export interface EcfDeadline {
  state: EcfDeadlineState;
  /** Since it was signed (ms). */
  ageMs: number;
  /** Where the window comes from: the contingency rule, the company's setting, or none. */
  basis: "contingency" | "deferred" | null;
  windowHours: number | null;
  /** When DGII must have received it (epoch ms), or null without a window. */
  deadlineAt: number | null;
  /** When it becomes approaching (epoch ms), or null without a window. */
  approachingAt: number | null;
  /** deadlineAt − now (negative once passed), or null without a window. */
  timeLeftMs: number | null;
}

export function ecfDeadline(input: EcfDeadlineInput): EcfDeadline {
  const ageMs = Math.max(0, input.now - input.signedAt);
  const basis = input.inContingency ? "contingency" : input.deferredWindowHours !== null ? "deferred" : null;
  const windowHours =
    basis === "contingency"
      ? CONTINGENCY_WINDOW_HOURS
      : basis === "deferred"
        ? input.deferredWindowHours
        : null;
  if (windowHours === null || windowHours <= 0) {
    return {
      state: input.receptionDown ? "dgii_unavailable" : "none",
      ageMs,
      basis: null,
      windowHours: null,
      deadlineAt: null,
      approachingAt: null,
      timeLeftMs: null,
    };
  }
  const windowMs = windowHours * HOUR_MS;
  const percent = clampPercent(input.approachingPercent ?? DEFAULT_APPROACHING_PERCENT);
  const deadlineAt = input.signedAt + windowMs;
  const approachingAt = input.signedAt + Math.round((windowMs * percent) / 100);
  const state: EcfDeadlineState = input.receptionDown
    ? "dgii_unavailable"
    : input.now >= deadlineAt
      ? "missed"
      : input.now >= approachingAt
        ? "approaching"
        : "running";
  return { state, ageMs, basis, windowHours, deadlineAt, approachingAt, timeLeftMs: deadlineAt - input.now };
}

function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return DEFAULT_APPROACHING_PERCENT;
  return Math.min(99, Math.max(1, Math.round(percent)));
}

/** A declared period: from declaredAt (inclusive) to endedAt (exclusive; null: still declared). */
export interface DeclaredPeriod {
  declaredAt: number;
  endedAt: number | null;
}

/** Whether an e-CF signed at `signedAt` was signed inside one of the periods. */
export function signedInContingency(signedAt: number, periods: readonly DeclaredPeriod[]): boolean {
  return periods.some(
    (period) => period.declaredAt <= signedAt && (period.endedAt === null || signedAt < period.endedAt),
  );
}

/** "2 d 5 h", "3 h 20 min", "12 min": a duration in words a tooltip and a cell can show. */
export function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.floor(Math.abs(ms) / 60_000);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/**
 * The deadline a person should see first among e-CF waiting for DGII's reception (the home's line):
 * the earliest one that has a window; with none, the oldest (the greatest age). Null for no e-CF.
 */
export function nearestDeadline<T extends EcfDeadline>(deadlines: readonly T[]): T | null {
  let nearest: T | null = null;
  for (const deadline of deadlines) {
    if (nearest === null) nearest = deadline;
    else if (deadline.deadlineAt !== null && nearest.deadlineAt === null) nearest = deadline;
    else if (deadline.deadlineAt !== null && nearest.deadlineAt !== null) {
      if (deadline.deadlineAt < nearest.deadlineAt) nearest = deadline;
    } else if (deadline.deadlineAt === null && nearest.deadlineAt === null && deadline.ageMs > nearest.ageMs)
      nearest = deadline;
  }
  return nearest;
}
