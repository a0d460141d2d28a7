import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { SETTLEMENT_NOTE_MAX } from "@/lib/domain/void-settlement";
import { AppError } from "@/lib/errors";
import type { ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { logger } from "@/lib/server/platform/config/logger";
import { checkEvidence } from "./settlement-evidence";
import type { SettledOutcome } from "@/lib/domain/void-settlement";
import { settleRecord } from "./settle-record";

export { SETTLEMENT_NOTE_MAX };

export interface SettleVoidInput {
  accountId: string;
  environment: Environment;
  voidId: string;
  /** As received: checked here (Aceptado or Rechazado). */
  outcome: unknown;
  note: unknown;
  /** The uploaded file, if any (an empty file without a name counts as none). */
  evidence?: { fileName: string; content: Uint8Array } | null;
  userId: string;
  /** How the person is shown, e.g. "ana@empresa.do (portal)". */
  by: string;
  /** Who, for the activity log (actor and address); default: the person above. */
  activityBy?: ActivityBy;
}

/**
 * "Registrar resultado": a person confirms the outcome DGII's OFV shows (Consulta de Anulaciones)
 * for an Error void, with a note and optional evidence (PDF, PNG or JPEG, ≤ 10 MB). The record moves
 * Error → Aceptado/Rechazado with its settlement; DGII's own fields stay as DGII gave them (never an
 * invented codigo). An Aceptado counts for ALREADY_VOIDED like an accepted answer.
 */
export async function settleVoid(input: SettleVoidInput): Promise<void> {
  const outcome = checkOutcome(input.outcome);
  const note = typeof input.note === "string" ? input.note.trim() : "";
  if (note === "" || note.length > SETTLEMENT_NOTE_MAX) {
    throw new AppError(
      "INVALID_SETTLEMENT",
      `note es obligatoria: escriba qué vio en la Oficina Virtual de la DGII (de 1 a ${SETTLEMENT_NOTE_MAX} caracteres).`,
      { extra: { parameter: "note" } },
    );
  }
  const file = input.evidence;
  const evidence =
    file && (file.content.length > 0 || file.fileName !== "")
      ? checkEvidence(file.fileName, file.content)
      : undefined;
  await settleRecord({
    accountId: input.accountId,
    environment: input.environment,
    voidId: input.voidId,
    outcome,
    note,
    evidence,
    userId: input.userId,
    by: input.by,
    now: Date.now(),
    activityBy: input.activityBy,
  });
  logger.info(
    { voidId: input.voidId, environment: input.environment, outcome, evidence: evidence !== undefined },
    "void settled by a person",
  );
}

function checkOutcome(outcome: unknown): SettledOutcome {
  if (outcome === "Aceptado" || outcome === "Rechazado") return outcome;
  throw new AppError("INVALID_SETTLEMENT", "outcome debe ser Aceptado o Rechazado.", {
    extra: { parameter: "outcome" },
  });
}
