import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { readOptionalJsonBody } from "@/lib/server/platform/http/read-json-body";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { annotateRequest } from "@/lib/server/platform/http/request-context";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";
import { approveVoidRequest } from "@/lib/server/approvals/approve-void-request";
import { requestIpOf } from "@/lib/server/approvals/void-request-answers";
import { isSimulatedAnswer } from "@/lib/server/platform/taxauth/deployment-mode";
import { voidAttemptAnswer } from "@/lib/server/voids/void-answers";

type Context = { params: Promise<{ environment: string; requestId: string }> };

/**
 * Extension: an approver (never the requester) approves a pending request; the void is
 * signed and sent now and answered as POST void-ncf answers it (200 / 422 / 502), plus `requestId`.
 * It takes no fields, but a body that is there must be JSON: a garbled request sends nothing.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-requests/[requestId]/approve");
  await readOptionalJsonBody(request, { maxBytes: 16 * 1024 });
  // An approval sends a void: the company's void rate limit applies as on POST void-ncf.
  await enforceRateLimit(`void:${auth.accountId}`);
  const { requestId } = await params;
  const { result } = await approveVoidRequest(auth, environment, requestId, { ip: requestIpOf(request) });
  annotateRequest({ voidId: result.attempt.voidId, voidStatus: result.attempt.status });
  const answer = voidAttemptAnswer(result, { simulated: await isSimulatedAnswer(result.attempt.createdAt) });
  return json({ ...answer.body, requestId }, answer.status);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
