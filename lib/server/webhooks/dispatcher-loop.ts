import "server-only";

import { logger } from "@/lib/server/platform/config/logger";
import { ClaimLoop } from "@/lib/server/platform/jobs/claim-loop";

import {
  claimDueDeliveryIds,
  hasDueDeliveries,
  loadDeliveries,
  type ClaimedDelivery,
} from "./claim-deliveries";
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
 * The per-instance loop (platform/jobs/claim-loop.ts does the claiming and scheduling): each round
 * fans new events out to deliveries, then claims due deliveries as slots free up, so a slow receiver
 * holds one slot for up to WEBHOOK_TIMEOUT_MS and never the others; the answers are written in
 * groups (one transaction per group) as they come.
 */
export class DispatcherLoop {
  private readonly loop: ClaimLoop<{ delivery: ClaimedDelivery; context: Resolved }>;
  /** The round's context (the database, the clock, the lease), resolved at the start of each round. */
  private context: Resolved | undefined;
  private answers: AttemptResult[] = [];
  private writing: Promise<void> | undefined;
  private writeTimer: NodeJS.Timeout | undefined;
  private lastContext: Resolved | undefined;

  constructor(options: DispatchOptions, pollMs: number) {
    this.loop = new ClaimLoop(
      {
        beforeClaim: async () => {
          const context = (this.context = await resolveDispatch(options));
          if (!(await hasUnprocessedEvents(context.db))) return false;
          const fanned = await fanOutEvents(context.db, { now: context.now() });
          return fanned.events >= FAN_OUT_BATCH;
        },
        hasDue: () => hasDueDeliveries(this.context!.db, this.context!.now()),
        claim: async (limit) => {
          const context = this.context!;
          const claimed = await claimDueDeliveryIds(context.db, {
            now: context.now(),
            limit,
            leaseMs: context.leaseMs,
          });
          const deliveries = await loadDeliveries(context.db, claimed.ids);
          return { items: deliveries.map((delivery) => ({ delivery, context })), full: claimed.full };
        },
        // The slot frees when the answer comes; writing it is grouped with others (answered).
        run: async ({ delivery, context }) => this.answered(await sendDelivery(delivery, context), context),
        drain: () => this.flushAll(),
        onError: (error) =>
          logger.warn({ err: error }, "Webhook dispatch round failed; retrying at the next poll"),
      },
      { pollMs, concurrency: options.concurrency ?? DEFAULT_CONCURRENCY },
    );
  }

  start(): void {
    this.loop.start();
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

  /** Every answer gathered so far written (on stop, once no send is in flight). */
  private async flushAll(): Promise<void> {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    while (this.writing || this.answers.length > 0) {
      this.writing ??= this.writeAll(this.lastContext!).finally(() => {
        this.writing = undefined;
      });
      await this.writing;
    }
  }

  /** No new rounds; sends in flight get up to `timeoutMs` to finish and be written. */
  stop(timeoutMs: number): Promise<void> {
    return this.loop.stop(timeoutMs);
  }
}
