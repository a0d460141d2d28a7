import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { actorOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { getDb } from "@/lib/server/platform/db";
import { voidRequestEvent } from "@/lib/server/platform/events/void-request-events";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { validateBody } from "@/lib/server/platform/http/validate-body";
import { rejectVoidRequestSchema } from "@/lib/schemas/void-requests";

import { findRequestRow, loadDecidableRequest, notPending } from "./decide";
import { toView, type VoidRequestView } from "./void-request-repository";

/**
 * An approver (never the requester) rejects a pending request with a reason (required, up to 500
 * characters: 400 VALIDATION_FAILED otherwise): Rechazada, nothing signed or sent, "void.rejected"
 * logged with the reason in the same transaction. `input`: rejectVoidRequestSchema ({ reason }).
 */
export async function rejectVoidRequest(
  auth: AuthContext,
  environment: Environment,
  requestId: string,
  input: unknown,
  options: { ip?: string | null; now?: number } = {},
): Promise<VoidRequestView> {
  const now = options.now ?? Date.now();
  const { reason } = validateBody(rejectVoidRequestSchema, input);
  const row = await loadDecidableRequest(auth, environment, requestId, now);
  const db = await getDb();
  const rejected = await db.$transaction(async (tx) => {
    const changed = await tx.voidRequest.updateMany({
      where: { id: row.id, accountId: auth.accountId, status: "Pendiente", expiresAt: { gt: BigInt(now) } },
      data: {
        status: "Rechazada",
        decidedByUserId: auth.userId,
        decidedBy: auth.actor,
        decidedAt: BigInt(now),
        rejectionReason: reason,
      },
    });
    if (changed.count !== 1) return false;
    await recordActivity(tx, {
      accountId: auth.accountId,
      organizationId: auth.organizationId,
      environment,
      action: "void.rejected",
      actor: actorOf(auth),
      subject: { type: "void-request", id: row.id },
      details: { reason, totalVoided: Number(row.totalVoided), requestedBy: row.requestedBy },
      ip: options.ip ?? null,
    });
    await writeEvent(
      tx,
      voidRequestEvent(
        "void.request.rejected",
        { ...row, status: "Rechazada", decidedBy: auth.actor },
        auth.rnc,
        now,
      ),
    );
    return true;
  });
  const current = await findRequestRow(auth.accountId, environment, requestId);
  if (!rejected) throw notPending(requestId, toView(current, now).status);
  return toView(current, now);
}
