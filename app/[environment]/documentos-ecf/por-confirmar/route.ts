import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { listIssuedInReview } from "@/lib/server/issuing/review/list-in-review";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/**
 * Extension: the company's issued e-CF that wait for a person in this environment ("Por confirmar"),
 * newest first, with what the follow-up checked (Bearer idToken and X-API-KEY).
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf/por-confirmar");
  await requireApiKey(request, auth, environment);
  return json(await listIssuedInReview(auth.accountId, environment));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
