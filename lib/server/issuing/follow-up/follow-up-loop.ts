import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import { ClaimLoop } from "@/lib/server/platform/jobs/claim-loop";

import { claimDueIssued, hasDueIssued, type ClaimedIssued } from "./claim";
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
 * slots free up (platform/jobs/claim-loop.ts), so a slow DGII answer holds one slot, never the round.
 * Claims make each document one instance's at a time.
 */
export class IssuedFollowUpLoop {
  private readonly loop: ClaimLoop<ClaimedIssued>;

  constructor(pollMs: number, concurrency: number) {
    this.loop = new ClaimLoop(
      {
        hasDue: async () => hasDueIssued(await getDb(), Date.now()),
        claim: async (limit) => {
          const items = await claimDueIssued(await getDb(), {
            now: Date.now(),
            limit,
            leaseMs: followUpLeaseMs(),
          });
          return { items, full: items.length === limit };
        },
        run: (document) => runRound(document, Date.now()),
        onError: (error) =>
          logger.warn({ err: error }, "issued e-CF follow-up poll failed; retrying at the next poll"),
      },
      { pollMs, concurrency },
    );
  }

  start(): void {
    this.loop.start();
  }

  /** No new rounds; rounds in flight get up to `timeoutMs` to finish (the rest's claims run out). */
  stop(timeoutMs: number): Promise<void> {
    return this.loop.stop(timeoutMs);
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
