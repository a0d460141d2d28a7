import "server-only";

import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { v7 as uuidv7 } from "uuid";
import type { Environment } from "@/lib/domain/environments";
import { groupBySerieTipo } from "@/lib/domain/intervals";
import { AppError } from "@/lib/errors";
import { getDb, inTransaction, lockNumberSeries, type PrismaClient } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import type { VoidRecord } from "@/prisma/generated/client";
import { refuseWhileOverlappingSend } from "./locked-write-ahead";
import type { PartialSplit } from "./partial-success";
import type { EvidenceFile } from "./settlement-evidence";
import { storedRequestRanges } from "../platform/db/stored-ranges";
import type {
  EvidenceView,
  SendAttemptView,
  SettledOutcome,
  SettlementExtension,
  SettlementView,
} from "@/lib/domain/void-settlement";
import type { SerieTipoBox, VoidStatus } from "./types";
import { voidSettledEvent } from "./void-settled-event";

/**
 * Settling unknown outcomes: a person's confirmed outcome with its evidence, the resends
 * of the same signed ANECF and the late answers, stored beside the record (VoidSendAttempt,
 * VoidEvidence). Every query is scoped by accountId (and environment where a path names it), like
 * void-repository.ts. Kept apart from it so the hot path of a void reads none of this.
 */

export type { EvidenceView, SendAttemptView, SettledOutcome, SettlementExtension, SettlementView };

type SettlementColumns = Pick<
  VoidRecord,
  "id" | "settledBy" | "settledAt" | "settlementOutcome" | "settlementNote" | "needsReview"
>;

const SETTLEMENT_SELECT = {
  id: true,
  settledBy: true,
  settledAt: true,
  settlementOutcome: true,
  settlementNote: true,
  needsReview: true,
  leaseExpiresAt: true,
} as const;

/** The settlement extension of some of the account's records, by voidId (two indexed queries). */
export async function findSettlementExtensions(
  accountId: string,
  voidIds: readonly string[],
): Promise<Map<string, SettlementExtension>> {
  const result = new Map<string, SettlementExtension>();
  if (voidIds.length === 0) return result;
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: { id: { in: [...voidIds] }, accountId },
    select: SETTLEMENT_SELECT,
  });
  const settledIds = rows.filter((row) => row.settledAt !== null).map((row) => row.id);
  const [evidence, attempts] = await Promise.all([
    settledIds.length === 0
      ? Promise.resolve([])
      : db.voidEvidence.findMany({
          where: { voidId: { in: settledIds }, accountId },
          select: { id: true, voidId: true, fileName: true, contentType: true, size: true },
          orderBy: { id: "asc" },
        }),
    db.voidSendAttempt.findMany({
      where: { voidId: { in: [...voidIds] }, accountId },
      orderBy: [{ voidId: "asc" }, { attemptNumber: "asc" }],
    }),
  ]);
  for (const row of rows) {
    result.set(row.id, {
      settlement: settlementOf(
        row,
        evidence.filter((file) => file.voidId === row.id).map(({ voidId, ...file }) => (void voidId, file)),
      ),
      needsReview: row.needsReview,
      sending: row.leaseExpiresAt !== null && Number(row.leaseExpiresAt) > Date.now(),
      attempts: attempts
        .filter((attempt) => attempt.voidId === row.id)
        .map((attempt) => ({
          attemptNumber: attempt.attemptNumber,
          kind: attempt.kind as SendAttemptView["kind"],
          requestedBy: attempt.requestedBy,
          startedAt: Number(attempt.startedAt),
          finishedAt: attempt.finishedAt === null ? null : Number(attempt.finishedAt),
          outcome: attempt.outcome,
          taxauthCode: attempt.taxauthCode,
          taxauthName: attempt.taxauthName,
          taxauthResponse: attempt.taxauthResponse as unknown as string[],
          errorCode: attempt.errorCode,
          errorMessage: attempt.errorMessage,
        })),
    });
  }
  return result;
}

function settlementOf(row: SettlementColumns, evidence: EvidenceView[]): SettlementView | null {
  if (row.settledAt === null || row.settlementOutcome === null || row.settlementOutcome === "Error") {
    return null;
  }
  return {
    by: row.settledBy,
    at: Number(row.settledAt),
    outcome: row.settlementOutcome,
    note: row.settlementNote,
    evidence,
  };
}

