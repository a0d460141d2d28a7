import "server-only";

import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { getDb, type PrismaClient } from "@/lib/server/db";

import { claimDueDeliveryIds, hasDueDeliveries, loadDeliveries } from "./claim-deliveries";
import { FAN_OUT_BATCH, fanOutEvents, hasUnprocessedEvents } from "./fan-out";
import type { Resolver } from "./guarded-lookup";
import { recordAttempts, type AttemptResult } from "./record-outcomes";
import { sendDelivery, type SendContext } from "./send-delivery";

/**
 * The webhook dispatcher (issue 21). Each instance runs one loop (startWebhookDispatcher, from
 * lib/server/jobs/background-work.ts) that every WEBHOOK_POLL_MS (250 ms) fans new outbox events
 * out into deliveries and sends the due ones, so an event reaches its receiver well within a second
 * of the state change. It is a loop and not a queued job because a job queue's polling (pg-boss:
 * ≥ 0.5 s, plus the job's own scheduling) would eat that second; correctness across instances comes
 * from the database instead: the fan-out is exactly once (fan-out.ts) and deliveries are claimed
 * with leases (claim-deliveries.ts), so N instances share the work and a dead one's claims are
 * taken over. An idle look is two cheap indexed queries.
 */

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
/** Answers are written together: up to this many per transaction, or after this wait. */
const WRITE_GROUP = 100;
const WRITE_DELAY_MS = 20;
/** dispatchOnce's bound, so a test's call always returns. */
const MAX_ROUNDS = 50;

export interface DispatchSummary {
  events: number;
  deliveriesCreated: number;
  attempted: number;
  delivered: number;
}

interface Resolved extends SendContext {
  db: PrismaClient;
  concurrency: number;
  leaseMs: number;
}

async function resolve(options: DispatchOptions): Promise<Resolved> {
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

/** Fans out every waiting event (batches of FAN_OUT_BATCH). */
async function fanOutAll(context: Resolved): Promise<{ events: number; deliveries: number }> {
  const total = { events: 0, deliveries: 0 };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const batch = await fanOutEvents(context.db, { now: context.now() });
    total.events += batch.events;
    total.deliveries += batch.deliveries;
    if (batch.events < FAN_OUT_BATCH) break;
  }
  return total;
}

/**
 * One full pass, awaited: fan-out, then rounds of claim → send (up to `concurrency` at once) →
 * record, until nothing is due at `now`. Tests and the bench call it; the loop below does the same work
 * without waiting on slow receivers.
 */
export async function dispatchOnce(options: DispatchOptions = {}): Promise<DispatchSummary> {
  const context = await resolve(options);
  const fanned = await fanOutAll(context);
  const summary: DispatchSummary = {
    events: fanned.events,
    deliveriesCreated: fanned.deliveries,
    attempted: 0,
    delivered: 0,
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const claimed = await claimDueDeliveryIds(context.db, {
      now: context.now(),
      limit: context.concurrency,
      leaseMs: context.leaseMs,
    });
    if (claimed.ids.length === 0) break;
    const deliveries = await loadDeliveries(context.db, claimed.ids);
    const results = await Promise.all(deliveries.map((delivery) => sendDelivery(delivery, context)));
    await recordAttempts(context.db, results, { now: context.now() });
    summary.attempted += results.length;
    summary.delivered += results.filter((result) => result.outcome.delivered).length;
    // Not only while batches are full: a probe's success makes its endpoint's other deliveries
    // due at once, and a failure pushes its own beyond `now`, so this ends.
  }
  return summary;
}

/**
 * The per-instance loop. Sends run in the background (at most `concurrency` at once), so a slow
 * receiver holds one slot for up to WEBHOOK_TIMEOUT_MS and never the others; the answers are
 * written in groups (one transaction per group) as they come.
 */
class DispatcherLoop {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;
  private inFlight = new Set<Promise<void>>();
  private answers: AttemptResult[] = [];
  private writing: Promise<void> | undefined;
  private writeTimer: NodeJS.Timeout | undefined;
  private lastContext: Resolved | undefined;

