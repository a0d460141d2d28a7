import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
} from "@/lib/server/webhooks/endpoints";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string }> };

/** Extension: one endpoint (404 WEBHOOK_NOT_FOUND for another company's or environment's). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/webhooks/[id]");
  const { id } = await params;
  return json(await getWebhookEndpoint(webhookScopeOf(auth, environment, request), id));
});

/** Extension: change url, description, eventTypes, or enable/disable it by hand. */
export const PATCH = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "PATCH /[environment]/customer/webhooks/[id]");
  const { id } = await params;
  const body = await readJsonBody(request, { maxBytes: 16 * 1024 });
  return json(await updateWebhookEndpoint(webhookScopeOf(auth, environment, request), id, body));
});

/** Extension: delete the endpoint and its delivery log: 204. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "DELETE /[environment]/customer/webhooks/[id]");
  const { id } = await params;
  await deleteWebhookEndpoint(webhookScopeOf(auth, environment, request), id);
  return new Response(null, { status: 204 });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, OPTIONS } = methodsNotAllowed("GET", "PATCH", "DELETE");