/** The bounding box of each series+type of stored ranges: the ALREADY_VOIDED index rows (VoidedBlock). */
export function boxesOfStoredRanges(storedRanges: string): SerieTipoBox[] {
  return [...groupBySerieTipo(storedRequestRanges(storedRanges)).values()].map((group) => {
    let minDesde = Number.POSITIVE_INFINITY;
    let maxHasta = 0;
    for (const range of group) {
      minDesde = Math.min(minDesde, range.desde);
      maxHasta = Math.max(maxHasta, range.hasta);
    }
    return { serie: group[0]!.serie, tipoeCF: group[0]!.tipoeCF, minDesde, maxHasta };
  });
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * A record's stored ranges, read before its transaction so that transaction can take the lock of
 * their series+types first (lockNumberSeries: before any row lock); 404 VOID_NOT_FOUND if unknown.
 * Settling only narrows the ranges (a partial success), never moves them to another series+type.
 */
async function storedRangesOf(
  where: { accountId: string; environment: Environment; voidId: string },
  now: number,
): Promise<string> {
  const db = await getDb();
  const target = await db.voidRecord.findFirst({
    where: { id: where.voidId, accountId: where.accountId, environment: where.environment },
    select: { ranges: true },
  });
  if (!target) refuseUnlessUnknown(null, where, now);
  return target!.ranges;
}

/** The lock of the record's numbers (storedRangesOf), taken first in its transaction. */
async function lockRecordSeries(
  tx: Tx,
  scope: { accountId: string; environment: Environment },
  storedRanges: string,
): Promise<void> {
  await lockNumberSeries(tx, scope.accountId, scope.environment, boxesOfStoredRanges(storedRanges));
}

interface LockedRecord {
  id: string;
  status: VoidStatus;
  settledAt: bigint | null;
  leaseExpiresAt: bigint | null;
  ranges: string;
}

/**
 * The record, locked for the rest of the transaction, and why it cannot be settled or resent: 404
 * unknown (or another company's), 409 VOID_ALREADY_SETTLED, VOID_NOT_UNKNOWN (DGII answered), or
 * VOID_IN_PROGRESS (a send still holds a live lease).
 */
async function lockUnknownRecord(
  tx: Tx,
  where: { accountId: string; environment: Environment; voidId: string },
  now: number,
): Promise<LockedRecord> {
  const rows = await tx.$queryRaw<LockedRecord[]>`
    SELECT "id", "status"::text AS "status", "settledAt", "leaseExpiresAt", "ranges" FROM "VoidRecord"
    WHERE "id" = ${where.voidId} AND "accountId" = ${where.accountId}
      AND "environment" = ${where.environment}::"Environment"
    FOR UPDATE`;
  const row = rows[0];
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

export interface SettleInput {
  accountId: string;
  environment: Environment;
  voidId: string;
  outcome: SettledOutcome;
  note: string;
  evidence?: EvidenceFile;
  /** The person (user id and how they are shown). */
  userId: string;
  by: string;
  now: number;
  /** For the activity log's "void.settled" (default: the person above). */
  activityBy?: ActivityBy;
}

/**
 * Error → Aceptado/Rechazado by a person, in one transaction: the record's settlement columns (DGII's
 * taxauth* fields untouched), the evidence file, and for Aceptado the ALREADY_VOIDED index rows,
 * exactly as an accepted answer writes them.
 */
export async function settleRecord(input: SettleInput): Promise<void> {
  const db = await getDb();
  // A settled Aceptado is ALREADY_VOIDED for every later void: under the numbers' lock, like DGII's.
  const ranges = await storedRangesOf(input, input.now);
  await db.$transaction(async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    const row = await lockUnknownRecord(tx, input, input.now);
    const settled = await tx.voidRecord.update({
      where: { id: row.id },
      select: { customerId: true, totalVoided: true },
      data: {
        status: input.outcome,
        settledByUserId: input.userId,
        settledBy: input.by,
        settledAt: BigInt(input.now),
        settlementOutcome: input.outcome,
        settlementNote: input.note,
        leaseOwner: null,
        leaseExpiresAt: null,
        updateAt: BigInt(input.now),
      },
    });
    if (input.evidence) {
      await insertEvidence(tx, {
        ...input.evidence,
        voidId: row.id,
        accountId: input.accountId,
        by: input.by,
        now: input.now,
      });
    }
    if (input.outcome === "Aceptado") await insertVoidedBlocks(tx, input, row.id, row.ranges);
    await writeEvent(
      tx,
      voidSettledEvent({
        accountId: input.accountId,
        environment: input.environment,
        voidId: row.id,
        customerId: settled.customerId,
        status: input.outcome,
        via: "manual",
        totalVoided: Number(settled.totalVoided),
        dgiiCode: null,
        settledBy: input.by,
        now: input.now,
      }),
    );
    const by = input.activityBy ?? { actor: { type: "user" as const, id: input.userId, label: input.by } };
    await recordActivity(tx, {
      accountId: input.accountId,
      environment: input.environment,
      action: "void.settled",
      actor: by.actor,
      subject: { type: "void", id: row.id },
      details: { via: "manual", status: input.outcome, evidence: input.evidence !== undefined },
      ip: by.ip ?? null,
    });
  });
}

async function insertVoidedBlocks(
  tx: Tx,
  scope: { accountId: string; environment: Environment },
  voidId: string,
  storedRanges: string,
): Promise<void> {
  await tx.voidedBlock.createMany({
    data: boxesOfStoredRanges(storedRanges).map((box) => ({
      id: uuidv7(),
      accountId: scope.accountId,
      environment: scope.environment,
      voidId,
      serie: box.serie,
      tipoeCF: box.tipoeCF,
      minDesde: BigInt(box.minDesde),
      maxHasta: BigInt(box.maxHasta),
    })),
  });
}

/**
 * Stores one evidence file of a void (a settlement's upload, or DGII's answers to "Consultar a la
 * DGII", kept before any settlement); returns its id. The bytes travel as base64 text and are decoded
 * by the database: through the PGlite adapter a Bytes parameter of 10 MB took ~6.5 s (on the event
 * loop's thread), this ~0.4 s.
 */
export async function insertEvidence(
  db: Tx | PrismaClient,
  file: {
    voidId: string;
    accountId: string;
    fileName: string;
    contentType: string;
    content: Uint8Array;
    by: string;
    now: number;
  },
): Promise<string> {
  const id = uuidv7();
  await db.$executeRaw`
    INSERT INTO "VoidEvidence" ("id", "voidId", "accountId", "fileName", "contentType", "size", "content", "uploadedBy", "createdAt")
    VALUES (${id}, ${file.voidId}, ${file.accountId}, ${file.fileName}, ${file.contentType},
            ${file.content.length}, decode(${Buffer.from(file.content).toString("base64")}, 'base64'),
            ${file.by}, ${BigInt(file.now)})`;
  return id;
}

/** A void's evidence files of one content type, oldest first (e.g. the stored "Consultar a la DGII"). */
export async function listEvidenceOfType(
  accountId: string,
  voidId: string,
  contentType: string,
): Promise<EvidenceView[]> {
  const db = await getDb();
  return db.voidEvidence.findMany({
    where: { voidId, accountId, contentType },
    select: { id: true, fileName: true, contentType: true, size: true },
    orderBy: { id: "asc" },
  });
}

/** One evidence file of the account's void, for the download. */
export async function findEvidence(
  accountId: string,
  voidId: string,
  evidenceId: string,
): Promise<{ fileName: string; contentType: string; content: Uint8Array } | null> {
  const db = await getDb();
  // As base64 text, for the reason settleRecord writes it so (10 MB: ~1.3 s as Bytes, ~60 ms so).
  const rows = await db.$queryRaw<Array<{ fileName: string; contentType: string; content: string }>>`
    SELECT "fileName", "contentType", encode("content", 'base64') AS "content" FROM "VoidEvidence"
    WHERE "id" = ${evidenceId} AND "voidId" = ${voidId} AND "accountId" = ${accountId}`;
  const row = rows[0];
  return row
    ? {
        fileName: row.fileName,
        contentType: row.contentType,
        content: new Uint8Array(Buffer.from(row.content, "base64")),
      }
    : null;
}

/** The next attempt number of a void (2 for its first extra exchange). */
async function nextAttemptNumber(tx: Tx | PrismaClient, voidId: string): Promise<number> {
  const last = await tx.voidSendAttempt.findFirst({
    where: { voidId },
    orderBy: { attemptNumber: "desc" },
    select: { attemptNumber: true },
  });
  return Math.max(2, (last?.attemptNumber ?? 1) + 1);
}

/**
 * Takes the send lease of an unknown record for a resend (one statement: of two resends, or a
 * resend and a send still waiting, one wins) and stores the attempt; the loser gets the 409 that
 * says why.
 */
export async function beginResend(input: {
  accountId: string;
  environment: Environment;
  voidId: string;
  requestedBy: string;
  lease: { owner: string; expiresAt: number };
  now: number;
}): Promise<{
  attemptNumber: number;
  customerId: string;
  fileName: string;
  signedXmlGzip: string;
  /** The record's stored ranges: what was sent, against which a partial success is split. */
  ranges: string;
}> {
  const db = await getDb();
  const ranges = await storedRangesOf(input, input.now);
  // Under the locks of its series+types, as a new void's write-ahead: no other send of these
  // numbers may start meanwhile, and none may be waiting for DGII (409 VOID_IN_PROGRESS).
  const taken = await inTransaction(db, async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    const lease = await tx.voidRecord.updateMany({
      where: {
        id: input.voidId,
        accountId: input.accountId,
        environment: input.environment,
        status: "Error",
        settledAt: null,
        OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lte: BigInt(input.now) } }],
      },
      data: { leaseOwner: input.lease.owner, leaseExpiresAt: BigInt(input.lease.expiresAt) },
    });
    // Another void of these numbers still waiting for DGII: refused, the lease taken back (rollback).
    if (lease.count === 1) {
      await refuseWhileOverlappingSend(
        input.accountId,
        input.environment,
        { storedRanges: ranges },
        input.now,
        input.voidId,
      );
    }
    return lease;
  });
  if (taken.count === 0) {
    const row = await db.voidRecord.findFirst({
      where: { id: input.voidId, accountId: input.accountId, environment: input.environment },
      select: { status: true, settledAt: true, leaseExpiresAt: true },
    });
    refuseUnlessUnknown(row, input, input.now);
    // It changed between the two reads: say it is busy rather than guess.
    throw new AppError("VOID_IN_PROGRESS", `La anulación ${input.voidId} está ocupada; intente de nuevo.`);
  }
  const record = await db.voidRecord.findFirstOrThrow({
    where: { id: input.voidId, accountId: input.accountId },
    select: { customerId: true, fileName: true, signedXmlGzip: true, ranges: true },
  });
  const attemptNumber = await nextAttemptNumber(db, input.voidId);
  await db.voidSendAttempt.create({
    data: {
      voidId: input.voidId,
      accountId: input.accountId,
      attemptNumber,
      kind: "resend",
      requestedBy: input.requestedBy,
      startedAt: BigInt(input.now),
    },
  });
  return { attemptNumber, ...record };
}

