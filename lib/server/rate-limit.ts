import "server-only";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/config/load-config";

/**
 * Per-account throttle (token bucket, per app instance): VOID_RATE_LIMIT_PER_MINUTE requests a
 * minute with bursts of the same size (default 120; 0 disables). Above it: 429 RATE_LIMITED with
 * Retry-After in seconds. With several instances the effective limit is per instance.
 */
interface Bucket {
  tokens: number;
  updatedAt: number;
}

const buckets = new Map<string, Bucket>();

export function enforceRateLimit(key: string, now: number = Date.now()): void {
  const capacity = loadConfig().voidRateLimitPerMinute;
  if (capacity === 0) return;
  const refillPerMs = capacity / 60_000;
  const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: now };
  bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
  bucket.updatedAt = now;
  buckets.set(key, bucket);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return;
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  throw new AppError("RATE_LIMITED", `Demasiadas solicitudes; reintente en ${retryAfterSeconds} s.`, {
    extra: { retryAfter: retryAfterSeconds },
  });
}

export function resetRateLimits(): void {
  buckets.clear();
}
