import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/server/http";
import { enforceRateLimit, resetRateLimits } from "./rate-limit";
import { setEnvForTests } from "@/lib/server/config/load-config";

describe("per-account rate limit", () => {
  afterEach(() => {
    delete process.env.VOID_RATE_LIMIT_PER_MINUTE;
    resetRateLimits();
  });

  it("lets a burst of the configured size through, then answers 429 with Retry-After", async () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "3" });
    const handler = route(async () => {
      enforceRateLimit("void:acct-1", 1_000_000);
      return new Response("{}");
    });
    const request = () => handler(new Request("http://x/TesteCF/customer/void-ncf"), {});
    for (let i = 0; i < 3; i++) expect((await request()).status).toBe(200);
    const throttled = await request();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("20");
    expect(await throttled.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: 20 });
  });

  it("refills over time and keeps accounts apart", () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "1" });
    enforceRateLimit("a", 0);
    expect(() => enforceRateLimit("a", 1_000)).toThrow(AppError);
    expect(() => enforceRateLimit("b", 1_000)).not.toThrow();
    expect(() => enforceRateLimit("a", 60_000)).not.toThrow();
  });

  it("0 disables it", () => {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: "0" });
    for (let i = 0; i < 1000; i++) enforceRateLimit("a", 0);
  });
});
