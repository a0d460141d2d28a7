import "server-only";

import type { Resolver } from "./guarded-lookup";
import type { ClaimedDelivery } from "./claim-deliveries";
import type { AttemptResult } from "./record-outcomes";
import { openWebhookSecrets } from "./secrets";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import { signWebhook } from "./signing";

export interface SendContext {
  /** Scheduling clock (tests inject one); the signature's timestamp always uses the real clock. */
  now: () => number;
  timeoutMs: number;
  allowLoopback: boolean;
  resolver?: Resolver;
}

/**
 * One attempt of one delivery: open the endpoint's secrets, sign, send. Never throws — anything
 * that keeps the request from going out is an attempt that failed, logged like the others.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  context: SendContext,
  trigger: AttemptResult["trigger"] = "automatic",
  requestedBy: string | null = null,
): Promise<AttemptResult> {
  const attemptedAt = context.now();
  const result = (outcome: SendOutcome): AttemptResult => ({
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    trigger,
    requestedBy,
    attemptedAt,
    outcome,
  });
  if (!delivery.event) {
    return result(notSent("El evento ya no existe (eliminado por la retención de eventos)"));
  }
  let secrets: string[];
  try {
    secrets = openWebhookSecrets(delivery.endpoint, { now: context.now() });
  } catch {
    // A delivery never goes out unsigned; the operator's ENCRYPTION_KEY(S_PREVIOUS) is wrong.
    return result(notSent("No se pudo abrir el secreto de firma (revise ENCRYPTION_KEY)"));
  }
  const request = signWebhook(delivery.event, secrets);
  return result(
    await sendWebhook({
      url: delivery.endpoint.url,
      request,
      timeoutMs: context.timeoutMs,
      allowLoopback: context.allowLoopback,
      resolver: context.resolver,
    }),
  );
}

function notSent(error: string): SendOutcome {
  return {
    delivered: false,
    statusCode: null,
    latencyMs: 0,
    error,
    failureReason: "network",
    responseExcerpt: null,
  };
}
