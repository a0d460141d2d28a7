import "server-only";

import type { PrismaClient } from "@/prisma/generated/client";

/**
 * Limits counted in the database, so every instance of a deployment shares them: the
 * void rate limit (a token bucket per account) and the sign-in throttle (failure times in a sliding
 * window per address and per e-mail + address). Each take is ONE statement — INSERT … ON CONFLICT
 * DO UPDATE … RETURNING — so PostgreSQL's row lock on the key makes concurrent takes from any number
 * of instances queue up: two instances can never both take the last token or the last slot.
 *
 * Why not rate-limiter-flexible (checked against its sources, v11): its RateLimiterPrisma reads the
 * row and then writes it inside an interactive transaction (findFirst, then update or create), which
 * under PostgreSQL's READ COMMITTED loses updates between instances (both read 9, both write 10) or
 * fails with a unique violation when two create the same key at once; RateLimiterPostgres is atomic
 * but needs a node-postgres Pool/Client (or Knex/Sequelize) of its own — it cannot go through
 * Prisma's driver adapter, and PGlite has no such pool. Both only count fixed windows: the void
 * limit here is a token bucket (3 a minute refuses with Retry-After 20 s, not 60 s) and the sign-in
 * throttle a sliding window whose successful attempt is taken back; a fixed window would also let
 * twice the limit through around a window's edge. So the same two algorithms as before, in SQL.
 *
 * Times are the caller's clock (epoch ms), like the in-memory limits were (tests pass their own).
 */
export type LimitDb = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

export interface BucketTake {
  granted: boolean;
  /** Tokens left after this take (fractional: the bucket refills continuously). */
  tokens: number;
}

/**
 * Takes `count` tokens (one by default), all or none, from `key`'s bucket of `capacity` tokens
 * refilling at `refillPerMs` tokens per millisecond (a new key starts full). Refused: nothing is taken.
 */
export async function takeToken(
  db: LimitDb,
  key: string,
  capacity: number,
  refillPerMs: number,
  now: number,
  count = 1,
): Promise<BucketTake> {
  // The level before this take: what was left, refilled for the time since, at most the capacity.
  // Every SET expression sees the row as it was, so `level` is the same in all three.
  const rows = await db.$queryRaw<Array<{ tokens: number; granted: boolean }>>`
    INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "updatedAt", "granted")
    VALUES (
      ${key},
      CASE WHEN ${capacity}::float8 >= ${count}::float8 THEN ${capacity}::float8 - ${count}::float8 ELSE ${capacity}::float8 END,
      ${now}::bigint,
      ${capacity}::float8 >= ${count}::float8)
    ON CONFLICT ("key") DO UPDATE SET
      "tokens" = CASE
        WHEN LEAST(${capacity}::float8, b."tokens" + GREATEST(0, ${now}::bigint - b."updatedAt") * ${refillPerMs}::float8) >= ${count}::float8
        THEN LEAST(${capacity}::float8, b."tokens" + GREATEST(0, ${now}::bigint - b."updatedAt") * ${refillPerMs}::float8) - ${count}::float8
        ELSE LEAST(${capacity}::float8, b."tokens" + GREATEST(0, ${now}::bigint - b."updatedAt") * ${refillPerMs}::float8)
      END,
      "updatedAt" = GREATEST(b."updatedAt", ${now}::bigint),
      "granted" = LEAST(${capacity}::float8, b."tokens" + GREATEST(0, ${now}::bigint - b."updatedAt") * ${refillPerMs}::float8) >= ${count}::float8
    RETURNING "tokens", "granted"`;
  const row = rows[0]!;
  return { granted: row.granted, tokens: Number(row.tokens) };
}

