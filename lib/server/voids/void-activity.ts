import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { VoidAttempt } from "@/lib/server/voids/types";

import { recordActivity, type ActivityBy } from "../platform/activity/record-activity";

/**
 * "void.sent": a void was signed and sent to DGII, recorded once createVoid has written what DGII
 * answered (Aceptado, Rechazado, or Error while unconfirmed — a later answer or a settlement is its
 * own entry). `by` is the caller (the person or integration, or the approver of a request); without
 * it the record's createdBy label is the actor.
 */
export async function recordVoidSent(
  input: {
    accountId: string;
    environment: Environment;
    createdBy: string;
    activityBy?: ActivityBy;
    approval?: { requestId: string; approvedBy: string } | null;
  },
  attempt: VoidAttempt,
  rangeCount: number,
): Promise<void> {
  const by = input.activityBy ?? { actor: { type: "user" as const, id: null, label: input.createdBy } };
  // The void is sent and its record written whatever happens here: a failed log write must not turn
  // DGII's answer into a 500 that invites a blind retry. It is logged loudly instead.
  await recordActivity(await getDb(), {
    accountId: input.accountId,
    environment: input.environment,
    action: "void.sent",
    actor: by.actor,
    subject: { type: "void", id: attempt.voidId },
    details: {
      status: attempt.status,
      totalVoided: attempt.totalVoided,
      rangeCount,
      fechaHoraAnulacion: attempt.fechaHoraAnulacion,
      reasonCode: reasonCodeOf(attempt),
      dgiiCode: attempt.taxauthCode,
      errorCode: attempt.errorCode,
      ...(attempt.totalExcepted ? { totalExcepted: attempt.totalExcepted } : {}),
      ...(input.approval
        ? { requestId: input.approval.requestId, approvedBy: input.approval.approvedBy }
        : {}),
    },
    ip: by.ip ?? null,
  }).catch((error: unknown) => {
    logger.error(
      { err: error, voidId: attempt.voidId, accountId: input.accountId },
      "activity log: void.sent could not be written",
    );
  });
}

/** The void's 608 reason code (VoidRecordView.reason), null when it has none. */
function reasonCodeOf(attempt: VoidAttempt): string | null {
  const reason = (attempt as { reason?: { code: string } | null }).reason;
  return reason?.code ?? null;
}
