import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { getDocument } from "@/lib/server/documents";
import { decideIssuedReview } from "@/lib/server/issuing/review/decide-review";
import { requestBy } from "@/lib/server/platform/activity/request-ip";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { readResolutionParts } from "@/lib/server/voids";

type Context = { params: Promise<{ environment: string; ecf: string }> };

/**
 * Extension, for approvers: a person's decision on an issued e-CF that waits for them (Bearer
 * idToken and X-API-KEY). JSON { decision, trackId?, estado?, note } or multipart/form-data with the
 * same fields and an optional file `evidence`. Answers the document record as GET ?ecf= does.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/documentos-ecf/[ecf]/resolution");
  await requireApiKey(request, auth, environment);
  const { ecf } = await params;
  const { fields, evidence } = await readResolutionParts(request, {
    code: "INVALID_DOCUMENT_DECISION",
    shape: "{ decision, note }",
  });
  await decideIssuedReview({
    accountId: auth.accountId,
    environment,
    ncf: ecf,
    body: fields,
    evidence,
    userId: auth.userId,
    by: `${auth.actor} (API)`,
    activityBy: requestBy(auth, request),
  });
  return json(await getDocument(auth.accountId, environment, ecf));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
