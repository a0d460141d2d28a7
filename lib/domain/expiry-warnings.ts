/**
 * When Anula warns that something expires (the scans): an authorized range of e-NCF
 * (sequence.expiring) or the company's signing certificate (certificate.expiring). Pure rules, so
 * the scans, the tests and any page that shows "vence en N días" agree.
 */

/** Days before the expiry at which a warning is announced: once at each, the tightest reached. */
export const EXPIRY_WARNING_DAYS = [30, 7, 1] as const;
/**
 * An authorized range's warnings start earlier: unused numbers may be worth closing, and a new range
 * takes time to request.
 */
export const AUTHORIZATION_WARNING_DAYS = [60, 30, 7, 1] as const;

export type ExpiryThreshold = (typeof AUTHORIZATION_WARNING_DAYS)[number];

const DAY_MS = 86_400_000;

/**
 * The tightest threshold of `thresholds` (descending) `daysLeft` has reached, or null: more days left
 * than the first, or already past (daysLeft < 0). A scan that first sees a range at 5 days announces
 * 7 only — never 30 and 7 together; the 1-day warning still follows.
 */
export function expiryThreshold(
  daysLeft: number,
  thresholds: readonly ExpiryThreshold[] = EXPIRY_WARNING_DAYS,
): ExpiryThreshold | null {
  if (!Number.isFinite(daysLeft) || daysLeft < 0) return null;
  let reached: ExpiryThreshold | null = null;
  for (const days of thresholds) if (daysLeft <= days) reached = days;
  return reached;
}

/** Whole days from `now` until the instant `until` (epoch ms), rounded down; negative once it has passed. */
export function wholeDaysUntil(until: number, now: number): number {
  return Math.floor((until - now) / DAY_MS);
}

/**
 * A certificate's warning: its threshold while it is still valid, "expired" once notAfter has
 * passed (announced once too: an active certificate that expired makes every void fail with
 * DGII, which is worth saying even if the earlier warnings were missed), null when more than 30
 * days are left.
 */
export function certificateWarning(notAfter: number, now: number): ExpiryThreshold | "expired" | null {
  if (notAfter <= now) return "expired";
  return expiryThreshold(wholeDaysUntil(notAfter, now));
}
