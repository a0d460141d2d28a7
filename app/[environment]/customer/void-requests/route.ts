import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { voidRequestListBody } from "@/lib/server/approvals/void-request-answers";
import { listVoidRequests, parseVoidRequestListQuery } from "@/lib/server/approvals/list-void-requests";

type Context = { params: Promise<{ environment: string }> };

/** Extension: the company's void requests held by its approval policy, newest first. */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/void-requests");
  const query = parseVoidRequestListQuery(new URL(request.url).searchParams);
  return json(voidRequestListBody(await listVoidRequests(auth.accountId, environment, query)));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
