import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { getDb, inTransaction, lockNumberSeries } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { v7 as uuidv7 } from "uuid";
import type { Prisma, VoidRecord } from "@/prisma/generated/client";

import { decompressSignedXml } from "./signed-xml-storage";
import { firstOverlap, serieTipoKey } from "@/lib/domain/intervals";
import { voidReasonOf, type VoidReason } from "@/lib/domain/void-reasons";
import type { VoidReasonFilter } from "@/lib/schemas/void-ncf-list";
import type { PartialSplit } from "./partial-success";
import { parseStoredRanges, storedRangeGroups, type StoredRequestRange } from "../platform/db/stored-ranges";
import { recordLateAnswer } from "./settlement-repository";
import { voidSettledEvent } from "./void-settled-event";
import { recordVoidOutcome } from "@/lib/server/platform/metrics/record";
import {
  STORED_VOID_MESSAGES,
  type SerieTipoBox,
  type VoidAttempt,
  type VoidCompletion,
  type VoidContent,
  type VoidErrorCode,
  type VoidRecordView,
} from "./types";

/**
 * Persistence of void attempts. Every query is scoped by accountId (the token's account) and the
 * path's environment: tenant isolation is a property of this file, not of its callers' care.
 */

/**
 * An attempt as the void flow sees it after a write: neither the signed XML (up to 13 MB) nor the
 * ranges (up to 4 MB of JSON) travel back from the database; the caller has them.
 */
function toAttempt(row: Omit<VoidRecord, "signedXmlGzip" | "ranges">): VoidAttempt {
  return {
    voidId: row.id,
    accountId: row.accountId,
    customerId: row.customerId,
    environment: row.environment,
    status: row.status,
    fechaHoraAnulacion: row.fechaHoraAnulacion,
    totalVoided: Number(row.totalVoided),
    fileName: row.fileName,
    taxauthCode: row.taxauthCode,
    taxauthName: row.taxauthName,
    taxauthResponse: row.taxauthResponse as unknown as string[],
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    createdBy: row.createdBy,
    createdAt: Number(row.createdAt),
    updateAt: Number(row.updateAt),
    reason: voidReasonOf(row),
    // Sent on approval of a request (approval policy): who approved it, when.
    ...(row.requestId !== null
      ? {
          approval: {
            requestId: row.requestId,
            approvedBy: row.approvedBy,
            approvedAt: row.approvedAt === null ? null : Number(row.approvedAt),
          },
        }
      : {}),
    // DGII's partial success: what it did not void (extension).
    ...(row.excepted !== null
      ? { excepted: parseStoredRanges(row.excepted), totalExcepted: Number(row.totalExcepted ?? 0) }
      : {}),
  };
}

/** Rows are read without the signed XML (up to 13 MB): only the download needs it. */
export function toView(row: Omit<VoidRecord, "signedXmlGzip">): VoidRecordView {
  return { ...toAttempt(row), ranges: parseStoredRanges(row.ranges) };
}

export interface WriteAheadInput {
  voidId: string;
  accountId: string;
  rnc: string;
  environment: Environment;
  content: VoidContent;
  fileName: string;
  /** The signed ANECF, gzip then base64 (see schema.prisma). */
  signedXmlGzip: string;
  createdBy: string;
  /** DGII's 608 reason and free text; null or absent: none. */
  reason?: VoidReason | null;
  idempotencyKey?: string;
  requestHash?: string;
  now: number;
  /** The send's lease (send-leases.ts): this instance, until when. */
  lease: { owner: string; expiresAt: number };
  /** A void sent by approving a request (lib/server/approvals): the request and its approver. */
  approval?: VoidApproval;
}

/** Who approved a void held by the company's approval policy, and which request it was. */
export interface VoidApproval {
  requestId: string;
  approvedByUserId: string;
  approvedBy: string;
  approvedAt: number;
}