export type ExchangeResult =
  | {
      outcome: SettledOutcome;
      codigo: string;
      nombre: string;
      mensajes: string[];
      /** DGII's partial success (Aceptado only), split against what was sent (partial-success.ts). */
      partial?: PartialSplit;
    }
  | { outcome: "Error"; errorCode: string; errorMessage: string; mensajes?: string[] };

/**
 * A resend's answer. Aceptado settles the record (by the resend, DGII's fields kept on the attempt,
 * the ALREADY_VOIDED rows written) unless someone settled it meanwhile — then it is only the
 * attempt's answer and a disagreement flags the record for review. A partial success settles it the
 * way a first send's does: `ranges` / `totalVoided` become what DGII voided, `excepted` /
 * `totalExcepted` what it did not, and only the voided ranges get ALREADY_VOIDED rows. Any rejection
 * or failure is only the attempt's answer: the record stays Error. The lease is released either way.
 */
export async function finishResend(input: {
  accountId: string;
  environment: Environment;
  voidId: string;
  attemptNumber: number;
  requestedBy: string;
  leaseOwner: string;
  result: ExchangeResult;
  now: number;
  /** For the activity log's "void.settled" when the resend is accepted (default: requestedBy). */
  activityBy?: ActivityBy;
}): Promise<void> {
  const db = await getDb();
  const result = input.result;
  // Releasing the lease and an acceptance change what a write-ahead of these numbers checks.
  const ranges = await storedRangesOf(input, input.now);
  await db.$transaction(async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    await tx.voidSendAttempt.update({
      where: { voidId_attemptNumber: { voidId: input.voidId, attemptNumber: input.attemptNumber } },
      data: {
        finishedAt: BigInt(input.now),
        outcome: result.outcome,
        ...(result.outcome === "Error"
          ? {
              errorCode: result.errorCode,
              errorMessage: result.errorMessage,
              taxauthResponse: result.mensajes ?? [],
            }
          : { taxauthCode: result.codigo, taxauthName: result.nombre, taxauthResponse: result.mensajes }),
      },
    });
    await tx.voidRecord.updateMany({
      where: { id: input.voidId, accountId: input.accountId, leaseOwner: input.leaseOwner },
      data: { leaseOwner: null, leaseExpiresAt: null },
    });
    if (result.outcome !== "Aceptado") return;
    const partial = result.partial;
    const settled = await tx.voidRecord.updateMany({
      where: { id: input.voidId, accountId: input.accountId, status: "Error", settledAt: null },
      data: {
        status: "Aceptado",
        settledBy: input.requestedBy,
        settledAt: BigInt(input.now),
        settlementOutcome: "Aceptado",
        settlementNote: partial
          ? `Aceptado en parte por la DGII en el reenvío n.º ${input.attemptNumber} del mismo documento firmado: ` +
            `${partial.totalExcepted} secuencia(s) exceptuada(s) no cuentan como anuladas por este registro; ` +
            "verifíquelas en la Oficina Virtual antes de anularlas de nuevo."
          : `Aceptado por la DGII en el reenvío n.º ${input.attemptNumber} del mismo documento firmado.`,
        ...(partial
          ? {
              ranges: partial.storedRanges,
              rangeCount: partial.ranges.length,
              totalVoided: BigInt(partial.totalVoided),
              excepted: partial.storedExcepted,
              totalExcepted: BigInt(partial.totalExcepted),
            }
          : {}),
        updateAt: BigInt(input.now),
      },
    });
    if (settled.count === 1) {
      const { ranges, customerId, totalVoided } = await tx.voidRecord.findFirstOrThrow({
        where: { id: input.voidId },
        select: { ranges: true, customerId: true, totalVoided: true },
      });
      await insertVoidedBlocks(tx, input, input.voidId, ranges);
      await writeEvent(
        tx,
        voidSettledEvent({
          accountId: input.accountId,
          environment: input.environment,
          voidId: input.voidId,
          customerId,
          status: "Aceptado",
          via: "resend",
          totalVoided: Number(totalVoided),
          dgiiCode: result.codigo,
          settledBy: input.requestedBy,
          now: input.now,
        }),
      );
      const by = input.activityBy ?? { actor: { type: "user" as const, id: null, label: input.requestedBy } };
      await recordActivity(tx, {
        accountId: input.accountId,
        environment: input.environment,
        action: "void.settled",
        actor: by.actor,
        subject: { type: "void", id: input.voidId },
        details: {
          via: "resend",
          status: "Aceptado",
          attemptNumber: input.attemptNumber,
          dgiiCode: result.codigo,
          ...(result.partial ? { totalExcepted: result.partial.totalExcepted } : {}),
        },
        ip: by.ip ?? null,
      });
      return;
    }
    await flagIfDisagrees(tx, input.voidId, result, input.now);
  });
}

