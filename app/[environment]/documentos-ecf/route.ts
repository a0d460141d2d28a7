import { parseDocumentQuery, parseSecurityCodeParameter } from "@/lib/schemas/documents-query";
import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { getDocument } from "@/lib/server/documents";
import { answerIssuePost } from "@/lib/server/issuing/issue-answers";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** Spec endpoint 3: one document by e-NCF (Bearer idToken and X-API-KEY); one Anula does not hold is asked at DGII. */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/documentos-ecf");
  await requireApiKey(request, auth, environment);
  const query = new URL(request.url).searchParams;
  const ecf = parseDocumentQuery(query);
  const code = parseSecurityCodeParameter(query);
  // Not held: looked up at DGII as the company (its RNC is the issuer DGII is asked about).
  const lookup = { rnc: auth.rnc, securityCodes: new Map(code ? [[ecf, code]] : []) };
  return json(await getDocument(auth.accountId, environment, ecf, undefined, lookup));
});

/**
 * MSeller's send: issue an e-CF (Bearer idToken and X-API-KEY), or with `?validate=true` only check
 * it. Extension of the spec, documented in the OpenAPI document.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/documentos-ecf");
  await requireApiKey(request, auth, environment);
  return answerIssuePost(request, environment, auth);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