  constructor(
    private readonly options: DispatchOptions,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    let busy = false;
    try {
      const context = await resolve(this.options);
      if (await hasUnprocessedEvents(context.db)) {
        const fanned = await fanOutEvents(context.db, { now: context.now() });
        busy = fanned.events >= FAN_OUT_BATCH;
      }
      const free = context.concurrency - this.inFlight.size;
      if (free > 0 && (await hasDueDeliveries(context.db, context.now()))) {
        const claimed = await claimDueDeliveryIds(context.db, {
          now: context.now(),
          limit: free,
          leaseMs: context.leaseMs,
        });
        busy ||= claimed.full;
        for (const delivery of await loadDeliveries(context.db, claimed.ids)) {
          // The slot frees when the answer comes; writing it is grouped with others (answered).
          const running: Promise<void> = sendDelivery(delivery, context)
            .then((result) => this.answered(result, context))
            .finally(() => {
              this.inFlight.delete(running);
              // Half the slots free and more waiting: the next round now, not at the next poll.
              // (Not at every free slot: a round of one delivery costs as much as a round of 100.)
              if (busy && this.inFlight.size <= context.concurrency / 2) this.schedule(0);
            });
          this.inFlight.add(running);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, "Webhook dispatch round failed; retrying at the next poll");
    } finally {
      this.ticking = false;
      this.schedule(
        busy && this.inFlight.size < (this.options.concurrency ?? DEFAULT_CONCURRENCY) ? 0 : this.pollMs,
      );
    }
  }

  /**
   * Group commit: an answer waits up to WRITE_DELAY_MS for others, then all are written in one
   * transaction (at once when WRITE_GROUP have gathered). Writing each alone would cost a
   * transaction per delivery — on PGlite, one connection shared with the whole app.
   */
  private answered(result: AttemptResult, context: Resolved): void {
    this.lastContext = context;
    this.answers.push(result);
    if (this.answers.length >= WRITE_GROUP) this.flushSoon(context, 0);
    else this.flushSoon(context, WRITE_DELAY_MS);
  }

  private flushSoon(context: Resolved, delayMs: number): void {
    if (this.writing) return; // the running write takes everything queued before it ends
    if (this.writeTimer && delayMs > 0) return;
    clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      this.writing = this.writeAll(context).finally(() => {
        this.writing = undefined;
      });
    }, delayMs);
  }

  private async writeAll(context: Resolved): Promise<void> {
    while (this.answers.length > 0) {
      const group = this.answers.splice(0, this.answers.length);
      try {
        await recordAttempts(context.db, group, { now: context.now() });
      } catch (error) {
        // Unwritten: the claims' leases run out and the deliveries are sent again (at least once).
        logger.warn({ err: error, count: group.length }, "Webhook attempts not recorded");
      }
    }
  }

  /** No new rounds; sends in flight get up to `timeoutMs` to finish and be written. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const drained = (async () => {
      while (this.inFlight.size > 0 || this.writing || this.writeTimer || this.answers.length > 0) {
        if (this.writeTimer || (this.answers.length > 0 && !this.writing)) {
          clearTimeout(this.writeTimer);
          this.writeTimer = undefined;
          this.writing ??= this.writeAll(this.lastContext!).finally(() => {
            this.writing = undefined;
          });
        }
        await Promise.allSettled([...this.inFlight, this.writing]);
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
}

// On globalThis: the built app bundles this module more than once (start hook and shutdown).
const holder = globalThis as typeof globalThis & { __anulaWebhookDispatcher?: DispatcherLoop };

/** Starts this instance's dispatcher loop (once per process). */
export function startWebhookDispatcher(options: DispatchOptions & { pollMs?: number } = {}): void {
  if (holder.__anulaWebhookDispatcher) return;
  const loop = new DispatcherLoop(options, options.pollMs ?? loadConfig().webhooks.pollMs);
  holder.__anulaWebhookDispatcher = loop;
  loop.start();
  logger.info("Webhook dispatcher started");
}

/** Stops the loop: no new claims; deliveries in flight get up to `timeoutMs` (default 10 s). */
export async function stopWebhookDispatcher(timeoutMs = 10_000): Promise<void> {
  const loop = holder.__anulaWebhookDispatcher;
  holder.__anulaWebhookDispatcher = undefined;
  await loop?.stop(timeoutMs);
}
