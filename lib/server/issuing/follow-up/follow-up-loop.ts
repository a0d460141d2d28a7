import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";

import { claimDueIssued, hasDueIssued } from "./claim";
import { followUpDocument } from "./follow-up-document";
import { followUpLeaseMs } from "./schedule";

/**
 * Every due follow-up now, `concurrency` at a time, until none is due (tests and the bench call
 * it; the loop below does the same on every instance). Returns how many rounds ran.
 */
export async function followUpDueIssued(
  options: { now?: () => number; concurrency?: number; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? loadConfig().issuedFollowUp.concurrency;
  const db = await getDb();
  let rounds = 0;
  for (;;) {
    const claimed = await claimDueIssued(db, {
      now: now(),
      limit: Math.min(concurrency, (options.limit ?? Infinity) - rounds),
      leaseMs: followUpLeaseMs(),
    });
    if (claimed.length === 0) return rounds;
    await Promise.all(claimed.map((document) => runRound(document, now())));
    rounds += claimed.length;
  }
}

async function runRound(document: Parameters<typeof followUpDocument>[0], now: number): Promise<void> {
  try {
    await followUpDocument(document, now);
  } catch (error) {
    // Its claim runs out and the next round takes it again.
    logger.error({ err: error, ecf: document.ncf }, "issued e-CF follow-up round failed");
  }
}

/**
 * The per-instance loop (a background service, every instance runs one): claims due documents as
 * slots free up, so a slow DGII answer holds one slot, never the round. Claims make each document
 * one instance's at a time.
 */
export class IssuedFollowUpLoop {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly pollMs: number,
    private readonly concurrency: number,
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
    let full = false;
    try {
      const db = await getDb();
      const free = this.concurrency - this.inFlight.size;
      if (free > 0 && (await hasDueIssued(db, Date.now()))) {
        const claimed = await claimDueIssued(db, {
          now: Date.now(),
          limit: free,
          leaseMs: followUpLeaseMs(),
        });
        full = claimed.length === free;
        for (const document of claimed) {
          const running: Promise<void> = runRound(document, Date.now()).finally(() => {
            this.inFlight.delete(running);
            if (full && this.inFlight.size <= this.concurrency / 2) this.schedule(0);
          });
          this.inFlight.add(running);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, "issued e-CF follow-up poll failed; retrying at the next poll");
    } finally {
      this.ticking = false;
      this.schedule(this.pollMs);
    }
  }

  /** No new rounds; rounds in flight get up to `timeoutMs` to finish (the rest's claims run out). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }
}

let loop: IssuedFollowUpLoop | undefined;

/** Starts this instance's follow-up loop (runtime start), unless ISSUED_FOLLOW_UP_POLL_MS is 0. */
export function startIssuedFollowUp(): void {
  const { pollMs, concurrency } = loadConfig().issuedFollowUp;
  if (pollMs <= 0 || loop) return;
  loop = new IssuedFollowUpLoop(pollMs, concurrency);
  loop.start();
}

export async function stopIssuedFollowUp(timeoutMs: number): Promise<void> {
  await loop?.stop(timeoutMs);
  loop = undefined;
}