/**
 * A settled record whose newer DGII answer disagrees with its settlement is flagged for review: another
 * outcome, or other excepted sequences. A partial success (Aceptado, some sequences NOT voided) never
 * agrees with a plain Aceptado — the record would count as voided numbers DGII says it did not void —
 * and a plain Aceptado never agrees with a partial settlement (a resend's partial success).
 */
async function flagIfDisagrees(
  tx: Tx,
  voidId: string,
  answer: { outcome: SettledOutcome; partial?: Pick<PartialSplit, "storedExcepted"> },
  now: number,
): Promise<void> {
  const excepted = answer.partial?.storedExcepted ?? null;
  // Spelled with `null` on both sides: `{ not: x }` alone would let NULL through neither way.
  const exceptedDiffers =
    excepted === null ? [{ excepted: { not: null } }] : [{ excepted: null }, { excepted: { not: excepted } }];
  await tx.voidRecord.updateMany({
    where: {
      id: voidId,
      settledAt: { not: null },
      OR: [{ settlementOutcome: { not: answer.outcome } }, ...exceptedDiffers],
    },
    data: { needsReview: true, updateAt: BigInt(now) },
  });
}

/**
 * DGII's answer to the first send came after a person settled the record: it is recorded as a
 * "late-answer" attempt, never written over the record; if it disagrees with the settlement (another
 * outcome, or a partial success), the record is flagged for review. Returns whether it did anything (the record was settled).
 */
