import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { VoidAttempt } from "@/lib/server/voids/types";

import { recordActivity, type ActivityBy, type ActivityInput } from "../platform/activity/record-activity";

/**
 * "void.sent": a void was signed and sent to DGII, recorded once createVoid has written what DGII
 * answered (Aceptado, Rechazado, or Error while unconfirmed — a later answer or a settlement is its
 * own entry). `by` is the caller (the person or integration, or the approver of a request); without
 * it the record's createdBy label is the actor.
 */
export async function recordVoidSent(
  input: VoidSentInput,
  attempt: VoidAttempt,
  rangeCount: number,
): Promise<void> {
  await recordVoidSentEntry(voidSentEntry(input, rangeCount)(attempt));
}

export interface VoidSentInput {
  accountId: string;
  environment: Environment;
  createdBy: string;
  activityBy?: ActivityBy;
  approval?: { requestId: string | null; approvedBy: string } | null;
}

/** The "void.sent" entry of an attempt as the caller is answered (recordVoidSent's). */
export function voidSentEntry(
  input: VoidSentInput,
  rangeCount: number,
): (attempt: VoidAttempt) => ActivityInput {
  const by = input.activityBy ?? { actor: { type: "user" as const, id: null, label: input.createdBy } };
  return (attempt) => ({
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
      ...(input.approval?.requestId ? { requestId: input.approval.requestId } : {}),
      ...(input.approval ? { approvedBy: input.approval.approvedBy } : {}),
    },
    ip: by.ip ?? null,
  });
}

/**
 * Writes a "void.sent" entry on its own. The void is sent and its record written whatever happens
 * here: a failed log write must not turn DGII's answer into a 500 that invites a blind retry. It is
 * logged loudly instead.
 */
export async function recordVoidSentEntry(entry: ActivityInput): Promise<void> {
  await recordActivity(await getDb(), entry).catch((error: unknown) => {
    logger.error(
      { err: error, voidId: entry.subject?.id, accountId: entry.accountId },
      "activity log: void.sent could not be written",
    );
  });
}

/** The void's 608 reason code (VoidRecordView.reason), null when it has none. */
function reasonCodeOf(attempt: VoidAttempt): string | null {
  const reason = (attempt as { reason?: { code: string } | null }).reason;
  return reason?.code ?? null;
}
