import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { rotateWebhookSecret } from "@/lib/server/webhooks/endpoints";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string }> };

/** Extension: a new signing secret (shown once); the previous one also signs for 24 h. */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/webhooks/[id]/rotate-secret");
  const { id } = await params;
  return json(await rotateWebhookSecret(webhookScopeOf(auth, environment, request), id));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
