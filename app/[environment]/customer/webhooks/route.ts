import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string }> };

/** Extension: the company's webhook endpoints in this environment (administrators). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/webhooks");
  return json({ items: await listWebhookEndpoints(webhookScopeOf(auth, environment, request)) });
});

/** Extension: a new endpoint, 201 with its signing secret (shown this once). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/webhooks");
  const body = await readJsonBody(request, { maxBytes: 16 * 1024 });
  const { endpoint, secret } = await createWebhookEndpoint(webhookScopeOf(auth, environment, request), body);
  return json({ ...endpoint, secret }, 201);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
