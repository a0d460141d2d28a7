import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";

import { lockRecordRow, readStoredRanges, type LockedRecord, type Tx } from "./settlement-repository";

/*
 * A void whose outcome is unknown (Error, unsettled, no send waiting for DGII) is the only kind a
 * person may settle or resend: the rule, and the two reads of the settling paths that apply it.
 */

/**
 * A record's stored ranges, read before its transaction so that transaction can take the lock of
 * their series+types first; 404 VOID_NOT_FOUND if unknown.
 */
export async function storedRangesOf(
  where: { accountId: string; environment: Environment; voidId: string },
  now: number,
): Promise<string> {
  const ranges = await readStoredRanges(where);
  if (ranges === null) refuseUnlessUnknown(null, where, now);
  return ranges!;
}

/**
 * The record, locked for the rest of the transaction, and why it cannot be settled or resent: 404
 * unknown (or another company's), 409 VOID_ALREADY_SETTLED, VOID_NOT_UNKNOWN (DGII answered), or
 * VOID_IN_PROGRESS (a send still holds a live lease).
 */
export async function lockUnknownRecord(
  tx: Tx,
  where: { accountId: string; environment: Environment; voidId: string },
  now: number,
): Promise<LockedRecord> {
  const row = await lockRecordRow(tx, where);
  refuseUnlessUnknown(row, where, now);
  return row!;
}

/** The checks of lockUnknownRecord, for a row read any way. */
export function refuseUnlessUnknown(
  row: Pick<LockedRecord, "status" | "settledAt" | "leaseExpiresAt"> | undefined | null,
  where: { environment: Environment; voidId: string },
  now: number,
): void {
  if (!row) {
    throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${where.voidId} en ${where.environment}.`);
  }
  if (row.settledAt !== null) {
    throw new AppError("VOID_ALREADY_SETTLED", `La anulación ${where.voidId} ya fue confirmada.`, {
      extra: { voidId: where.voidId },
    });
  }
  if (row.status !== "Error") {
    throw new AppError(
      "VOID_NOT_UNKNOWN",
      `La anulación ${where.voidId} ya tiene la respuesta de la DGII (${row.status}): solo se confirma o reenvía una anulación en Error.`,
      { extra: { voidId: where.voidId } },
    );
  }
  if (row.leaseExpiresAt !== null && Number(row.leaseExpiresAt) > now) {
    throw new AppError(
      "VOID_IN_PROGRESS",
      `Un envío de la anulación ${where.voidId} sigue esperando la respuesta de la DGII; espere su resultado.`,
      { extra: { voidId: where.voidId } },
    );
  }
}
