import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/http";
import { annotateRequest } from "@/lib/server/http/request-context";
import { methodsNotAllowed } from "@/lib/server/http/api-fallbacks";
import { voidRecordBody } from "@/lib/server/voids/http";
import { getVoid, withRangesJson } from "@/lib/server/voids/list-voids";
import { readResolutionBody } from "@/lib/server/voids/resolution-body";
import { settleVoid } from "@/lib/server/voids/settle-void";
import { withSettlementFields } from "@/lib/server/voids/settlement-http";

type Context = { params: Promise<{ environment: string; voidId: string }> };

/**
 * Extension: settle an Error void with the outcome a person confirmed in DGII's OFV (approvers):
 * multipart/form-data (outcome, note, optional file `evidence`) or JSON { outcome, note }. Answers
 * the record as GET ?voidId= does, with its `settlement`.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-ncf/[voidId]/resolution");
  const { voidId } = await params;
  const body = await readResolutionBody(request);
  await settleVoid({
    accountId: auth.accountId,
    environment,
    voidId,
    outcome: body.outcome,
    note: body.note,
    evidence: body.evidence,
    userId: auth.userId,
    by: `${auth.actor} (API)`,
  });
  annotateRequest({ voidId });
  const record = voidRecordBody(await getVoid(auth.accountId, environment, voidId, withRangesJson));
  return json((await withSettlementFields(auth.accountId, [record]))[0]!, 200);
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
