import "server-only";

import { v7 as uuidv7 } from "uuid";
import type { Environment } from "@/lib/domain/environments";
import { groupBySerieTipo } from "@/lib/domain/intervals";
import { getDb, lockNumberSeries, type PrismaClient } from "@/lib/server/platform/db";
import type { VoidRecord } from "@/prisma/generated/client";
import type { PartialSplit } from "./partial-success";
import { storedRequestRanges } from "../platform/db/stored-ranges";
import type {
  EvidenceView,
  SendAttemptView,
  SettledOutcome,
  SettlementExtension,
  SettlementView,
} from "@/lib/domain/void-settlement";
import type { SerieTipoBox, VoidStatus } from "./types";

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

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * A record's stored ranges (null: no such record of the company and environment), read before its
 * transaction so that transaction can take the lock of their series+types first (lockNumberSeries:
 * before any row lock). Settling only narrows the ranges (a partial success), never moves them to
 * another series+type.
 */
export async function readStoredRanges(where: {
  accountId: string;
  environment: Environment;
  voidId: string;
}): Promise<string | null> {
  const db = await getDb();
  const target = await db.voidRecord.findFirst({
    where: { id: where.voidId, accountId: where.accountId, environment: where.environment },
    select: { ranges: true },
  });
  return target?.ranges ?? null;
}

/** The lock of the record's numbers (readStoredRanges), taken first in its transaction. */
export async function lockRecordSeries(
  tx: Tx,
  scope: { accountId: string; environment: Environment },
  storedRanges: string,
): Promise<void> {
  await lockNumberSeries(tx, scope.accountId, scope.environment, boxesOfStoredRanges(storedRanges));
}

export interface LockedRecord {
  id: string;
  status: VoidStatus;
  settledAt: bigint | null;
  leaseExpiresAt: bigint | null;
  ranges: string;
}

/** The record (undefined: none of the company and environment), locked for the rest of the transaction. */
export async function lockRecordRow(
  tx: Tx,
  where: { accountId: string; environment: Environment; voidId: string },
): Promise<LockedRecord | undefined> {
  const rows = await tx.$queryRaw<LockedRecord[]>`
    SELECT "id", "status"::text AS "status", "settledAt", "leaseExpiresAt", "ranges" FROM "VoidRecord"
    WHERE "id" = ${where.voidId} AND "accountId" = ${where.accountId}
      AND "environment" = ${where.environment}::"Environment"
    FOR UPDATE`;
  return rows[0];
}

export async function insertVoidedBlocks(
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
export async function nextAttemptNumber(tx: Tx | PrismaClient, voidId: string): Promise<number> {
  const last = await tx.voidSendAttempt.findFirst({
    where: { voidId },
    orderBy: { attemptNumber: "desc" },
    select: { attemptNumber: true },
  });
  return Math.max(2, (last?.attemptNumber ?? 1) + 1);
}

/**
 * A settled record whose newer DGII answer disagrees with its settlement is flagged for review: another
 * outcome, or other excepted sequences. A partial success (Aceptado, some sequences NOT voided) never
 * agrees with a plain Aceptado — the record would count as voided numbers DGII says it did not void —
 * and a plain Aceptado never agrees with a partial settlement (a resend's partial success).
 */
export async function flagIfDisagrees(
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
