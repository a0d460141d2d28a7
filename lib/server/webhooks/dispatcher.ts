import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";

import { claimDueDeliveryIds, loadDeliveries } from "./claim-deliveries";
import { resolveDispatch, type DispatchOptions, type Resolved } from "./dispatch-context";
import { DispatcherLoop } from "./dispatcher-loop";
import { FAN_OUT_BATCH, fanOutEvents } from "./fan-out";
import { recordAttempts } from "./record-outcomes";
import { sendDelivery } from "./send-delivery";

export type { DispatchOptions } from "./dispatch-context";
export { DEFAULT_CONCURRENCY } from "./dispatch-context";

/**
 * The webhook dispatcher. Each instance runs one loop (startWebhookDispatcher, from
 * lib/server/platform/jobs/background-work.ts) that every WEBHOOK_POLL_MS (250 ms) fans new outbox events
 * out into deliveries and sends the due ones, so an event reaches its receiver well within a second
 * of the state change. It is a loop and not a queued job because a job queue's polling (pg-boss:
 * ≥ 0.5 s, plus the job's own scheduling) would eat that second; correctness across instances comes
 * from the database instead: the fan-out is exactly once (fan-out.ts) and deliveries are claimed
 * with leases (claim-deliveries.ts), so N instances share the work and a dead one's claims are
 * taken over. An idle look is two cheap indexed queries.
 */

/** dispatchOnce's bound, so a test's call always returns. */
const MAX_ROUNDS = 50;

export interface DispatchSummary {
  events: number;
  deliveriesCreated: number;
  attempted: number;
  delivered: number;
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
  const context = await resolveDispatch(options);
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
