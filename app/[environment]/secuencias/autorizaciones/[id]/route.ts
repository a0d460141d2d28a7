import { requireBearer } from "@/lib/server/auth";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { deleteAuthorization } from "@/lib/server/ledger";

type Context = { params: Promise<{ environment: string; id: string }> };

/** Extension: delete one authorization of the company (administrators): 204, or 404 AUTHORIZATION_NOT_FOUND. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "DELETE /[environment]/secuencias/autorizaciones/[id]");
  const { id } = await params;
  await deleteAuthorization(auth.accountId, environment, id);
  return new Response(null, { status: 204 });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed("DELETE");
