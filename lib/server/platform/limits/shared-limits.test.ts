import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { openDatabase, postgresTarget, type OpenDatabase } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { giveBackTokens, takeToken } from "@/lib/server/platform/limits/shared-limits";
import type { PrismaClient } from "@/prisma/generated/client";

type RateLimitModule = typeof import("@/lib/server/platform/limits/rate-limit");
type ThrottleModule = typeof import("@/lib/server/auth/login-throttle");

/** One app instance's limiters: its own module instances (no memory shared) and its own client. */
interface Instance {
  db: PrismaClient;
  rateLimit: RateLimitModule;
  throttle: ThrottleModule;
  config: typeof import("@/lib/server/platform/config/load-config");
}

async function loadInstance(db: PrismaClient): Promise<Instance> {
  vi.resetModules();
  return {
    db,
    rateLimit: await import("@/lib/server/platform/limits/rate-limit"),
    throttle: await import("@/lib/server/auth/login-throttle"),
    config: await import("@/lib/server/platform/config/load-config"),
  };
}

/**
 * Two instances of one deployment share the void rate limit and the sign-in throttle through the
 * database. On PostgreSQL (TEST_DATABASE_URL) each instance has its own Prisma client and pool on
 * the same schema, so concurrent takes really race on separate connections; PGlite is one
 * in-process connection, so there the two instances are separate limiter modules on one client.
 */
describe("limits shared by every instance", () => {
  let database: TestDatabase;
  let second: OpenDatabase | undefined;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const serverUrl = process.env.TEST_DATABASE_URL?.trim();
    if (serverUrl) second = await openDatabase(postgresTarget(serverUrl, database.schema));
    a = await loadInstance(database.prisma);
    b = await loadInstance(second?.prisma ?? database.prisma);
    expect(a.rateLimit).not.toBe(b.rateLimit);
  });
  /** Each instance's module graph caches its own configuration. */
  function setVoidLimit(perMinute: string | undefined) {
    setEnvForTests({ VOID_RATE_LIMIT_PER_MINUTE: perMinute });
    a.config.resetConfigForTests();
    b.config.resetConfigForTests();
  }

  afterAll(async () => {
    setVoidLimit(undefined);
    await second?.close();
    await database?.dispose();
  });

  it("a void limit of 4 a minute holds across two instances: the fifth, on either, is 429", async () => {
    setVoidLimit("4");
    const now = 7_000_000;
    await a.rateLimit.enforceRateLimit("void:shared-1", now, a.db);
    await b.rateLimit.enforceRateLimit("void:shared-1", now, b.db);
    await a.rateLimit.enforceRateLimit("void:shared-1", now, a.db);
    await b.rateLimit.enforceRateLimit("void:shared-1", now, b.db);
    // Each instance alone has let two through; per instance the limit would still allow two more.
    await expect(a.rateLimit.enforceRateLimit("void:shared-1", now, a.db)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      extra: { retryAfter: 15 },
    });
    await expect(b.rateLimit.enforceRateLimit("void:shared-1", now, b.db)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("concurrent voids split across the instances get exactly the limit, no more", async () => {
    setVoidLimit("10");
    const now = 8_000_000;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => {
        const instance = i % 2 === 0 ? a : b;
        return instance.rateLimit.enforceRateLimit("void:race", now, instance.db);
      }),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "RATE_LIMITED" });
    }
  });

  it("several tokens are taken all or none, and what is given back can be taken again", async () => {
    const now = 1_000_000;
    // A bucket of 5 refilling nothing meanwhile (the same instant throughout).
    expect(await takeToken(a.db, "batch:1", 5, 5 / 60_000, now, 3)).toMatchObject({
      granted: true,
      tokens: 2,
    });
    expect(await takeToken(b.db, "batch:1", 5, 5 / 60_000, now, 3)).toMatchObject({
      granted: false,
      tokens: 2,
    });
    expect(await takeToken(a.db, "batch:1", 5, 5 / 60_000, now, 2)).toMatchObject({
      granted: true,
      tokens: 0,
    });
    await giveBackTokens(b.db, "batch:1", 5, 9);
    expect(await takeToken(a.db, "batch:1", 5, 5 / 60_000, now, 5)).toMatchObject({
      granted: true,
      tokens: 0,
    });
    // More than the capacity is never granted, not even to a new key.
    expect(await takeToken(a.db, "batch:2", 5, 5 / 60_000, now, 6)).toMatchObject({
      granted: false,
      tokens: 5,
    });
  });

  it("the sign-in throttle counts one address's failures on both instances together", async () => {
    const limits = { perUser: 3, perAddress: 5 };
    const now = 1_900_000_000_000;
    const attempt = (instance: Instance, email: string) =>
      instance.throttle.beginLoginAttempt(email, "203.0.113.9", limits, now, instance.db);
    await attempt(a, "ana@empresa.do");
    await attempt(b, "ana@empresa.do");
    await attempt(a, "ana@empresa.do");
    // Three failures of ana from this address, two on each instance's side: the fourth is refused.
    await expect(attempt(b, "ana@empresa.do")).rejects.toMatchObject({
      code: "RATE_LIMITED",
      extra: { retryAfter: 900 },
      message: expect.stringContaining("para este usuario"),
    });
    await attempt(b, "eva@empresa.do");
    await attempt(a, "eva@empresa.do");
    await expect(attempt(a, "zoe@empresa.do")).rejects.toMatchObject({
      message: expect.stringContaining("desde esta dirección"),
    });
    // A success on one instance clears what the other counted for that e-mail.
    await b.throttle.resetLoginThrottle();
    await attempt(a, "ana@empresa.do");
    await (await attempt(b, "ana@empresa.do")).succeeded();
    const rows = await database.prisma.rateLimitWindow.findMany();
    expect(rows.every((row) => !row.key.includes("ana") && !row.key.includes("203.0.113.9"))).toBe(true);
    expect(rows.map((row) => row.times.length).sort()).toEqual([1]);
  });

  it("parallel sign-in attempts on both instances never pass the address's limit", async () => {
    const limits = { perUser: 100, perAddress: 10 };
    const now = 1_900_000_100_000;
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => {
        const instance = i % 2 === 0 ? a : b;
        return instance.throttle.beginLoginAttempt(
          `u${i}@empresa.do`,
          "198.51.100.7",
          limits,
          now,
          instance.db,
        );
      }),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
  });
});
