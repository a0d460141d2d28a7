import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { voidRequestItem } from "@/lib/server/approvals/void-request-answers";
import { getVoidRequest } from "@/lib/server/approvals/list-void-requests";

type Context = { params: Promise<{ environment: string; requestId: string }> };

/** Extension: one void request with its ranges (404 VOID_REQUEST_NOT_FOUND). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/void-requests/[requestId]");
  const { requestId } = await params;
  return json(voidRequestItem(await getVoidRequest(auth.accountId, environment, requestId)));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
