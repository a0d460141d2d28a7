import { requireBearer } from "@/lib/server/auth";
import { requireEnvironment, route, streamedJson } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";
import { answerVoidPost } from "@/lib/server/approvals/void-post";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";
import { voidListBody, voidRecordBody } from "@/lib/server/voids/void-answers";
import { getVoid, listVoids, parseVoidListQuery, withRangesJson } from "@/lib/server/voids/list-voids";
import { withSettlementFields } from "@/lib/server/voids/settlement-fields";
import { withSimulatedFields } from "@/lib/server/platform/taxauth/deployment-mode";

type Context = { params: Promise<{ environment: string }> };

/** Spec endpoint 1: void ranges of e-NCF (Bearer idToken, no API key). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await timedStep("auth", () => requireBearer(request, "POST /[environment]/customer/void-ncf"));
  await enforceRateLimit(`void:${auth.accountId}`);
  // The body and the answer (sent as the spec says, unless the approval policy holds it).
  return answerVoidPost(request, environment, auth);
});

/** Spec endpoint 2: list void attempts, or one by voidId (Bearer idToken). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/void-ncf");
  const { voidId, ...query } = parseVoidListQuery(new URL(request.url).searchParams);
  // Streamed: one item may carry 100,000 ranges (~10 MB); a page is bounded (listVoids).
  // Settling extensions (settlement, needsReview, attempts) are added where a record has them.
  if (voidId !== undefined) {
    const record = voidRecordBody(await getVoid(auth.accountId, environment, voidId, withRangesJson));
    // Extension `simulado`: an answer of the DGII simulator is never given as DGII's word.
    return streamedJson(
      (await withSimulatedFields(await withSettlementFields(auth.accountId, [record])))[0]!,
    );
  }
  const page = voidListBody(await listVoids(auth.accountId, environment, query, withRangesJson));
  const items = await withSimulatedFields(
    await withSettlementFields(auth.accountId, page.items as Array<Record<string, unknown>>),
  );
  return streamedJson({ ...page, items });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
