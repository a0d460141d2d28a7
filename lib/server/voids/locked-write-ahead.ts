import "server-only";

import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/domain/environments";
import {
  assertSequencesUnused,
  outsideAuthorizationWarnings,
  type LedgerRange,
  type LedgerWarning,
} from "@/lib/server/ledger";
import { getDb, inTransaction, lockNumberSeries } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";

import { firstOverlappingLine } from "./find-error-overlaps";
import { storedRangeGroups } from "../platform/db/stored-ranges";
import type { VoidAttempt, VoidContent } from "./types";
import {
  findAcceptedOverlap,
  findVoidByIdempotencyKey,
  insertWriteAhead,
  type WriteAheadInput,
} from "./void-repository";

/** 409 ALREADY_VOIDED when a range overlaps an earlier accepted void of the company and environment. */
export async function refuseAlreadyVoided(
  accountId: string,
  environment: Environment,
  content: Pick<VoidContent, "boxes" | "storedRanges">,
): Promise<void> {
  const overlap = await findAcceptedOverlap(accountId, environment, content);
  if (!overlap) return;
  throw new AppError(
    "ALREADY_VOIDED",
    `Línea ${overlap.range.line}: el rango ${overlap.range.secuenciaDesde} – ${overlap.range.secuenciaHasta} ` +
      `ya fue anulado (aceptado por la DGII) en la anulación ${overlap.voidId}.`,
    { extra: { voidId: overlap.voidId, line: overlap.range.line } },
  );
}

/** Sends in flight are few (a lease lives until DGII answers); a bound keeps a broken account cheap. */
const MAX_IN_FLIGHT_SCANNED = 500;

/**
 * 409 VOID_IN_PROGRESS when a range overlaps an Error attempt whose send still holds a live lease
 * (its instance is waiting for DGII, or a resend is): sending again now would put two overlapping
 * documents before DGII at once. An Error attempt without a live lease only warns (retry rule 2).
 */
export async function refuseWhileOverlappingSend(
  accountId: string,
  environment: Environment,
  content: Pick<VoidContent, "storedRanges">,
  now = Date.now(),
  /** A resend: the record being resent is not its own obstacle. */
  exceptVoidId?: string,
): Promise<void> {
  const db = await getDb();
  // Raw SQL: on every void, under the lock; the query builder's own work cost more than the query.
  const sending = await db.$queryRaw<Array<{ id: string; ranges: string }>>`
    SELECT "id", "ranges" FROM "VoidRecord"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      AND "status" = 'Error' AND "leaseExpiresAt" > ${BigInt(now)}
      AND "id" <> ${exceptVoidId ?? ""}
    ORDER BY "createdAt" DESC
    LIMIT ${MAX_IN_FLIGHT_SCANNED}`;
  if (sending.length === 0) return;
  const groups = storedRangeGroups(content.storedRanges);
  for (const record of sending) {
    const line = firstOverlappingLine(groups, record.ranges);
    if (line === undefined) continue;
    throw new AppError(
      "VOID_IN_PROGRESS",
      `Línea ${line}: la anulación ${record.id} con estos números se está enviando a la DGII y espera su ` +
        "respuesta; no se envió nada. Consulte esa anulación en unos instantes.",
      { extra: { voidId: record.id, line } },
    );
  }
}

export interface LockedWriteAheadInput extends WriteAheadInput {
  /** The request's ranges merged per series+type (SEQUENCE_USED). */
  ledgerRanges: LedgerRange[];
  /**
   * Runs after ALREADY_VOIDED and SEQUENCE_USED and before VOID_IN_PROGRESS, and throws to refuse
   * the void with nothing written (503, the certificate, SIGN_ERROR): when the flow ran no checks
   * before taking the lock, its errors still come in the flow's order.
   */
  beforeWrite?: () => void;
  /** Also read the OUTSIDE_AUTHORIZATION warnings, in the same transaction (the flow did not). */
  withWarnings?: boolean;
}

/**
 * The write-ahead under the lock of every (company, environment, series+type) the request touches
 * (lib/server/platform/db/series-lock.ts, taken in one sorted pass), so no two instances ever send
 * overlapping ranges at once: inside the lock the refusing checks run again on what is committed —
 * an Idempotency-Key stored meanwhile (→ "replay"), ALREADY_VOIDED, SEQUENCE_USED, VOID_IN_PROGRESS
 * — and the record is inserted with its `void.created` event in the same transaction. The lock is
 * released at commit, when the record (status Error, a live lease) is visible to the next request.
 * The checks before signing (create-void.ts) keep the flow's error order; these are the ones that hold.
 * They are separate statements, each seeing what is committed when it runs: they agree only because
 * every write that settles a void (its acceptance, rejection or end of waiting, a person's
 * settlement, a resend's acceptance) takes the same lock first, so none commits between them — an
 * acceptance landing between the ALREADY_VOIDED and VOID_IN_PROGRESS checks used to pass both.
 */
export async function writeAheadUnderLock(
  input: LockedWriteAheadInput,
): Promise<{ record: VoidAttempt; warnings: LedgerWarning[] } | "replay"> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    await lockNumberSeries(tx, input.accountId, input.environment, input.content.boxes);
    if (input.idempotencyKey !== undefined) {
      const stored = await findVoidByIdempotencyKey(input.accountId, input.environment, input.idempotencyKey);
      if (stored) return "replay" as const;
    }
    await refuseAlreadyVoided(input.accountId, input.environment, input.content);
    await assertSequencesUnused(input.accountId, input.environment, input.ledgerRanges);
    const { warnings } = input.withWarnings
      ? await outsideAuthorizationWarnings(input.accountId, input.environment, input.ledgerRanges)
      : { warnings: [] };
    input.beforeWrite?.();
    await refuseWhileOverlappingSend(input.accountId, input.environment, input.content, input.now);
    const record = await insertWriteAhead(input);
    await writeEvent(tx, {
      type: "void.created",
      accountId: input.accountId,
      environment: input.environment,
      subjectId: input.voidId,
      now: input.now,
      payload: {
        voidId: input.voidId,
        customerId: input.rnc,
        environment: input.environment,
        status: "Error",
        errorCode: "NOT_CONFIRMED",
        fechaHoraAnulacion: input.content.fechaHoraAnulacion,
        totalVoided: input.content.totalVoided,
        rangeCount: input.content.rangeCount,
        createdBy: input.createdBy,
      },
    });
    return { record, warnings };
  });
}
