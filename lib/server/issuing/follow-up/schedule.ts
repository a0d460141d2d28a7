import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";

/**
 * When the follow-up of an issued e-CF acts again. DGII validates in ~200 ms on average, so the
 * first verdict question comes a second after the reception; then the waits grow to an hour, so a
 * DGII that is down for a day is asked ~30 times per document, not thousands.
 */
const BACKOFF_MS = [
  1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000,
];

export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 0), BACKOFF_MS.length - 1)]!;
}

/** The first verdict question after DGII gave a trackId. */
export const FIRST_VERDICT_CHECK_MS = 1_000;

/**
 * How long the request that sends an e-CF holds it: past the longest an upload can take (the
 * client's response timeout), so the follow-up never asks DGII about a document still on the wire
 * — "no submission" then would be a lie and the resend a second copy.
 */
export function sendClaimMs(): number {
  return loadConfig().taxAuth.responseTimeoutMs + 30_000;
}

/** A follow-up round holds the document as long as a send could take, and a query. */
export function followUpLeaseMs(): number {
  return 2 * loadConfig().taxAuth.responseTimeoutMs + 30_000;
}

/** A trackId and no verdict after this long: a person looks at it ("Por confirmar"). */
export const NO_VERDICT_AFTER_MS = 24 * 3_600_000;

/** Sends that DGII did not take (refused or unreachable) before a person looks at it. */
export const MAX_SEND_ROUNDS = 12;
