import { requireBearer } from "@/lib/server/auth";
import { auditPackResponse } from "@/lib/server/audit/audit-pack-response";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** Extension: the audit pack of a period (ZIP, streamed), for the company's administrators. */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/audit-pack");
  const query = new URL(request.url).searchParams;
  return auditPackResponse(request, auth, environment, { from: query.get("from"), to: query.get("to") });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
