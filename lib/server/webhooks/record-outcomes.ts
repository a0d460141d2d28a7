import "server-only";

import { v7 as uuidv7 } from "uuid";

import {
  endpointRetryAfter,
  isEndpointWideFailure,
  nextAttemptAfterFailure,
  shouldDisableEndpoint,
} from "@/lib/domain/webhook-retry";
import { logger } from "@/lib/server/platform/config/logger";
import type { PrismaClient } from "@/lib/server/platform/db";

import { parkDeliveries } from "./parking";
import type { SendOutcome } from "./send-webhook";
import {
  announceDisabled,
  applyDeliveryUpdates,
  insertAttempts,
  type DeliveryUpdate,
} from "./write-attempts";

/**
 * Writes what attempts came to, many in one transaction (the dispatcher groups the
 * answers of a round, so a burst of events costs a few commits, not one per delivery):
 * - every attempt is logged (WebhookDeliveryAttempt: status, latency, error, answer excerpt);
 * - a success delivers the delivery and ends its endpoint's failing run (failingSince/retryAfter
 *   cleared); after a backoff its other pending deliveries become due at once (fast catch-up);
 * - an automatic failure schedules the delivery's next try (lib/domain/webhook-retry.ts) or gives it
 *   up after 3 days, and starts or continues the endpoint's failing run (failingSince); when the
 *   receiver as a whole is unavailable (no answer, 5xx, 429…) the endpoint backs off (retryAfter:
 *   nothing goes to it before then). An endpoint failing for 3 days is
 *   disabled ("failing") with a webhook.disabled event in the same transaction (the notifications
 *   tell the company's administrators). Its pending deliveries stay pending for a re-enable.
 * - a failed replay is logged and changes nothing else (a person asked for it; the schedule stays).
 * Rows are locked deliveries first, then endpoints, each in id order: the same order as the claim,
 * so two instances never deadlock.
 */

export interface AttemptResult {
  deliveryId: string;
  endpointId: string;
  trigger: "automatic" | "replay";
  requestedBy: string | null;
  /** Scheduling clock (injectable) at the start of the attempt. */
  attemptedAt: number;
  outcome: SendOutcome;
}

