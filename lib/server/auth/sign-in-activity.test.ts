import { beforeEach, describe, expect, it } from "vitest";

import { AppError } from "@/lib/errors";

import { resetThrottleLogForTests, throttleWorthLogging } from "./sign-in-activity";

const throttled = new AppError("RATE_LIMITED", "Demasiados intentos.");

beforeEach(() => resetThrottleLogForTests());

describe("which throttled sign-ins are logged", () => {
  it("only the throttle's refusals, once a minute per username and address", () => {
    const now = 1_800_000_000_000;
    expect(
      throttleWorthLogging(new AppError("INVALID_CREDENTIALS", "x"), "ana@x.do", "203.0.113.1", now),
    ).toBe(false);
    expect(throttleWorthLogging(throttled, "ana@x.do", "203.0.113.1", now)).toBe(true);
    expect(throttleWorthLogging(throttled, "ana@x.do", "203.0.113.1", now + 59_000)).toBe(false);
    expect(throttleWorthLogging(throttled, "ana@x.do", "203.0.113.2", now + 59_000)).toBe(true);
    expect(throttleWorthLogging(throttled, "ana@x.do", "203.0.113.1", now + 61_000)).toBe(true);
  });

  it("at most 10 a minute from one address, whatever the usernames (a spray)", () => {
    const now = 1_800_000_000_000;
    const logged = Array.from({ length: 600 }, (_, index) =>
      throttleWorthLogging(throttled, `user${index}@x.do`, "203.0.113.9", now + index),
    ).filter(Boolean);
    expect(logged).toHaveLength(10);
    expect(throttleWorthLogging(throttled, "late@x.do", "203.0.113.9", now + 60_001)).toBe(true);
  });
});