/** Stores the attempt before anything is sent: status Error ("not confirmed yet") with the signed XML. */
export async function insertWriteAhead(input: WriteAheadInput): Promise<VoidAttempt> {
  const db = await getDb();
  const row = await db.voidRecord.create({
    data: {
      id: input.voidId,
      accountId: input.accountId,
      customerId: input.rnc,
      environment: input.environment,
      status: "Error",
      fechaHoraAnulacion: input.content.fechaHoraAnulacion,
      totalVoided: BigInt(input.content.totalVoided),
      ranges: input.content.storedRanges,
      rangeCount: input.content.rangeCount,
      fileName: input.fileName,
      taxauthResponse: [],
      signedXmlGzip: input.signedXmlGzip,
      errorCode: "NOT_CONFIRMED" satisfies VoidErrorCode,
      errorMessage: STORED_VOID_MESSAGES.notConfirmed,
      createdBy: input.createdBy,
      reasonCode: input.reason?.code ?? null,
      reasonText: input.reason?.text ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      requestHash: input.requestHash ?? null,
      createdAt: BigInt(input.now),
      updateAt: BigInt(input.now),
      leaseOwner: input.lease.owner,
      leaseExpiresAt: BigInt(input.lease.expiresAt),
      ...(input.approval
        ? {
            requestId: input.approval.requestId,
            approvedByUserId: input.approval.approvedByUserId,
            approvedBy: input.approval.approvedBy,
            approvedAt: BigInt(input.approval.approvedAt),
          }
        : {}),
    },
    omit: { signedXmlGzip: true, ranges: true },
  });
  return toAttempt(row);
}

/**
 * Records the outcome of an attempt. A confirmed answer (Aceptado/Rechazado) is final: a later
 * "failed" never overwrites it (each write only matches a record still in Error). One statement
 * per outcome, on the hot path of every void: an accepted void's status change and its
 * ALREADY_VOIDED index rows are written by one atomic statement (acceptVoid).
 */
export async function completeVoid(
  record: VoidAttempt,
  completion: VoidCompletion,
  content: Pick<VoidContent, "boxes">,
  now: number,
): Promise<VoidAttempt> {
  const db = await getDb();
  const release = completion.status !== "Error" || !completion.stillWaiting;
  const changes =
    completion.status === "Error"
      ? { errorCode: completion.errorCode, errorMessage: completion.errorMessage }
      : {
          status: completion.status,
          taxauthCode: completion.codigo,
          taxauthName: completion.nombre,
          taxauthResponse: completion.mensajes,
          errorCode: null,
          errorMessage: null,
        };
  const write = async (): Promise<boolean> =>
    completion.status === "Aceptado"
      ? acceptVoid(record, completion, completion.partial?.boxes ?? content.boxes, now)
      : (
          await (
            await getDb()
          ).voidRecord.updateMany({
            where: {
              id: record.voidId,
              accountId: record.accountId,
              status: "Error",
              // "Still waiting" only while the send holds its lease: once the send's own outcome has
              // been written (and released it), that outcome stands.
              ...(release ? {} : { leaseOwner: { not: null } }),
            },
            data: {
              ...changes,
              ...(release ? { leaseOwner: null, leaseExpiresAt: null } : {}),
              updateAt: BigInt(now),
            },
          })
        ).count === 1;
  // DGII's answer settles the attempt, or the send ends without one: the change and its event
  // (void.settled, void.unconfirmed) in one transaction, under the lock of the void's series+types
  // (the request's: a partial success only narrows them), so no write-ahead of these numbers sees
  // it half-way between its checks. An Error while the send still waits for a late answer changes
  // nothing the checks read and announces nothing yet.
  const changed = !release
    ? await write()
    : await inTransaction(db, async (tx) => {
        await lockNumberSeries(tx, record.accountId, record.environment, content.boxes);
        const written = await write();
        if (written) await writeEvent(tx, completionEvent(record, completion, now));
        return written;
      });
  if (changed) {
    // GET /metrics: the outcome, once — an Error only when no answer will come any more.
    if (release) recordVoidOutcome(record.environment, completion.status);
    const partial = completion.status === "Aceptado" ? completion.partial : undefined;
    return partial
      ? {
          ...record,
          ...changes,
          totalVoided: partial.totalVoided,
          excepted: partial.excepted,
          totalExcepted: partial.totalExcepted,
          updateAt: now,
        }
      : { ...record, ...changes, updateAt: now };
  }

  // Already final: an earlier answer won, and that is what the caller reports.
  const row = await db.voidRecord.findFirstOrThrow({
    where: { id: record.voidId, accountId: record.accountId },
    omit: { signedXmlGzip: true, ranges: true },
  });
  // A person settled it first: DGII's answer is kept beside the settlement, never over it (and a
  // disagreement flags the record for review). The partial split travels with it: a partial success
  // disagrees with a plain Aceptado although both say "Aceptado".
  if (row.settledAt !== null && completion.status !== "Error") {
    const { status, codigo, nombre, mensajes, partial } = completion;
    await recordLateAnswer({
      accountId: record.accountId,
      voidId: record.voidId,
      answer: { status, codigo, nombre, mensajes, ...(partial ? { partial } : {}) },
      now,
    });
  }
  return toAttempt(row);
}

