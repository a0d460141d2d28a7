import "server-only";

import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/domain/environments";
import {
  outsideAuthorizationRead,
  refuseUsedNumbers,
  usedNumbersRead,
  type LedgerRange,
  type LedgerWarning,
  type OutsideAuthorization,
} from "@/lib/server/ledger";
import { getDb, inTransaction, lockNumberSeries, Prisma } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";

import { firstOverlappingLine } from "./find-error-overlaps";
import { storedRangeGroups } from "../platform/db/stored-ranges";
import type { VoidAttempt, VoidContent } from "./types";
import {
  acceptedCandidatesRead,
  acceptedOverlapAmong,
  insertWriteAhead,
  type AcceptedOverlap,
  type WriteAheadInput,
} from "./void-repository";

/** 409 ALREADY_VOIDED when a range overlaps an earlier accepted void of the company and environment. */
export function refuseAcceptedOverlap(overlap: AcceptedOverlap | null): void {
  if (!overlap) return;
  throw new AppError(
    "ALREADY_VOIDED",
    `Línea ${overlap.range.line}: el rango ${overlap.range.secuenciaDesde} – ${overlap.range.secuenciaHasta} ` +
      `ya fue anulado (aceptado por la DGII) en la anulación ${overlap.voidId}.`,
    { extra: { voidId: overlap.voidId, line: overlap.range.line } },
  );
}

/**
 * The refusing checks a void held by the approval policy runs before the policy decides (outside
 * the lock: the write-ahead runs them again under it), in one read: ALREADY_VOIDED, SEQUENCE_USED,
 * then what lies outside every authorization (a warning).
 */
export async function refuseBeforeHolding(
  accountId: string,
  environment: Environment,
  content: Pick<VoidContent, "boxes" | "storedRanges">,
  ledgerRanges: LedgerRange[],
): Promise<OutsideAuthorization> {
  const [candidates, used, outside] = await readTagged(await getDb(), [
    acceptedCandidatesRead(accountId, environment, content.boxes),
    usedNumbersRead(accountId, environment, ledgerRanges),
    outsideAuthorizationRead(accountId, environment, ledgerRanges),
  ]);
  refuseAcceptedOverlap(await acceptedOverlapAmong(accountId, environment, content, candidates));
  await refuseUsedNumbers(accountId, environment, used);
  return outside;
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
  const [sending] = await readTagged(await getDb(), [sendingRead(accountId, environment, now, exceptVoidId)]);
  refuseOverlappingSend(sending, content);
}

/** The Error attempts whose send holds a live lease, newest first (their id and stored ranges). */
function sendingRead(
  accountId: string,
  environment: Environment,
  now: number,
  exceptVoidId?: string,
): TaggedRead<Array<{ id: string; ranges: string }>> {
  const tag = "voids_sending";
  return taggedRead(
    tag,
    { ord: 'row_number() OVER (ORDER BY "createdAt" DESC)', id: '"id"', txt: '"ranges"' },
    Prisma.sql`
      FROM "VoidRecord"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "status" = 'Error' AND "leaseExpiresAt" > ${BigInt(now)}
        AND "id" <> ${exceptVoidId ?? ""}
      ORDER BY "createdAt" DESC
      LIMIT ${MAX_IN_FLIGHT_SCANNED}`,
    (rows) => rows.map((row) => ({ id: row.id!, ranges: row.txt! })),
  );
}

function refuseOverlappingSend(
  sending: ReadonlyArray<{ id: string; ranges: string }>,
  content: Pick<VoidContent, "storedRanges">,
): void {
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

/** Whether an attempt is stored under the Idempotency-Key (none asked: never). */
function idempotencyRead(
  accountId: string,
  environment: Environment,
  idempotencyKey: string | undefined,
): TaggedRead<boolean> {
  return taggedRead(
    "voids_idempotency",
    { id: '"id"' },
    Prisma.sql`
      FROM "VoidRecord"
      WHERE ${idempotencyKey !== undefined}::boolean
        AND "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "idempotencyKey" = ${idempotencyKey ?? ""}
      LIMIT 1`,
    (rows) => rows.length > 0,
  );
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
 *
 * Four statements on every void: the lock; every check's read at once (readTagged: one statement,
 * one snapshot, taken after the lock is held — never in the lock's own statement, whose snapshot
 * would predate the wait); the record with its event; the commit. The reads' answers are then
 * judged in the flow's order. Only a refusal reads more (the ranges of an ALREADY_VOIDED
 * candidate, the sources of used numbers), still under the lock: every write that settles a void
 * (its acceptance, rejection or end of waiting, a person's settlement, a resend's acceptance) takes
 * the same lock first, so nothing the checks read changes until the commit.
 */
export async function writeAheadUnderLock(
  input: LockedWriteAheadInput,
): Promise<{ record: VoidAttempt; warnings: LedgerWarning[] } | "replay"> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const { accountId, environment, content } = input;
    await lockNumberSeries(tx, accountId, environment, content.boxes);
    const [stored, candidates, used, outside, sending] = await readTagged(tx, [
      idempotencyRead(accountId, environment, input.idempotencyKey),
      acceptedCandidatesRead(accountId, environment, content.boxes),
      usedNumbersRead(accountId, environment, input.ledgerRanges),
      // Without warnings asked for, no ranges: nothing is read, no warning comes.
      outsideAuthorizationRead(accountId, environment, input.withWarnings ? input.ledgerRanges : []),
      sendingRead(accountId, environment, input.now),
    ]);
    if (stored) return "replay" as const;
    refuseAcceptedOverlap(await acceptedOverlapAmong(accountId, environment, content, candidates));
    await refuseUsedNumbers(accountId, environment, used);
    input.beforeWrite?.();
    refuseOverlappingSend(sending, content);
    const record = await insertWriteAhead(input, [
      {
        type: "void.created",
        accountId,
        environment,
        subjectId: input.voidId,
        now: input.now,
        payload: {
          voidId: input.voidId,
          customerId: input.rnc,
          environment,
          status: "Error",
          errorCode: "NOT_CONFIRMED",
          fechaHoraAnulacion: content.fechaHoraAnulacion,
          totalVoided: content.totalVoided,
          rangeCount: content.rangeCount,
          createdBy: input.createdBy,
        },
      },
    ]);
    return { record, warnings: outside.warnings };
  });
}
