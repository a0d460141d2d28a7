import { afterEach, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import {
  assertLoginAllowed,
  clearLoginFailures,
  LOGIN_FAILURE_WINDOW_MS,
  recordLoginFailure,
  resetLoginThrottle,
} from "./login-throttle";

const T0 = 1_800_000_000_000;

function refusal(username: string, now: number) {
  try {
    assertLoginAllowed(username, now);
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, status: error.status, retryAfter: error.extra?.retryAfter };
  }
}

afterEach(() => {
  resetLoginThrottle();
  delete process.env.AUTH_MAX_FAILED_LOGINS;
});

describe("login throttle", () => {
  it("refuses a username after 10 failures in 15 minutes, until its oldest failure leaves the window", () => {
    for (let i = 0; i < 9; i++) recordLoginFailure("ana@empresa.do", T0 + i * 1_000);
    expect(refusal("ana@empresa.do", T0 + 9_500)).toBeNull();
    recordLoginFailure("ana@empresa.do", T0 + 10_000);
    expect(refusal("ana@empresa.do", T0 + 10_000)).toEqual({
      code: "RATE_LIMITED",
      status: 429,
      retryAfter: 890,
    });
    expect(refusal("otro@empresa.do", T0 + 10_000)).toBeNull();
    // The oldest failure (T0) expires: one attempt is allowed again.
    expect(refusal("ana@empresa.do", T0 + LOGIN_FAILURE_WINDOW_MS)).toBeNull();
  });

  it("a successful sign-in clears the count", () => {
    for (let i = 0; i < 10; i++) recordLoginFailure("ana@empresa.do", T0);
    clearLoginFailures("ana@empresa.do");
    expect(refusal("ana@empresa.do", T0)).toBeNull();
  });

  it("AUTH_MAX_FAILED_LOGINS sets the limit; 0 disables it", () => {
    process.env.AUTH_MAX_FAILED_LOGINS = "2";
    recordLoginFailure("ana@empresa.do", T0);
    expect(refusal("ana@empresa.do", T0)).toBeNull();
    recordLoginFailure("ana@empresa.do", T0);
    expect(refusal("ana@empresa.do", T0)?.code).toBe("RATE_LIMITED");
    process.env.AUTH_MAX_FAILED_LOGINS = "0";
    for (let i = 0; i < 50; i++) recordLoginFailure("ana@empresa.do", T0);
    expect(refusal("ana@empresa.do", T0)).toBeNull();
  });
});
