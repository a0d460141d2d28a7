import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import {
  beginLoginAttempt,
  LOGIN_FAILURE_WINDOW_MS,
  resetLoginThrottle,
  type LoginThrottleLimits,
} from "./login-throttle";

const T0 = 1_800_000_000_000;
const LIMITS: LoginThrottleLimits = { perUser: 10, perAddress: 30 };
const GUESSER = "203.0.113.7";
const OFFICE = "198.51.100.20";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

/** One failed sign-in (the attempt never succeeds), or the refusal it met. */
async function fail(email: string, address: string, now: number, limits = LIMITS) {
  try {
    await beginLoginAttempt(email, address, limits, now);
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      code: error.code,
      status: error.status,
      retryAfter: error.extra?.retryAfter,
      message: error.message,
    };
  }
}

afterEach(() => resetLoginThrottle());

describe("login throttle", () => {
  it("refuses an e-mail from one address after 10 failures in 15 minutes, until its oldest failure leaves the window", async () => {
    for (let i = 0; i < 10; i++) expect(await fail("ana@empresa.do", GUESSER, T0 + i * 1_000)).toBeNull();
    expect(await fail("ana@empresa.do", GUESSER, T0 + 10_000)).toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfter: 890,
      message: expect.stringContaining("para este usuario"),
    });
    expect(await fail("otro@empresa.do", GUESSER, T0 + 10_000)).toBeNull();
    // The oldest failure (T0) expires: one attempt is allowed again.
    expect(await fail("ana@empresa.do", GUESSER, T0 + LOGIN_FAILURE_WINDOW_MS)).toBeNull();
  });

  it("a guesser cannot lock the user out: the same e-mail from another address still signs in", async () => {
    for (let i = 0; i < 20; i++) await fail("ana@empresa.do", GUESSER, T0 + i);
    expect((await fail("ana@empresa.do", GUESSER, T0 + 100))?.code).toBe("RATE_LIMITED");
    const fromOffice = await beginLoginAttempt("ana@empresa.do", OFFICE, LIMITS, T0 + 100);
    await fromOffice.succeeded();
  });

  it("one address spraying e-mails is refused after 30 failures, whatever the e-mail, and others are not", async () => {
    for (let i = 0; i < 30; i++) expect(await fail(`user${i}@empresa.do`, GUESSER, T0 + i)).toBeNull();
    for (let i = 30; i < 600; i++) {
      expect(await fail(`user${i}@empresa.do`, GUESSER, T0 + 1_000 + i)).toMatchObject({
        code: "RATE_LIMITED",
        retryAfter: expect.any(Number),
        message: expect.stringContaining("desde esta dirección"),
      });
    }
    expect(await fail("user0@empresa.do", OFFICE, T0 + 2_000)).toBeNull();
  });

  it("counts an attempt from its start, so parallel attempts cannot overshoot the limit", async () => {
    const started = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        beginLoginAttempt(`p${i}@empresa.do`, GUESSER, { perUser: 10, perAddress: 10 }, T0),
      ),
    );
    expect(started).toHaveLength(10);
    expect((await fail("p10@empresa.do", GUESSER, T0, { perUser: 10, perAddress: 10 }))?.code).toBe(
      "RATE_LIMITED",
    );
  });

  it("a success clears its (e-mail, address) count and is not a failure, but keeps the address's earlier failures", async () => {
    const limits = { perUser: 3, perAddress: 6 };
    for (let i = 0; i < 2; i++) await fail("ana@empresa.do", GUESSER, T0, limits);
    for (let i = 0; i < 2; i++) await fail("eva@empresa.do", GUESSER, T0, limits);
    await (await beginLoginAttempt("ana@empresa.do", GUESSER, limits, T0)).succeeded();
    // ana's two failures are gone (a third would have locked her); the address keeps its four.
    expect(await fail("ana@empresa.do", GUESSER, T0, limits)).toBeNull();
    expect(await fail("ana@empresa.do", GUESSER, T0, limits)).toBeNull();
    // The address had 4 failures before the success and 6 now: its limit, whoever signs in.
    expect((await fail("zoe@empresa.do", GUESSER, T0, limits))?.message).toContain("desde esta dirección");
  });

  it("0 disables a limit", async () => {
    for (let i = 0; i < 50; i++)
      expect(await fail("ana@empresa.do", GUESSER, T0, { perUser: 0, perAddress: 0 })).toBeNull();
    for (let i = 0; i < 50; i++)
      expect(await fail(`u${i}@empresa.do`, GUESSER, T0, { perUser: 2, perAddress: 0 })).toBeNull();
    expect(await fail("u0@empresa.do", GUESSER, T0, { perUser: 2, perAddress: 0 })).toBeNull();
    expect((await fail("u0@empresa.do", GUESSER, T0, { perUser: 2, perAddress: 0 }))?.code).toBe(
      "RATE_LIMITED",
    );
  });
});