/** The event of a completion that releases the send: DGII's answer, or the end of waiting for one. */
function completionEvent(record: VoidAttempt, completion: VoidCompletion, now: number) {
  const common = {
    accountId: record.accountId,
    environment: record.environment,
    subjectId: record.voidId,
    now,
  };
  if (completion.status === "Error") {
    return {
      ...common,
      type: "void.unconfirmed" as const,
      payload: {
        voidId: record.voidId,
        customerId: record.customerId,
        environment: record.environment,
        status: "Error" as const,
        // The send's own outcomes are these two; anything else is stored as the void error.
        errorCode:
          completion.errorCode === "TAXAUTH_AUTH_ERROR"
            ? ("TAXAUTH_AUTH_ERROR" as const)
            : ("TAXAUTH_VOID_ERROR" as const),
        totalVoided: record.totalVoided,
      },
    };
  }
  return voidSettledEvent({
    accountId: record.accountId,
    environment: record.environment,
    voidId: record.voidId,
    customerId: record.customerId,
    status: completion.status,
    via: "answer",
    totalVoided:
      completion.status === "Aceptado" && completion.partial
        ? completion.partial.totalVoided
        : record.totalVoided,
    dgiiCode: completion.codigo,
    settledBy: null,
    now,
  });
}

/**
 * Error → Aceptado and the void's index rows (its bounding box per series+type) in one statement:
 * rows are inserted only if the update matched, so the count says whether it did (an accepted
 * plan has at least one range, hence one row). A partial success stores what was voided as
 * `ranges` / `totalVoided` and what was not as `excepted`; its index rows are the voided ranges'.
 */
async function acceptVoid(
  record: Pick<VoidRecordView, "voidId" | "accountId">,
  answer: { codigo: string; nombre: string; mensajes: string[]; partial?: PartialSplit },
  blocks: readonly SerieTipoBox[],
  now: number,
): Promise<boolean> {
  const db = await getDb();
  const partial = answer.partial;
  const inserted = await db.$executeRaw`
    WITH accepted AS (
      UPDATE "VoidRecord"
      SET "status" = 'Aceptado', "taxauthCode" = ${answer.codigo}, "taxauthName" = ${answer.nombre},
          "taxauthResponse" = ${JSON.stringify(answer.mensajes)}::jsonb,
          "ranges" = COALESCE(${partial?.storedRanges ?? null}::text, "ranges"),
          "rangeCount" = COALESCE(${partial?.ranges.length ?? null}::int, "rangeCount"),
          "totalVoided" = COALESCE(${partial ? String(partial.totalVoided) : null}::bigint, "totalVoided"),
          "excepted" = ${partial?.storedExcepted ?? null}::text,
          "totalExcepted" = ${partial ? String(partial.totalExcepted) : null}::bigint,
          "errorCode" = NULL, "errorMessage" = NULL, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
          "updateAt" = ${BigInt(now)}
      WHERE "id" = ${record.voidId} AND "accountId" = ${record.accountId} AND "status" = 'Error'
      RETURNING "id", "accountId", "environment"
    )
    INSERT INTO "VoidedBlock" ("id", "accountId", "environment", "voidId", "serie", "tipoeCF", "minDesde", "maxHasta")
    SELECT block.id, accepted."accountId", accepted."environment", accepted."id", block.serie,
           block.tipo, block.min_desde::bigint, block.max_hasta::bigint
    FROM accepted CROSS JOIN unnest(
      ${blocks.map(() => uuidv7())}::text[],
      ${blocks.map((block) => block.serie)}::text[],
      ${blocks.map((block) => block.tipoeCF)}::text[],
      ${blocks.map((block) => String(block.minDesde))}::text[],
      ${blocks.map((block) => String(block.maxHasta))}::text[]
    ) AS block(id, serie, tipo, min_desde, max_hasta)`;
  return inserted > 0;
}

