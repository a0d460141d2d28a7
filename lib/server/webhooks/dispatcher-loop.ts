import "server-only";

import { logger } from "@/lib/server/platform/config/logger";

import { claimDueDeliveryIds, hasDueDeliveries, loadDeliveries } from "./claim-deliveries";
import {
  DEFAULT_CONCURRENCY,
  resolveDispatch,
  type DispatchOptions,
  type Resolved,
} from "./dispatch-context";
import { FAN_OUT_BATCH, fanOutEvents, hasUnprocessedEvents } from "./fan-out";
import { recordAttempts, type AttemptResult } from "./record-outcomes";
import { sendDelivery } from "./send-delivery";

/** Answers are written together: up to this many per transaction, or after this wait. */
const WRITE_GROUP = 100;
const WRITE_DELAY_MS = 20;

/**
 * The per-instance loop. Sends run in the background (at most `concurrency` at once), so a slow
 * receiver holds one slot for up to WEBHOOK_TIMEOUT_MS and never the others; the answers are
 * written in groups (one transaction per group) as they come.
 */
export class DispatcherLoop {
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
      const context = await resolveDispatch(this.options);
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
