import "server-only";

import { createHash } from "node:crypto";

import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";
import {
  clearSharedLimits,
  clearWindow,
  pruneNowAndThen,
  releaseWindowSlot,
  takeWindowSlot,
  type LimitDb,
} from "@/lib/server/platform/limits/shared-limits";

/**
 * Slows password guessing (API and portal alike) without handing anyone a way to lock a user out.
 * Two counts of failed sign-ins in a sliding 15-minute window:
 * - per e-mail and client address (AUTH_MAX_FAILED_LOGINS, default 10): a guesser's failures lock
 *   that e-mail from the guesser's address only, so the real user, elsewhere, still signs in;
 * - per client address, whatever the e-mail (AUTH_MAX_FAILED_LOGINS_PER_ADDRESS, default 30): one
 *   address spraying many e-mails is stopped after that many, instead of costing a password hash
 *   (~50–100 ms of CPU) per attempt.
 * Past either, the answer is 429 RATE_LIMITED with Retry-After (when the oldest failure leaves the
 * window), before the user is looked up or any password hashed, and even with the right password, so a
 * guesser learns nothing more. 0 disables a limit. Unknown e-mails count like real ones (their
 * answers must not differ). An attempt counts as a failure from the moment it starts, so parallel
 * attempts cannot overshoot a limit; success takes it back and clears its (e-mail, address) count,
 * but not the address's earlier failures (signing in to one's own account must not reset a spray).
 * The counts live in the database (limits/shared-limits.ts), so they hold across every instance of
 * a deployment; windows whose failures all left are pruned. Keys are SHA-256 digests: no e-mail or
 * address is stored in clear.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface LoginThrottleLimits {
  /** Failures of one e-mail from one client address in the window; 0 disables. */
  perUser: number;
  /** Failures from one client address, any e-mail, in the window; 0 disables. */
  perAddress: number;
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const addressKey = (address: string) => `login:address:${digest(`address\u0000${address}`)}`;
const userKey = (email: string, address: string) =>
  `login:user:${digest(`user\u0000${address}\u0000${email}`)}`;

function refusal(oldest: number, now: number, who: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((oldest + LOGIN_FAILURE_WINDOW_MS - now) / 1000));
  return new AppError(
    "RATE_LIMITED",
    `Demasiados intentos fallidos de inicio de sesión ${who}; reintente en ${retryAfter} s.`,
    { extra: { retryAfter } },
  );
}

export interface LoginAttempt {
  /** The credentials were right: the attempt is no failure, and the (e-mail, address) count clears. */
  succeeded(): Promise<void>;
}

/**
 * Call before looking the user up or hashing anything: 429 RATE_LIMITED when the address or the
 * (e-mail, address) pair has used up its failures; otherwise the attempt is counted as a failure
 * until `succeeded()`. `email` is already normalised (trimmed, lower case). Each count is taken in
 * one atomic statement; an attempt refused for its e-mail gives its address's count back, so a
 * refused attempt counts nowhere. `db` defaults to the process's database.
 */
export async function beginLoginAttempt(
  email: string,
  address: string,
  limits: LoginThrottleLimits,
  now: number = Date.now(),
  db?: LimitDb,
): Promise<LoginAttempt> {
  const client = db ?? (await getDb());
  const byAddress = addressKey(address);
  const byUser = userKey(email, address);
  await pruneNowAndThen(client, "RateLimitWindow", now, LOGIN_FAILURE_WINDOW_MS);
  if (limits.perAddress > 0) {
    const take = await takeWindowSlot(client, byAddress, limits.perAddress, LOGIN_FAILURE_WINDOW_MS, now);
    if (!take.granted) throw refusal(take.oldest, now, "desde esta dirección");
  }
  if (limits.perUser > 0) {
    const take = await takeWindowSlot(client, byUser, limits.perUser, LOGIN_FAILURE_WINDOW_MS, now);
    if (!take.granted) {
      if (limits.perAddress > 0) await releaseWindowSlot(client, byAddress, now);
      throw refusal(take.oldest, now, "para este usuario");
    }
  }
  return {
    async succeeded() {
      if (limits.perAddress > 0) await releaseWindowSlot(client, byAddress, now);
      await clearWindow(client, byUser);
    },
  };
}

/** Tests: forgets every sign-in count of the process's database. */
export async function resetLoginThrottle(): Promise<void> {
  await clearSharedLimits(await getDb(), "RateLimitWindow");
}
