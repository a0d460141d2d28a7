import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/server/platform/http";
import { enforceRateLimit, resetRateLimits } from "./rate-limit";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("per-account rate limit", () => {
  afterEach(async () => {
    delete process.env.VOID_RATE_LIMIT_PER_MINUTE;
    await resetRateLimits();
  });

  it("lets a burst of the configured size through, then answers 429 with Retry-After", async () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "3" });
    const handler = route(async () => {
      await enforceRateLimit("void:acct-1", 1_000_000);
      return new Response("{}");
    });
    const request = () => handler(new Request("http://x/TesteCF/customer/void-ncf"), {});
    for (let i = 0; i < 3; i++) expect((await request()).status).toBe(200);
    const throttled = await request();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("20");
    expect(await throttled.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: 20 });
  });

  it("refills over time and keeps accounts apart", async () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "1" });
    await enforceRateLimit("a", 0);
    await expect(enforceRateLimit("a", 1_000)).rejects.toThrow(AppError);
    await expect(enforceRateLimit("b", 1_000)).resolves.toBeUndefined();
    await expect(enforceRateLimit("a", 60_000)).resolves.toBeUndefined();
  });

  it("0 disables it", async () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
    for (let i = 0; i < 1000; i++) await enforceRateLimit("a", 0);
  });

  it("counts in the database: a refused request takes no token, and a full bucket's row is pruned", async () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "2" });
    await enforceRateLimit("void:acct-2", 5_000_000);
    await enforceRateLimit("void:acct-2", 5_000_000);
    await expect(enforceRateLimit("void:acct-2", 5_000_000)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      extra: { retryAfter: 30 },
    });
    // Half a minute later one token is back (the refusal took none), and only one.
    await enforceRateLimit("void:acct-2", 5_030_000);
    await expect(enforceRateLimit("void:acct-2", 5_030_000)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const rows = () => database.prisma.rateLimitBucket.count({ where: { key: "void:acct-2" } });
    expect(await rows()).toBe(1);
    // Another account's request two minutes on: acct-2's bucket, full again, is deleted.
    await enforceRateLimit("void:acct-3", 5_150_000);
    expect(await rows()).toBe(0);
  });
});