/** Puts back `count` tokens taken for work that will not happen (at most up to the capacity). */
export async function giveBackTokens(
  db: LimitDb,
  key: string,
  capacity: number,
  count: number,
): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateLimitBucket" SET "tokens" = LEAST(${capacity}::float8, "tokens" + ${count}::float8)
    WHERE "key" = ${key}`;
}

export interface WindowTake {
  granted: boolean;
  /** The oldest time still in the window after this take (epoch ms). */
  oldest: number;
}

/**
 * Records `now` in `key`'s window when fewer than `limit` times lie within the last `windowMs`
 * (times that left it are dropped on the way). Refused: nothing is recorded.
 */
export async function takeWindowSlot(
  db: LimitDb,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<WindowTake> {
  const rows = await db.$queryRaw<Array<{ times: Array<bigint | number | string>; granted: boolean }>>`
    INSERT INTO "RateLimitWindow" AS w ("key", "times", "updatedAt", "granted")
    VALUES (${key}, ARRAY[${now}::bigint], ${now}::bigint, true)
    ON CONFLICT ("key") DO UPDATE SET
      "times" = CASE
        WHEN (SELECT count(*) FROM unnest(w."times") AS t WHERE t > ${now}::bigint - ${windowMs}::bigint) < ${limit}
        THEN ARRAY(SELECT t FROM unnest(w."times") AS t WHERE t > ${now}::bigint - ${windowMs}::bigint ORDER BY t) || ${now}::bigint
        ELSE ARRAY(SELECT t FROM unnest(w."times") AS t WHERE t > ${now}::bigint - ${windowMs}::bigint ORDER BY t)
      END,
      "updatedAt" = GREATEST(w."updatedAt", ${now}::bigint),
      "granted" = (SELECT count(*) FROM unnest(w."times") AS t WHERE t > ${now}::bigint - ${windowMs}::bigint) < ${limit}
    RETURNING "times", "granted"`;
  const row = rows[0]!;
  const times = row.times.map(Number);
  return { granted: row.granted, oldest: times.length > 0 ? Math.min(...times) : now };
}

/** Takes one occurrence of `time` back out of `key`'s window (an attempt that was no failure). */
export async function releaseWindowSlot(db: LimitDb, key: string, time: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateLimitWindow"
    SET "times" = "times"[:array_position("times", ${time}::bigint) - 1]
               || "times"[array_position("times", ${time}::bigint) + 1:]
    WHERE "key" = ${key} AND array_position("times", ${time}::bigint) IS NOT NULL`;
}

/** Forgets `key`'s window entirely. */
export async function clearWindow(db: LimitDb, key: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "RateLimitWindow" WHERE "key" = ${key}`;
}

const PRUNE_EVERY_MS = 60_000;
const prunedAt = new Map<string, number>();

/**
 * Deletes, at most once a minute per instance and table, what no longer limits anyone: buckets idle
 * for `idleMs` (refilled to full, which a missing row also means), or windows whose last attempt
 * left the window `idleMs` ago. Safe at any time from any instance.
 */
export async function pruneNowAndThen(
  db: LimitDb,
  table: "RateLimitBucket" | "RateLimitWindow",
  now: number,
  idleMs: number,
): Promise<void> {
  const last = prunedAt.get(table);
  if (last !== undefined && Math.abs(now - last) < PRUNE_EVERY_MS) return;
  prunedAt.set(table, now);
  const before = now - idleMs;
  if (table === "RateLimitBucket") {
    await db.$executeRaw`DELETE FROM "RateLimitBucket" WHERE "updatedAt" < ${before}::bigint`;
  } else {
    await db.$executeRaw`DELETE FROM "RateLimitWindow" WHERE "updatedAt" < ${before}::bigint`;
  }
}

/** Tests: forgets every count of one table. */
export async function clearSharedLimits(
  db: LimitDb,
  table: "RateLimitBucket" | "RateLimitWindow",
): Promise<void> {
  if (table === "RateLimitBucket") await db.$executeRaw`DELETE FROM "RateLimitBucket"`;
  else await db.$executeRaw`DELETE FROM "RateLimitWindow"`;
}
