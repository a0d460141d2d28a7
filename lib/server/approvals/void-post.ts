import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { json, readBodyBytes } from "@/lib/server/platform/http";
import { prefersRespondAsync } from "@/lib/server/platform/http/prefer";
import { annotateRequest } from "@/lib/server/platform/http/request-context";
import { isSimulatedAnswer } from "@/lib/server/platform/taxauth/deployment-mode";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";
import { voidAttemptAnswer } from "@/lib/server/voids";

import { sendOrRequestVoid } from "./create-void-request";
import { heldVoidAnswer, requestIpOf } from "./void-request-answers";

/** The largest legal request (10 types × 10,000 ranges) is ~7 MB of JSON; leave room for whitespace. */
export const VOID_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * POST /{environment}/customer/void-ncf once its caller is known (the route authenticates and
 * rate-limits first): everything it does with the body — read, parsed and validated (by createVoid,
 * on a worker thread when large), sent as the spec says unless the company's approval policy holds
 * it as a request — and the answer. The fuzz test sends its bodies here and through the route.
 */
export async function answerVoidPost(
  request: Request,
  environment: Environment,
  auth: AuthContext,
): Promise<Response> {
  const body = { json: await readBodyBytes(request, { maxBytes: VOID_BODY_LIMIT_BYTES }) };
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
  const simulated = await timedStep("simulado", () => isSimulatedAnswer(result.attempt.createdAt));
  const answer = voidAttemptAnswer(result, { simulated });
  return json(answer.body, answer.status);
}
