import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { getWebhookDelivery } from "@/lib/server/webhooks/endpoint-deliveries";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string; deliveryId: string }> };

/** Extension: one delivery with every attempt (404 WEBHOOK_DELIVERY_NOT_FOUND). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(
    request,
    "GET /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]",
  );
  const { id, deliveryId } = await params;
  return json(await getWebhookDelivery(webhookScopeOf(auth, environment, request), id, deliveryId));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
