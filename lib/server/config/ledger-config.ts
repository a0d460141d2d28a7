import "server-only";

import { AppError } from "@/lib/errors";

/** Default quiet period of the ledger's gap rule: a higher number issued at least this long ago. */
export const DEFAULT_LEDGER_QUIET_PERIOD_HOURS = 72;

/**
 * LEDGER_QUIET_PERIOD_HOURS (0–8760, default 72): a skipped number is proposed as a gap only once a
 * higher number of its series+type was issued at least this long ago — an ERP's not yet imported
 * e-CF looks exactly like a gap until then. Read on each use, so a test or a restart changes it.
 */
export function ledgerQuietPeriodHours(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LEDGER_QUIET_PERIOD_HOURS?.trim();
  if (!raw) return DEFAULT_LEDGER_QUIET_PERIOD_HOURS;
  if (!/^\d+$/.test(raw) || Number(raw) > 8760) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      "LEDGER_QUIET_PERIOD_HOURS must be a whole number from 0 to 8760",
    );
  }
  return Number(raw);
}
