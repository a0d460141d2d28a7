import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { listWebhookDeliveries, parseDeliveryListQuery } from "@/lib/server/webhooks/endpoint-deliveries";
import { webhookScopeOf } from "@/lib/server/webhooks/webhook-route-scope";

type Context = { params: Promise<{ environment: string; id: string }> };

/** Extension: the endpoint's delivery log, newest first, paged (`status`, `limit`, `nextToken`). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/webhooks/[id]/deliveries");
  const { id } = await params;
  const query = parseDeliveryListQuery(new URL(request.url).searchParams);
  const page = await listWebhookDeliveries(webhookScopeOf(auth, environment, request), id, query);
  return json({
    items: page.items,
    ...(page.nextToken !== undefined ? { nextToken: page.nextToken } : {}),
    metadata: { itemsPerPage: page.limit },
  });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