export async function recordLateAnswer(input: {
  accountId: string;
  voidId: string;
  /** `partial`: DGII's partial success (what it voided and did not), compared with the settlement. */
  answer: {
    status: SettledOutcome;
    codigo: string;
    nombre: string;
    mensajes: string[];
    partial?: PartialSplit;
  };
  now: number;
}): Promise<boolean> {
  const db = await getDb();
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      return await db.$transaction(async (tx) => {
        const row = await tx.voidRecord.findFirst({
          where: { id: input.voidId, accountId: input.accountId, settledAt: { not: null } },
          select: { id: true },
        });
        if (!row) return false;
        await tx.voidSendAttempt.create({
          data: {
            voidId: input.voidId,
            accountId: input.accountId,
            attemptNumber: await nextAttemptNumber(tx, input.voidId),
            kind: "late-answer",
            startedAt: BigInt(input.now),
            finishedAt: BigInt(input.now),
            outcome: input.answer.status,
            taxauthCode: input.answer.codigo,
            taxauthName: input.answer.nombre,
            taxauthResponse: input.answer.mensajes,
          },
        });
        await flagIfDisagrees(
          tx,
          input.voidId,
          { outcome: input.answer.status, partial: input.answer.partial },
          input.now,
        );
        return true;
      });
    } catch (error) {
      // Two answers numbered at once: the unique (voidId, attemptNumber) refused one; number it again.
      if (tries < 2 && String(error).includes("Unique")) continue;
      throw error;
    }
  }
  return false;
}

