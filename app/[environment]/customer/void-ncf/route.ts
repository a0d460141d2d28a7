import { requireBearer } from "@/lib/server/auth";
import { json, readBodyBytes, requireEnvironment, route, streamedJson } from "@/lib/server/http";
import { annotateRequest } from "@/lib/server/http/request-context";
import { methodsNotAllowed } from "@/lib/server/http/api-fallbacks";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import { sendOrRequestVoid } from "@/lib/server/approvals/create-void-request";
import { heldVoidAnswer, prefersRespondAsync, requestIpOf } from "@/lib/server/approvals/http";
import { voidAttemptAnswer, voidListBody, voidRecordBody } from "@/lib/server/voids/http";
import { getVoid, listVoids, parseVoidListQuery, withRangesJson } from "@/lib/server/voids/list-voids";
import { withSettlementFields } from "@/lib/server/voids/settlement-http";
import { isSimulatedAnswer, withSimulatedFields } from "@/lib/server/taxauth/deployment-mode";

type Context = { params: Promise<{ environment: string }> };

/** The largest legal request (10 types × 10,000 ranges) is ~7 MB of JSON; leave room for whitespace. */
export const VOID_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Spec endpoint 1: void ranges of e-NCF (Bearer idToken, no API key). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-ncf");
  await enforceRateLimit(`void:${auth.accountId}`);
  // Parsed by createVoid, on a worker thread when large.
  const body = { json: await readBodyBytes(request, { maxBytes: VOID_BODY_LIMIT_BYTES }) };
  // Sent as the spec says, unless the company's approval policy holds it as a request.
  const outcome = await sendOrRequestVoid({
    accountId: auth.accountId,
    rnc: auth.rnc,
    environment,
    body,
    // The person ("ana@empresa.do (API)") or the service account ("ERP (cuenta de servicio sa_…)").
    createdBy: auth.principal === "service" ? auth.actor : `${auth.actor} (API)`,
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    requester: auth,
    ip: requestIpOf(request),
  });
  if (outcome.kind === "requested") {
    annotateRequest({ requestId: outcome.request.requestId });
    const location = `/${environment}/customer/void-requests/${outcome.request.requestId}`;
    const held = heldVoidAnswer(outcome.request, prefersRespondAsync(request.headers), location);
    return json(held.body, held.status, held.headers);
  }
  const { result } = outcome;
  annotateRequest({ voidId: result.attempt.voidId, voidStatus: result.attempt.status });
  const answer = voidAttemptAnswer(result, { simulated: await isSimulatedAnswer(result.attempt.createdAt) });
  return json(answer.body, answer.status);
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
