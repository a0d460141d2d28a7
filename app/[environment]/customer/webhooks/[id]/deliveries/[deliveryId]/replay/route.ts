import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { replayWebhookDelivery } from "@/lib/server/webhooks/endpoint-deliveries";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string; deliveryId: string }> };

/**
 * Extension: send the delivery again now, with the same webhook-id; answers the delivery
 * with the new attempt (whatever the receiver answered). 409 WEBHOOK_DISABLED while disabled.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(
    request,
    "POST /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay",
  );
  const { id, deliveryId } = await params;
  return json(await replayWebhookDelivery(webhookScopeOf(auth, environment, request), id, deliveryId));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