/** A row of the queue "Por confirmar": an Error record and what is known about it. */
export interface PendingVoidRow {
  voidId: string;
  environment: Environment;
  customerId: string;
  fechaHoraAnulacion: string;
  totalVoided: number;
  rangeCount: number;
  createdAt: number;
  createdBy: string | null;
  taxauthCode: string | null;
  taxauthName: string | null;
  taxauthResponse: string[];
  errorCode: string | null;
  errorMessage: string | null;
  /** A send still waits for DGII (live lease): it cannot be settled yet. */
  sending: boolean;
  attemptCount: number;
}

/**
 * The company's Error records in one environment, oldest first, keyset-paged on (createdAt, voidId)
 * after `after`; `take` bounds the page. Ranges and the signed XML are not read.
 */
export async function listPendingRows(
  accountId: string,
  environment: Environment,
  take: number,
  after?: { createdAt: number; voidId: string },
  now = Date.now(),
): Promise<PendingVoidRow[]> {
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: {
      accountId,
      environment,
      status: "Error",
      ...(after
        ? {
            OR: [
              { createdAt: { gt: BigInt(after.createdAt) } },
              { createdAt: BigInt(after.createdAt), id: { gt: after.voidId } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    omit: { signedXmlGzip: true, ranges: true },
  });
  const counts = await db.voidSendAttempt.groupBy({
    by: ["voidId"],
    where: { voidId: { in: rows.map((row) => row.id) }, accountId },
    _count: { _all: true },
  });
  const countOf = new Map(counts.map((count) => [count.voidId, count._count._all]));
  return rows.map((row) => ({
    voidId: row.id,
    environment: row.environment,
    customerId: row.customerId,
    fechaHoraAnulacion: row.fechaHoraAnulacion,
    totalVoided: Number(row.totalVoided),
    rangeCount: row.rangeCount,
    createdAt: Number(row.createdAt),
    createdBy: row.createdBy,
    taxauthCode: row.taxauthCode,
    taxauthName: row.taxauthName,
    taxauthResponse: row.taxauthResponse as unknown as string[],
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    sending: row.leaseExpiresAt !== null && Number(row.leaseExpiresAt) > now,
    attemptCount: countOf.get(row.id) ?? 0,
  }));
}

/** Settled records whose later DGII answer disagrees (needsReview), newest first, at most `take`. */
export async function listNeedsReview(
  accountId: string,
  environment: Environment,
  take: number,
): Promise<
  Array<{ voidId: string; status: VoidStatus; settledAt: number | null; fechaHoraAnulacion: string }>
> {
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: { accountId, environment, needsReview: true },
    select: { id: true, status: true, settledAt: true, fechaHoraAnulacion: true },
    orderBy: [{ createdAt: "desc" }],
    take,
  });
  return rows.map((row) => ({
    voidId: row.id,
    status: row.status,
    settledAt: row.settledAt === null ? null : Number(row.settledAt),
    fechaHoraAnulacion: row.fechaHoraAnulacion,
  }));
}

/** How many records of the company wait for a person (Error, or flagged for review), counted up to `cap`. */
export async function countPending(accountId: string, environment: Environment, cap = 1000): Promise<number> {
  const db = await getDb();
  const [errors, review] = await Promise.all([
    db.voidRecord.count({ where: { accountId, environment, status: "Error" }, take: cap }),
    db.voidRecord.count({ where: { accountId, environment, needsReview: true }, take: cap }),
  ]);
  return Math.min(cap, errors + review);
}