export async function findVoid(
  accountId: string,
  environment: Environment,
  voidId: string,
): Promise<VoidRecordView | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({
    where: { id: voidId, accountId, environment },
    omit: { signedXmlGzip: true },
  });
  return row ? toView(row) : null;
}

/**
 * The attempt stored under an Idempotency-Key. `sending`: its first request is still waiting for
 * the authority's first answer (written ahead, lease alive), so a duplicate must wait for it.
 */
export async function findVoidByIdempotencyKey(
  accountId: string,
  environment: Environment,
  idempotencyKey: string,
  now = Date.now(),
): Promise<(VoidRecordView & { requestHash: string | null; sending: boolean }) | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({
    where: { accountId, environment, idempotencyKey },
    omit: { signedXmlGzip: true },
  });
  if (!row) return null;
  const sending =
    row.status === "Error" &&
    row.errorCode === ("NOT_CONFIRMED" satisfies VoidErrorCode) &&
    row.leaseExpiresAt !== null &&
    Number(row.leaseExpiresAt) > now;
  return { ...toView(row), requestHash: row.requestHash, sending };
}

/** An attempt with its ranges still in their stored form (JSON tuples, or gzip + base64). */
export type StoredVoid = VoidAttempt & { storedRanges: string };

/** A row of a list page: the attempt and its range count, ranges not read yet. */
export type VoidListRow = VoidAttempt & { rangeCount: number };

export interface VoidListFilter {
  status?: VoidRecordView["status"];
  fromDate?: number;
  toDate?: number;
  /** A 608 reason code, or "none": the voids made without a reason. */
  reason?: VoidReasonFilter;
  /** Keyset position: rows strictly older than (createdAt, voidId). */
  before?: { createdAt: number; id: string };
}

/** One attempt with its stored ranges (GET ?voidId=), without the signed XML. */
export async function findStoredVoid(
  accountId: string,
  environment: Environment,
  voidId: string,
): Promise<StoredVoid | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({
    where: { id: voidId, accountId, environment },
    omit: { signedXmlGzip: true },
  });
  return row ? { ...toAttempt(row), storedRanges: row.ranges } : null;
}

/**
 * Up to `take` attempts newest first, keyset-ordered on (createdAt, voidId), without their ranges
 * or signed XML: a page is chosen by range counts first, then only its rows' ranges are read.
 */
export async function listVoidRows(
  accountId: string,
  environment: Environment,
  filter: VoidListFilter,
  take: number,
): Promise<VoidListRow[]> {
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: listWhere(accountId, environment, filter),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    omit: { signedXmlGzip: true, ranges: true },
  });
  return rows.map((row) => ({ ...toAttempt(row), rangeCount: row.rangeCount }));
}

/** How many attempts match the filter (with `before`: how many from that position on). */
export async function countVoidRows(
  accountId: string,
  environment: Environment,
  filter: VoidListFilter,
): Promise<number> {
  const db = await getDb();
  return db.voidRecord.count({ where: listWhere(accountId, environment, filter) });
}

function listWhere(
  accountId: string,
  environment: Environment,
  filter: VoidListFilter,
): Prisma.VoidRecordWhereInput {
  const createdAt: { gte?: bigint; lte?: bigint } = {};
  if (filter.fromDate !== undefined) createdAt.gte = BigInt(filter.fromDate);
  if (filter.toDate !== undefined) createdAt.lte = BigInt(filter.toDate);
  return {
    accountId,
    environment,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.reason ? { reasonCode: filter.reason === "none" ? null : filter.reason } : {}),
    ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
    ...(filter.before
      ? {
          OR: [
            { createdAt: { lt: BigInt(filter.before.createdAt) } },
            { createdAt: BigInt(filter.before.createdAt), id: { lt: filter.before.id } },
          ],
        }
      : {}),
  };
}

