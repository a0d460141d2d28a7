import { describe, expect, it } from "vitest";

import {
  endpointRetryAfter,
  ENDPOINT_DISABLE_AFTER_MS,
  isEndpointWideFailure,
  nextAttemptAfterFailure,
  RETRY_DELAY_CAP_MS,
  RETRY_WINDOW_MS,
  retryDelayMs,
  shouldDisableEndpoint,
} from "./webhook-retry";

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const T0 = 1_800_000_000_000;

describe("webhook retry schedule", () => {
  it("grows exponentially, then every 12 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25].map(retryDelayMs)).toEqual([
      5 * S,
      30 * S,
      2 * M,
      10 * M,
      30 * M,
      1 * H,
      2 * H,
      4 * H,
      8 * H,
      12 * H,
      12 * H,
    ]);
    expect(retryDelayMs(0)).toBe(0);
    expect(RETRY_DELAY_CAP_MS).toBe(12 * H);
  });

  it("retries within 3 days of the first attempt, the last try exactly at the end, then gives up", () => {
    expect(nextAttemptAfterFailure({ firstAttemptAt: T0, failures: 1, now: T0 })).toEqual({
      kind: "retry",
      at: T0 + 5 * S,
    });
    expect(nextAttemptAfterFailure({ firstAttemptAt: T0, failures: 3, now: T0 + 40 * S })).toEqual({
      kind: "retry",
      at: T0 + 40 * S + 2 * M,
    });
    const lateNow = T0 + RETRY_WINDOW_MS - H;
    expect(nextAttemptAfterFailure({ firstAttemptAt: T0, failures: 14, now: lateNow })).toEqual({
      kind: "retry",
      at: T0 + RETRY_WINDOW_MS,
    });
    expect(nextAttemptAfterFailure({ firstAttemptAt: T0, failures: 15, now: T0 + RETRY_WINDOW_MS })).toEqual({
      kind: "give_up",
    });
    expect(RETRY_WINDOW_MS).toBe(72 * H);
  });

  it("backs an endpoint off by how long it has been failing (one probe per step)", () => {
    expect(endpointRetryAfter({ failingSince: T0, now: T0 })).toBe(T0 + 5 * S);
    expect(endpointRetryAfter({ failingSince: T0, now: T0 + 5 * S })).toBe(T0 + 5 * S + 30 * S);
    expect(endpointRetryAfter({ failingSince: T0, now: T0 + 35 * S })).toBe(T0 + 35 * S + 2 * M);
    expect(endpointRetryAfter({ failingSince: T0, now: T0 + 34 * S })).toBe(T0 + 34 * S + 30 * S);
    expect(endpointRetryAfter({ failingSince: T0, now: T0 + 2 * 24 * H })).toBe(T0 + 2 * 24 * H + 12 * H);
    // A clock that went backwards is treated as a first failure.
    expect(endpointRetryAfter({ failingSince: T0, now: T0 - S })).toBe(T0 - S + 5 * S);
  });

  it("disables an endpoint once it has been failing for 3 days", () => {
    expect(ENDPOINT_DISABLE_AFTER_MS).toBe(72 * H);
    expect(shouldDisableEndpoint({ failingSince: T0, now: T0 + 72 * H - 1 })).toBe(false);
    expect(shouldDisableEndpoint({ failingSince: T0, now: T0 + 72 * H })).toBe(true);
  });

  it("tells a receiver that is down from one delivery rejected", () => {
    for (const status of [null, 500, 502, 503, 504, 408, 429, 301, 302, 307]) {
      expect(isEndpointWideFailure(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 409, 410, 422])
      expect(isEndpointWideFailure(status)).toBe(false);
  });
});
