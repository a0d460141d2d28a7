import { requestBy } from "@/lib/server/platform/activity/request-ip";
import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { annotateRequest } from "@/lib/server/platform/http/request-context";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { voidRecordBody } from "@/lib/server/voids/void-answers";
import { getVoid, withRangesJson } from "@/lib/server/voids/list-voids";
import { checkResendConfirmation, resendVoid } from "@/lib/server/voids/resend-void";
import { readResolutionBody } from "@/lib/server/voids/resolution-body";
import { settleVoid } from "@/lib/server/voids/settle-void";
import { withSettlementFields } from "@/lib/server/voids/settlement-fields";
import { withSimulatedFields } from "@/lib/server/platform/taxauth/deployment-mode";

type Context = { params: Promise<{ environment: string; voidId: string }> };

/**
 * Extension: the ways out of an Error void for approvers (the portal's, same role). Settle it with
 * the outcome a person confirmed in DGII's OFV: multipart/form-data (outcome, note, optional file
 * `evidence`) or JSON { outcome, note }; or resend the same signed document: { action: "resend",
 * confirmation } (resend-void.ts). One endpoint, as the issue names it: both resolve the same
 * unknown void under the same action (voids.settle). Answers the record as GET ?voidId= does, with
 * its `settlement` and `attempts` (the resend's answer is its newest attempt).
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-ncf/[voidId]/resolution");
  const { voidId } = await params;
  const body = await readResolutionBody(request);
  if (body.action === "resend") {
    checkResendConfirmation(voidId, body.confirmation);
    await resendVoid({
      accountId: auth.accountId,
      environment,
      voidId,
      requestedBy: `${auth.actor} (API)`,
      activityBy: requestBy(auth, request),
    });
  } else {
    await settleVoid({
      accountId: auth.accountId,
      environment,
      voidId,
      outcome: body.outcome,
      note: body.note,
      evidence: body.evidence,
      userId: auth.userId,
      by: `${auth.actor} (API)`,
      activityBy: requestBy(auth, request),
    });
  }
  annotateRequest({ voidId });
  const record = voidRecordBody(await getVoid(auth.accountId, environment, voidId, withRangesJson));
  return json((await withSimulatedFields(await withSettlementFields(auth.accountId, [record])))[0]!, 200);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
