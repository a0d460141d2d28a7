import type { AnulaError } from "./errors";

/**
 * What a request is, for the retry rules:
 * - `read`: GETs and the batch status query change nothing, so any lost or temporary failure is retried;
 * - `void`: POST void-ncf, always sent with its Idempotency-Key. The key makes a resend safe: the
 *   server answers a known key with the attempt's stored outcome and never sends it to DGII again;
 * - `signIn`: credentials for a token; nothing changes on the server but throttling counts failures;
 * - `refresh`: never retried, since each refreshToken works once and presenting a used one again
 *   revokes the session. A lost answer may have spent it, so the client signs in again instead.
 */
export type RequestKind = "read" | "void" | "signIn" | "refresh";

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). 1 turns retries off. */
  attempts?: number;
  /** First backoff delay in ms, doubled each time, with jitter (default 500). */
  baseDelayMs?: number;
  /** Longest wait between attempts, Retry-After included; a longer Retry-After ends the retries (default 30 s). */
  maxDelayMs?: number;
}

/**
 * Whether the spec's retry rules let the client resend by itself.
 * - No answer (rule 4): the void may have been sent; only its Idempotency-Key makes a resend safe, and
 *   the client never sends a void without one.
 * - 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE / TAXAUTH_UNAVAILABLE: refused before anything was stored
 *   or sent; wait Retry-After.
 * - 502 TAXAUTH_VOID_ERROR (rule 2): resending the same key fetches the stored attempt, which a late
 *   answer of DGII may have made Aceptado or Rechazado; nothing new is sent. Other 502s of a void
 *   (TAXAUTH_AUTH_ERROR) would only answer the same stored Error again: left to the caller.
 * - 400, 401 (handled by the session: one refresh, one resend), 403, 404, 409, 412, 422, 500: a resend
 *   would get the same answer; they go back to the caller.
 */
export function isRetryable(kind: RequestKind, error: AnulaError): boolean {
  if (kind === "refresh") return false;
  if (error.code === "NETWORK_ERROR" || error.code === "TIMEOUT") return true;
  if (error.status === 503) return true;
  if (error.status === 429) return kind !== "signIn";
  if (kind === "void") return error.code === "TAXAUTH_VOID_ERROR";
  if (kind === "read") return error.status === 502 || error.status === 504;
  return false;
}

/** Exponential backoff with full jitter, or the server's Retry-After; undefined: do not wait that long. */
export function retryDelayMs(
  attempt: number,
  error: AnulaError,
  options: Required<RetryOptions>,
  random: () => number = Math.random,
): number | undefined {
  if (error.retryAfterSeconds !== undefined) {
    const asked = error.retryAfterSeconds * 1000;
    return asked > options.maxDelayMs ? undefined : asked;
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };
