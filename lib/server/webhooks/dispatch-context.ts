import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, type PrismaClient } from "@/lib/server/platform/db";

import type { Resolver } from "./guarded-lookup";
import type { SendContext } from "./send-delivery";

/** How a dispatch runs; what is not given comes from the configuration (WEBHOOK_*, TAXAUTH). */
export interface DispatchOptions {
  db?: PrismaClient;
  /** Scheduling clock (epoch ms): tests move it to make retries due. */
  now?: () => number;
  /** DNS resolution of receivers (tests make a name change between deliveries). */
  resolver?: Resolver;
  /** Deliveries in flight at once on this instance (default 100). */
  concurrency?: number;
  timeoutMs?: number;
  /** Loopback and http:// allowed: simulator mode only (default from TAXAUTH). */
  allowLoopback?: boolean;
}

/**
 * Deliveries in flight at once on one instance: a receiver that times out holds one slot for
 * WEBHOOK_TIMEOUT_MS, the others keep going; a burst is sent in rounds this large.
 */
export const DEFAULT_CONCURRENCY = 100;
/** Beyond one attempt's timeout: how long a claim may wait for its answer to be written. */
const LEASE_MARGIN_MS = 30_000;

/** The options with their defaults filled in. */
export interface Resolved extends SendContext {
  db: PrismaClient;
  concurrency: number;
  leaseMs: number;
}

export async function resolveDispatch(options: DispatchOptions): Promise<Resolved> {
  const config = loadConfig();
  const timeoutMs = options.timeoutMs ?? config.webhooks.timeoutMs;
  return {
    db: options.db ?? (await getDb()),
    now: options.now ?? Date.now,
    resolver: options.resolver,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    timeoutMs,
    allowLoopback: options.allowLoopback ?? config.taxAuth.mode === "simulator",
    leaseMs: timeoutMs + LEASE_MARGIN_MS,
  };
}
