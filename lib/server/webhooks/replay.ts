import "server-only";

import { isEnvironment } from "@/lib/domain/environments";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb } from "@/lib/server/platform/db";

import { loadDeliveries } from "./claim-deliveries";
import type { Resolver } from "./guarded-lookup";
import { recordAttempts, type RecordedAttempt } from "./record-outcomes";
import { sendDelivery } from "./send-delivery";

/**
 * Manual replay of one delivery (the delivery log's "Reenviar"):
 * sent NOW, once, with the same webhook-id (the receiver may recognize it), whatever its status —
 * "failed" ones too, which is how a company recovers events after an outage longer than 3 days.
 * The attempt is logged with trigger "replay" and who asked; a success marks the delivery
 * delivered (and ends its endpoint's failing run); a failure changes nothing else.
 *
 * Scoped: a delivery of another company or environment is "not found" (isolation), and a disabled
 * endpoint is refused (enable it first: the person sees why it was disabled).
 */

export type ReplayResult =
  | { kind: "sent"; attempt: RecordedAttempt; delivered: boolean }
  | { kind: "not_found" }
  | { kind: "endpoint_disabled" };

export async function replayDelivery(
  input: { accountId: string; environment: string; deliveryId: string; requestedBy: string | null },
  options: { now?: () => number; resolver?: Resolver; timeoutMs?: number; allowLoopback?: boolean } = {},
): Promise<ReplayResult> {
  if (!isEnvironment(input.environment)) return { kind: "not_found" };
  const db = await getDb();
  const owned = await db.webhookDelivery.findFirst({
    where: {
      id: input.deliveryId,
      accountId: input.accountId,
      endpoint: { accountId: input.accountId, environment: input.environment },
    },
    select: { id: true, endpoint: { select: { enabled: true } } },
  });
  if (!owned) return { kind: "not_found" };
  if (!owned.endpoint.enabled) return { kind: "endpoint_disabled" };
  const [delivery] = await loadDeliveries(db, [owned.id]);
  if (!delivery) return { kind: "not_found" };
  const config = loadConfig();
  const now = options.now ?? Date.now;
  const result = await sendDelivery(
    delivery,
    {
      now,
      timeoutMs: options.timeoutMs ?? config.webhooks.timeoutMs,
      allowLoopback: options.allowLoopback ?? config.taxAuth.mode === "simulator",
      resolver: options.resolver,
    },
    "replay",
    input.requestedBy,
  );
  const [attempt] = await recordAttempts(db, [result], { now: now() });
  return { kind: "sent", attempt: attempt!, delivered: result.outcome.delivered };
}
