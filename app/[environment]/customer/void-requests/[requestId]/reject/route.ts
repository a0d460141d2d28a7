import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { requestIpOf, voidRequestItem } from "@/lib/server/approvals/void-request-answers";
import { rejectVoidRequest } from "@/lib/server/approvals/reject-void-request";

type Context = { params: Promise<{ environment: string; requestId: string }> };

/** Extension: an approver (never the requester) rejects a pending request: { reason }. */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-requests/[requestId]/reject");
  const { requestId } = await params;
  const body = await readJsonBody(request);
  const rejected = await rejectVoidRequest(auth, environment, requestId, body, { ip: requestIpOf(request) });
  return json(voidRequestItem(rejected));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
