import { parseDocumentQuery } from "@/lib/schemas/documents-query";
import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { getDocument } from "@/lib/server/documents";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** Spec endpoint 3: one document by e-NCF (Bearer idToken and X-API-KEY). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf");
  await requireApiKey(request, auth, environment);
  const ecf = parseDocumentQuery(new URL(request.url).searchParams);
  return json(await getDocument(auth.accountId, environment, ecf));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