/** The stored ranges of some of the account's attempts, by voidId. */
export async function findStoredRanges(
  accountId: string,
  voidIds: readonly string[],
): Promise<Map<string, string>> {
  if (voidIds.length === 0) return new Map();
  const db = await getDb();
  // By primary key only: with `accountId` in the WHERE too, a planner without fresh statistics (a
  // bulk import, no ANALYZE yet) walked the account's whole (accountId, …) index instead — ~100 ms
  // per page at 100,000 records. The account is checked on each row instead.
  const rows = await db.voidRecord.findMany({
    where: { id: { in: [...voidIds] } },
    select: { id: true, accountId: true, ranges: true },
  });
  return new Map(rows.filter((row) => row.accountId === accountId).map((row) => [row.id, row.ranges]));
}

/** The newest `take` attempts still in Error, with their stored ranges (the portal's retry-rule-2 warning). */
export async function findErrorAttempts(
  accountId: string,
  environment: Environment,
  take: number,
): Promise<Array<{ voidId: string; storedRanges: string; createdAt: number; fechaHoraAnulacion: string }>> {
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: { accountId, environment, status: "Error" },
    select: { id: true, ranges: true, createdAt: true, fechaHoraAnulacion: true },
    orderBy: { createdAt: "desc" },
    take,
  });
  return rows.map((row) => ({
    voidId: row.id,
    storedRanges: row.ranges,
    createdAt: Number(row.createdAt),
    fechaHoraAnulacion: row.fechaHoraAnulacion,
  }));
}

export async function findSignedXml(
  accountId: string,
  environment: Environment,
  voidId: string,
): Promise<{ fileName: string; signedXml: string } | null> {
  const db = await getDb();
  const row = await db.voidRecord.findFirst({
    where: { id: voidId, accountId, environment },
    select: { fileName: true, signedXmlGzip: true },
  });
  return row ? { fileName: row.fileName, signedXml: await decompressSignedXml(row.signedXmlGzip) } : null;
}

/**
 * The first accepted earlier void that a request's range overlaps, per series and type. Candidates
 * come from the index of bounding boxes; only when there are some are the request's ranges read
 * (from their stored JSON) and merge-walked against that void's (lib/domain/intervals).
 */
export async function findAcceptedOverlap(
  accountId: string,
  environment: Environment,
  request: Pick<VoidContent, "boxes" | "storedRanges">,
): Promise<{ range: StoredRequestRange; voidId: string; desde: number; hasta: number } | null> {
  const db = await getDb();
  let requestGroups: Map<string, StoredRequestRange[]> | undefined;
  for (const box of request.boxes) {
    // Raw SQL: on every void; the query builder's own work cost more than the query.
    const candidates = await db.$queryRaw<Array<{ voidId: string }>>`
      SELECT "voidId" FROM "VoidedBlock"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" = ${box.serie} AND "tipoeCF" = ${box.tipoeCF}
        AND "minDesde" <= ${BigInt(box.maxHasta)} AND "maxHasta" >= ${BigInt(box.minDesde)}
      ORDER BY "minDesde" ASC`;
    const key = serieTipoKey(box.serie, box.tipoeCF);
    for (const { voidId } of candidates) {
      const row = await db.voidRecord.findFirst({
        where: { id: voidId, accountId, environment, status: "Aceptado" },
        select: { ranges: true },
      });
      if (!row) continue;
      requestGroups ??= storedRangeGroups(request.storedRanges);
      const hit = firstOverlap(requestGroups.get(key) ?? [], storedRangeGroups(row.ranges).get(key) ?? []);
      if (hit) return { range: hit[0], voidId, desde: hit[1].desde, hasta: hit[1].hasta };
    }
  }
  return null;
}

/** How many candidate attempts one e-NCF search reads the ranges of, per kind (accepted, unindexed). */
export const MAX_COVERING_CANDIDATES = 1_000;

