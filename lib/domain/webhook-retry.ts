/**
 * When a failed webhook delivery is tried again (exponential backoff for up to 3 days, then
 * the endpoint is disabled: docs/api.md, "Retries and failing endpoints"). Pure: the dispatcher
 * passes the clock, so tests move time without waiting.
 *
 * Two clocks run side by side:
 * - the delivery's own schedule (RETRY_DELAYS_MS after its n-th failure), within RETRY_WINDOW_MS of
 *   its first attempt, after which it is given up ("failed");
 * - the endpoint's: after a failure no delivery at all goes to it before `retryAfter`, which grows
 *   with how long it has been failing — a receiver that is down receives one probe per step, not
 *   every pending delivery at once. After ENDPOINT_DISABLE_AFTER_MS of failing it is disabled.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Wait after the 1st, 2nd, … failure; after the last one, RETRY_DELAY_CAP_MS every time. */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
];
export const RETRY_DELAY_CAP_MS = 12 * HOUR;

/** A delivery is retried for this long from its first attempt, then it is "failed". */
export const RETRY_WINDOW_MS = 3 * DAY;

/** An endpoint whose deliveries have all failed for this long is disabled ("failing"). */
export const ENDPOINT_DISABLE_AFTER_MS = 3 * DAY;

/** The wait after the `failures`-th failure in a row (1 → 5 s). */
export function retryDelayMs(failures: number): number {
  if (failures < 1) return 0;
  return RETRY_DELAYS_MS[failures - 1] ?? RETRY_DELAY_CAP_MS;
}

export type RetryDecision = { kind: "retry"; at: number } | { kind: "give_up" };

/**
 * After a failed automatic attempt: when to try again, or give up. The last try lands exactly at
 * the end of the window (rather than past it), so a receiver back on day 3 still gets everything.
 */
export function nextAttemptAfterFailure(input: {
  /** When the delivery was first attempted (this attempt, for the first failure). */
  firstAttemptAt: number;
  /** Failed attempts so far, this one included. */
  failures: number;
  now: number;
}): RetryDecision {
  const deadline = input.firstAttemptAt + RETRY_WINDOW_MS;
  if (input.now >= deadline) return { kind: "give_up" };
  return { kind: "retry", at: Math.min(input.now + retryDelayMs(input.failures), deadline) };
}

/**
 * The endpoint's next allowed attempt after a failure at `now`, given the first failure of the run
 * (`failingSince`). Its step is how many of the schedule's cumulative delays have already passed:
 * failures at 0 s, 5 s, 35 s, 2 min 35 s… — the same curve as one delivery's, for the endpoint.
 */
export function endpointRetryAfter(input: { failingSince: number; now: number }): number {
  const failingFor = Math.max(0, input.now - input.failingSince);
  let elapsed = 0;
  let step = 1;
  for (const delay of RETRY_DELAYS_MS) {
    elapsed += delay;
    if (elapsed > failingFor) break;
    step += 1;
  }
  return input.now + retryDelayMs(step);
}

/** True when an endpoint failing since `failingSince` must be disabled after a failure at `now`. */
export function shouldDisableEndpoint(input: { failingSince: number; now: number }): boolean {
  return input.now - input.failingSince >= ENDPOINT_DISABLE_AFTER_MS;
}

/**
 * Whether a failed attempt says the receiver as a whole is unavailable — no answer at all
 * (`statusCode` null: refused, timeout, blocked address), 5xx, 408, 429, or a redirect (every
 * delivery would get it) — so the endpoint backs off (retryAfter) for all its deliveries. Another
 * 4xx rejects this one delivery: it follows its own schedule and does not hold the others back (a
 * payload the receiver cannot take must not delay every other event), though it still counts
 * toward the endpoint's failing run (failingSince), so an endpoint that rejects everything is
 * still disabled after 3 days.
 */
export function isEndpointWideFailure(statusCode: number | null): boolean {
  if (statusCode === null) return true;
  return (
    statusCode >= 500 || statusCode === 408 || statusCode === 429 || (statusCode >= 300 && statusCode < 400)
  );
}
