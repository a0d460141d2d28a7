import "server-only";
import { AppError } from "@/lib/errors";

/**
 * Slows password guessing (API and portal alike) without handing anyone a way to lock a user out.
 * Two counts of failed sign-ins in a sliding 15-minute window:
 * - per e-mail and client address (AUTH_MAX_FAILED_LOGINS, default 10): a guesser's failures lock
 *   that e-mail from the guesser's address only, so the real user, elsewhere, still signs in;
 * - per client address, whatever the e-mail (AUTH_MAX_FAILED_LOGINS_PER_ADDRESS, default 30): one
 *   address spraying many e-mails is stopped after that many, instead of costing a password hash
 *   (~50–100 ms of CPU) per attempt.
 * Past either, the answer is 429 RATE_LIMITED with Retry-After (when the oldest failure leaves the
 * window), before any database read or password hash, and even with the right password, so a
 * guesser learns nothing more. 0 disables a limit. Unknown e-mails count like real ones (their
 * answers must not differ). An attempt counts as a failure from the moment it starts, so parallel
 * attempts cannot overshoot a limit; success takes it back and clears its (e-mail, address) count,
 * but not the address's earlier failures (signing in to one's own account must not reset a spray).
 * Per instance, like the void limiter; memory is bounded by dropping the least recently failed keys.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_TRACKED_KEYS = 100_000;

export interface LoginThrottleLimits {
  /** Failures of one e-mail from one client address in the window; 0 disables. */
  perUser: number;
  /** Failures from one client address, any e-mail, in the window; 0 disables. */
  perAddress: number;
}

/** Failure times (epoch ms, oldest first) by key, least recently failed first. */
const failures = new Map<string, number[]>();

const addressKey = (address: string) => `address\u0000${address}`;
const userKey = (email: string, address: string) => `user\u0000${address}\u0000${email}`;

function recentFailures(key: string, now: number): number[] {
  const times = (failures.get(key) ?? []).filter((time) => now - time < LOGIN_FAILURE_WINDOW_MS);
  if (times.length === 0) failures.delete(key);
  else failures.set(key, times);
  return times;
}

function refuseWhenOver(key: string, limit: number, now: number, who: string): void {
  if (limit === 0) return;
  const times = recentFailures(key, now);
  if (times.length < limit) return;
  const retryAfter = Math.max(1, Math.ceil((times[0]! + LOGIN_FAILURE_WINDOW_MS - now) / 1000));
  throw new AppError(
    "RATE_LIMITED",
    `Demasiados intentos fallidos de inicio de sesión ${who}; reintente en ${retryAfter} s.`,
    { extra: { retryAfter } },
  );
}

function addFailure(key: string, now: number): void {
  const times = recentFailures(key, now);
  failures.delete(key); // re-inserted last: the map's order is then least recently failed first
  failures.set(key, [...times, now]);
  while (failures.size > MAX_TRACKED_KEYS) failures.delete(failures.keys().next().value!);
}

function removeFailure(key: string, time: number): void {
  const times = failures.get(key);
  const index = times?.lastIndexOf(time) ?? -1;
  if (index < 0) return;
  times!.splice(index, 1);
  if (times!.length === 0) failures.delete(key);
}

export interface LoginAttempt {
  /** The credentials were right: the attempt is no failure, and the (e-mail, address) count clears. */
  succeeded(): void;
}

/**
 * Call before looking the user up or hashing anything: 429 RATE_LIMITED when the address or the
 * (e-mail, address) pair has used up its failures; otherwise the attempt is counted as a failure
 * until `succeeded()`. `email` is already normalised (trimmed, lower case).
 */
export function beginLoginAttempt(
  email: string,
  address: string,
  limits: LoginThrottleLimits,
  now: number = Date.now(),
): LoginAttempt {
  refuseWhenOver(addressKey(address), limits.perAddress, now, "desde esta dirección");
  refuseWhenOver(userKey(email, address), limits.perUser, now, "para este usuario");
  if (limits.perAddress > 0) addFailure(addressKey(address), now);
  if (limits.perUser > 0) addFailure(userKey(email, address), now);
  return {
    succeeded() {
      removeFailure(addressKey(address), now);
      failures.delete(userKey(email, address));
    },
  };
}

/** Tests. */
export function resetLoginThrottle(): void {
  failures.clear();
}
