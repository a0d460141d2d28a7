import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { sendWebhookTest } from "@/lib/server/webhooks/endpoints";
import { TEST_SENT_MESSAGE, webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string }> };

/** Extension: a webhook.test event to this endpoint only: 202 with its eventId (the webhook-id). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/webhooks/[id]/test");
  const { id } = await params;
  const { eventId } = await sendWebhookTest(webhookScopeOf(auth, environment, request), id);
  return json({ eventId, message: TEST_SENT_MESSAGE }, 202);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
