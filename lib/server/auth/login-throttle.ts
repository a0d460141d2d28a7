import "server-only";
import { AppError } from "@/lib/errors";

/**
 * Slows password guessing, per username (API and portal alike): after AUTH_MAX_FAILED_LOGINS
 * failed sign-ins within 15 minutes (default 10; 0 disables), that username is answered 429
 * RATE_LIMITED with Retry-After until its oldest failure leaves the window, even with the right
 * password, so a guesser learns nothing more. Unknown usernames count too (their answers must not
 * differ from a real user's). A successful sign-in clears the count. Per instance, like the void
 * limiter; memory is bounded by dropping the oldest usernames first.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_TRACKED_USERNAMES = 50_000;

/** Failure times (epoch ms, oldest first) by normalised username, in insertion order. */
const failures = new Map<string, number[]>();

function maxFailures(): number {
  const value = Number(process.env.AUTH_MAX_FAILED_LOGINS ?? 10);
  return Number.isFinite(value) && value >= 0 ? value : 10;
}

function recentFailures(username: string, now: number): number[] {
  const times = (failures.get(username) ?? []).filter((time) => now - time < LOGIN_FAILURE_WINDOW_MS);
  if (times.length === 0) failures.delete(username);
  else failures.set(username, times);
  return times;
}

/** 429 RATE_LIMITED when `username` has used up its failed sign-ins. */
export function assertLoginAllowed(username: string, now: number = Date.now()): void {
  const limit = maxFailures();
  if (limit === 0) return;
  const times = recentFailures(username, now);
  if (times.length < limit) return;
  const retryAfter = Math.max(1, Math.ceil((times[0]! + LOGIN_FAILURE_WINDOW_MS - now) / 1000));
  throw new AppError(
    "RATE_LIMITED",
    `Demasiados intentos fallidos de inicio de sesión para este usuario; reintente en ${retryAfter} s.`,
    { extra: { retryAfter } },
  );
}

export function recordLoginFailure(username: string, now: number = Date.now()): void {
  if (maxFailures() === 0) return;
  const times = recentFailures(username, now);
  failures.delete(username); // re-inserted last: the map's order is then least recently failed first
  failures.set(username, [...times, now]);
  while (failures.size > MAX_TRACKED_USERNAMES) failures.delete(failures.keys().next().value!);
}

export function clearLoginFailures(username: string): void {
  failures.delete(username);
}

/** Tests. */
export function resetLoginThrottle(): void {
  failures.clear();
}