export interface RecordedAttempt {
  id: string;
  deliveryId: string;
  attemptedAt: number;
  trigger: "automatic" | "replay";
  requestedBy: string | null;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

interface DeliveryState {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: bigint;
  lockedUntil: bigint | null;
}

interface EndpointState {
  id: string;
  accountId: string;
  environment: string;
  url: string;
  enabled: boolean;
  failingSince: bigint | null;
  retryAfter: bigint | null;
}

export async function recordAttempts(
  db: PrismaClient,
  results: readonly AttemptResult[],
  options: { now: number },
): Promise<RecordedAttempt[]> {
  if (results.length === 0) return [];
  const ordered = [...results].sort((a, b) => a.attemptedAt - b.attemptedAt);
  const recorded: RecordedAttempt[] = ordered.map((result) => ({
    id: uuidv7(),
    deliveryId: result.deliveryId,
    attemptedAt: result.attemptedAt,
    trigger: result.trigger,
    requestedBy: result.requestedBy,
    statusCode: result.outcome.statusCode,
    latencyMs: result.outcome.latencyMs,
    error: result.outcome.error,
    responseExcerpt: result.outcome.responseExcerpt,
  }));
  const { caughtUp, backedOff, disabledIds } = await db.$transaction(
    async (tx) => {
      const deliveryIds = [...new Set(ordered.map((result) => result.deliveryId))].sort();
      const endpointIds = [...new Set(ordered.map((result) => result.endpointId))].sort();
      const deliveries = new Map(
        (
          await tx.$queryRaw<DeliveryState[]>`
            SELECT "id", "status", "attempts", "nextAttemptAt", "lockedUntil" FROM "WebhookDelivery"
            WHERE "id" = ANY(${deliveryIds}::text[]) ORDER BY "id" FOR UPDATE`
        ).map((row) => [row.id, row]),
      );
      const endpoints = new Map(
        (
          await tx.$queryRaw<EndpointState[]>`
            SELECT "id", "accountId", "environment"::text AS "environment", "url", "enabled",
                   "failingSince", "retryAfter"
            FROM "WebhookEndpoint"
            WHERE "id" = ANY(${endpointIds}::text[]) ORDER BY "id" FOR UPDATE`
        ).map((row) => [row.id, row]),
      );
      const firstAttempts = new Map(
        (
          await tx.$queryRaw<Array<{ deliveryId: string; first: bigint }>>`
            SELECT "deliveryId", min("attemptedAt") AS "first" FROM "WebhookDeliveryAttempt"
            WHERE "deliveryId" = ANY(${deliveryIds}::text[]) GROUP BY "deliveryId"`
        ).map((row) => [row.deliveryId, Number(row.first)]),
      );

      const updates: DeliveryUpdate[] = [];
      const endpointsTouched = new Set<string>();
      const caughtUp = new Set<string>();
      const disabled: Array<{ endpoint: EndpointState; lastError: string | null }> = [];

      ordered.forEach((result, index) => {
        const attempt = recorded[index]!;
        const delivery = deliveries.get(result.deliveryId);
        const endpoint = endpoints.get(result.endpointId);
        if (!delivery || !endpoint) return; // deleted meanwhile (endpoint removed): nothing to update
        firstAttempts.set(delivery.id, firstAttempts.get(delivery.id) ?? result.attemptedAt);
        delivery.attempts += 1;
        if (result.outcome.delivered) {
          // A replay of a delivery already delivered is logged as its latest attempt; deliveredAt
          // keeps the first delivery.
          const first = delivery.status !== "delivered";
          delivery.status = "delivered";
          updates.push({
            id: delivery.id,
            status: "delivered",
            nextAttemptAt: Number(delivery.nextAttemptAt),
            clearLock: result.trigger === "automatic",
            attempt,
            deliveredAt: first ? result.attemptedAt + result.outcome.latencyMs : null,
          });
          // It answers again: the run ends, and if it was backing off, its deliveries held back
          // by that (not those waiting on their own schedule after a 4xx) catch up at once —
          // unless it was disabled meanwhile: its deliveries stay parked (parking.ts).
          if (endpoint.retryAfter !== null && endpoint.enabled) caughtUp.add(endpoint.id);
          if (endpoint.failingSince !== null || endpoint.retryAfter !== null) {
            endpoint.failingSince = null;
            endpoint.retryAfter = null;
            endpointsTouched.add(endpoint.id);
          }
          return;
        }
        // Another instance delivered it meanwhile (its lease had run out): a late automatic failure
        // changes nothing but the log.
        if (delivery.status === "delivered" && result.trigger === "automatic") return;
        if (result.trigger === "replay") {
          updates.push({
            id: delivery.id,
            status: delivery.status,
            nextAttemptAt: Number(delivery.nextAttemptAt),
            clearLock: false,
            attempt,
            deliveredAt: null,
          });
          return;
        }
        const decision = nextAttemptAfterFailure({
          firstAttemptAt: firstAttempts.get(delivery.id)!,
          failures: delivery.attempts,
          now: options.now,
        });
        delivery.status = decision.kind === "retry" ? "pending" : "failed";
        updates.push({
          id: delivery.id,
          status: delivery.status,
          nextAttemptAt: decision.kind === "retry" ? decision.at : Number(delivery.nextAttemptAt),
          clearLock: true,
          attempt,
          deliveredAt: null,
        });
        const failingSince =
          endpoint.failingSince !== null ? Number(endpoint.failingSince) : result.attemptedAt;
        endpoint.failingSince = BigInt(failingSince);
        if (isEndpointWideFailure(result.outcome.statusCode)) {
          endpoint.retryAfter = BigInt(endpointRetryAfter({ failingSince, now: options.now }));
        }
        endpointsTouched.add(endpoint.id);
        if (endpoint.enabled && shouldDisableEndpoint({ failingSince, now: options.now })) {
          endpoint.enabled = false;
          disabled.push({ endpoint, lastError: result.outcome.error });
        }
      });

      await insertAttempts(
        tx,
        recorded.filter((attempt) => deliveries.has(attempt.deliveryId)),
      );
      if (updates.length > 0) await applyDeliveryUpdates(tx, updates);
      for (const id of endpointsTouched) {
        const endpoint = endpoints.get(id)!;
        const wasDisabled = disabled.some((entry) => entry.endpoint.id === id);
        await tx.$executeRaw`
          UPDATE "WebhookEndpoint" SET
            "failingSince" = ${endpoint.failingSince === null ? null : String(endpoint.failingSince)}::bigint,
            "retryAfter" = ${endpoint.retryAfter === null ? null : String(endpoint.retryAfter)}::bigint,
            "enabled" = CASE WHEN ${wasDisabled} THEN false ELSE "enabled" END,
            "disabledReason" = CASE WHEN ${wasDisabled} THEN 'failing' ELSE "disabledReason" END,
            "disabledAt" = CASE WHEN ${wasDisabled} THEN ${String(options.now)}::bigint ELSE "disabledAt" END,
            "updatedAt" = CASE WHEN ${wasDisabled} THEN ${String(options.now)}::bigint ELSE "updatedAt" END
          WHERE "id" = ${id}`;
      }
      for (const { endpoint, lastError } of disabled)
        await announceDisabled(tx, endpoint, lastError, options.now);
      // Endpoints backing off after this group, with the instant they may be tried again.
      const backedOff = [...endpointsTouched]
        .map((id) => endpoints.get(id)!)
        .filter((endpoint) => endpoint.enabled && endpoint.retryAfter !== null)
        .map((endpoint) => ({ id: endpoint.id, retryAfter: endpoint.retryAfter! }));
      return {
        caughtUp: [...caughtUp].filter((id) => !backedOff.some((entry) => entry.id === id)),
        backedOff,
        disabledIds: disabled.map((entry) => entry.endpoint.id),
      };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  // After the commit, and best effort (a statement lost here only costs time): locking the
  // endpoint's other deliveries inside the transaction would take rows in the opposite order to
  // the claim's. Catch-up: an endpoint answering again gets its pending deliveries at once.
  // Backoff: its pending deliveries move to its retryAfter, so the claims' index scans do not
  // wade through a down receiver's backlog at every poll.
  try {
    if (caughtUp.length > 0) {
      await db.$executeRaw`
        UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${String(options.now)}::bigint
        WHERE "endpointId" = ANY(${caughtUp}::text[]) AND "status" = 'pending'
          AND "nextAttemptAt" > ${String(options.now)}::bigint`;
    }
    // Disabled for failing: its pending deliveries are parked until it is enabled again.
    await parkDeliveries(db, disabledIds);
    for (const { id, retryAfter } of backedOff) {
      await db.$executeRaw`
        UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${String(retryAfter)}::bigint
        WHERE "endpointId" = ${id} AND "status" = 'pending' AND "nextAttemptAt" < ${String(retryAfter)}::bigint`;
    }
  } catch (error) {
    logger.warn({ err: error }, "Webhook deliveries not rescheduled after an endpoint's answer");
  }
  return recorded;
}