/** An attempt a number search may find in: its ranges still stored (JSON tuples, or gzip + base64). */
export interface CoveringCandidate {
  voidId: string;
  status: VoidRecordView["status"];
  errorCode: string | null;
  createdAt: number;
  fechaHoraAnulacion: string;
  storedRanges: string;
  storedExcepted: string | null;
}

const CANDIDATE_SELECT = {
  id: true,
  status: true,
  errorCode: true,
  createdAt: true,
  fechaHoraAnulacion: true,
  ranges: true,
  excepted: true,
} as const;

function toCandidate(row: {
  id: string;
  status: VoidRecordView["status"];
  errorCode: string | null;
  createdAt: bigint;
  fechaHoraAnulacion: string;
  ranges: string;
  excepted: string | null;
}): CoveringCandidate {
  return {
    voidId: row.id,
    status: row.status,
    errorCode: row.errorCode,
    createdAt: Number(row.createdAt),
    fechaHoraAnulacion: row.fechaHoraAnulacion,
    storedRanges: row.ranges,
    storedExcepted: row.excepted,
  };
}

/**
 * The attempts that may hold one number of a series+type, newest first, their ranges not yet
 * matched (find-voids-covering.ts walks them with lib/domain/intervals):
 * - accepted ones through the VoidedBlock index: only voids whose bounding box holds the number;
 * - partial successes whose excepted ranges name that series+type (or are gzip-stored), through the
 *   (accountId, environment, totalExcepted) index: an excepted number may lie outside the index
 *   boxes, which hold only what DGII voided, and the search must still say "not voided" for it;
 * - every other attempt (Error, Rechazado: no index rows) whose stored JSON names that series+type
 *   (`"E31`), plus the large gzip-stored ones, which text cannot filter. Bounded: `truncated` says
 *   the newest MAX_COVERING_CANDIDATES of any kind were read and older ones were not.
 */
export async function findCoveringCandidates(
  accountId: string,
  environment: Environment,
  serie: string,
  tipoeCF: string,
  secuencia: number,
): Promise<{ candidates: CoveringCandidate[]; truncated: boolean }> {
  const db = await getDb();
  const limit = MAX_COVERING_CANDIDATES;
  const blocks = await db.voidedBlock.findMany({
    where: {
      accountId,
      environment,
      serie,
      tipoeCF,
      minDesde: { lte: BigInt(secuencia) },
      maxHasta: { gte: BigInt(secuencia) },
    },
    select: { voidId: true },
    orderBy: { voidId: "desc" },
    take: limit + 1,
  });
  const acceptedIds = [...new Set(blocks.slice(0, limit).map((block) => block.voidId))];
  const accepted =
    acceptedIds.length === 0
      ? []
      : await db.voidRecord.findMany({
          where: { id: { in: acceptedIds } },
          select: { ...CANDIDATE_SELECT, accountId: true, environment: true },
        });
  const others = await db.voidRecord.findMany({
    where: {
      accountId,
      environment,
      status: { not: "Aceptado" },
      OR: [{ ranges: { contains: `"${serie}${tipoeCF}` } }, { NOT: { ranges: { startsWith: "[" } } }],
    },
    select: CANDIDATE_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const partials = await db.voidRecord.findMany({
    where: {
      accountId,
      environment,
      totalExcepted: { not: null },
      OR: [{ excepted: { contains: `"${serie}${tipoeCF}` } }, { NOT: { excepted: { startsWith: "[" } } }],
    },
    select: CANDIDATE_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  // A partial success whose voided box holds the number is read twice: keep it once.
  const byId = new Map<string, CoveringCandidate>();
  for (const row of [
    ...accepted.filter((row) => row.accountId === accountId && row.environment === environment),
    ...partials.slice(0, limit),
    ...others.slice(0, limit),
  ]) {
    byId.set(row.id, toCandidate(row));
  }
  const candidates = [...byId.values()].sort(
    (a, b) => b.createdAt - a.createdAt || (a.voidId < b.voidId ? 1 : -1),
  );
  return {
    candidates,
    truncated: blocks.length > limit || partials.length > limit || others.length > limit,
  };
}
