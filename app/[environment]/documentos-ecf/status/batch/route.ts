import { parseDocumentsBatchRequest, parseSecurityCodes } from "@/lib/schemas/documents-batch";
import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { queryDocumentsBatch } from "@/lib/server/documents";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** 100 entries of at most 200 characters, with room for whitespace: far below this. */
const BATCH_BODY_LIMIT_BYTES = 64 * 1024;

/** Spec endpoint 4: status of 1 to 100 documents, in request order (Bearer idToken and X-API-KEY). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/documentos-ecf/status/batch");
  await requireApiKey(request, auth, environment);
  const body = await readJsonBody(request, { maxBytes: BATCH_BODY_LIMIT_BYTES });
  const ecfs = parseDocumentsBatchRequest(body);
  const lookup = { rnc: auth.rnc, securityCodes: parseSecurityCodes(body) };
  return json(await queryDocumentsBatch(auth.accountId, environment, ecfs, undefined, lookup));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
