import "server-only";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb } from "@/lib/server/platform/db";

import { clearSharedLimits, pruneNowAndThen, takeToken, type LimitDb } from "./shared-limits";

/**
 * Per-account throttle (token bucket): VOID_RATE_LIMIT_PER_MINUTE requests a minute with bursts of
 * the same size (default 120; 0 disables). Above it: 429 RATE_LIMITED with Retry-After in seconds.
 * The bucket lives in the database (limits/shared-limits.ts), so the limit holds for the whole
 * deployment however many instances share the load. `db` defaults to the process's database.
 */
const REFILL_WINDOW_MS = 60_000;

export async function enforceRateLimit(key: string, now: number = Date.now(), db?: LimitDb): Promise<void> {
  const capacity = loadConfig().voidRateLimitPerMinute;
  if (capacity === 0) return;
  const client = db ?? (await getDb());
  const refillPerMs = capacity / REFILL_WINDOW_MS;
  const take = await takeToken(client, key, capacity, refillPerMs, now);
  // A bucket untouched for a whole refill window is full again: its row can go.
  await pruneNowAndThen(client, "RateLimitBucket", now, REFILL_WINDOW_MS);
  if (take.granted) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((1 - take.tokens) / refillPerMs / 1000));
  throw new AppError("RATE_LIMITED", `Demasiadas solicitudes; reintente en ${retryAfterSeconds} s.`, {
    extra: { retryAfter: retryAfterSeconds },
  });
}

/** Tests: forgets every void bucket of the process's database. */
export async function resetRateLimits(): Promise<void> {
  await clearSharedLimits(await getDb(), "RateLimitBucket");
}
