import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { getDb, Prisma } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";
import type { EventType } from "@/lib/server/platform/events/event-types";
import { outboxInsert, type NewEvent } from "@/lib/server/platform/events/write-event";
import { v7 as uuidv7 } from "uuid";
import type { VoidRecord } from "@/prisma/generated/client";

import { decompressSignedXml } from "./signed-xml-storage";
import { firstOverlap, serieTipoKey } from "@/lib/domain/intervals";
import { voidReasonOf, type VoidReason } from "@/lib/domain/void-reasons";
import type { VoidReasonFilter } from "@/lib/schemas/void-ncf-list";
import type { PartialSplit } from "./partial-success";
import { parseStoredRanges, storedRangeGroups, type StoredRequestRange } from "../platform/db/stored-ranges";
import { activityInsert, type ActivityInput } from "@/lib/server/platform/activity/record-activity";
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
export function toAttempt(row: Omit<VoidRecord, "signedXmlGzip" | "ranges">): VoidAttempt {
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

/**
 * Who approved a void held by the company's approval policy, and which request it was (null: no
 * request, the approver decided for the company in a year-end close, lib/server/year-end-close).
 */
export interface VoidApproval {
  requestId: string | null;
  approvedByUserId: string;
  approvedBy: string;
  approvedAt: number;
}

/**
 * Stores the attempt before anything is sent: status Error ("not confirmed yet") with the signed XML,
 * and `events` (its void.created) in the same statement — one round trip on every void. The attempt
 * is answered from what was written: nothing travels back from the database.
 */
export async function insertWriteAhead(
  input: WriteAheadInput,
  events: ReadonlyArray<NewEvent<EventType>> = [],
): Promise<VoidAttempt> {
  const db = await getDb();
  const row = writtenAheadRow(input);
  const approvedAt = row.approvedAt === null ? null : String(row.approvedAt);
  const insert = Prisma.sql`
    INSERT INTO "VoidRecord" (
      "id", "accountId", "customerId", "environment", "status", "fechaHoraAnulacion", "totalVoided",
      "ranges", "rangeCount", "fileName", "taxauthResponse", "signedXmlGzip", "errorCode", "errorMessage",
      "createdBy", "reasonCode", "reasonText", "idempotencyKey", "requestHash", "createdAt", "updateAt",
      "leaseOwner", "leaseExpiresAt", "requestId", "approvedByUserId", "approvedBy", "approvedAt"
    ) VALUES (
      ${row.id}, ${row.accountId}, ${row.customerId}, ${row.environment}::"Environment",
      ${row.status}::"VoidStatus", ${row.fechaHoraAnulacion}, ${String(row.totalVoided)}::bigint,
      ${input.content.storedRanges}, ${row.rangeCount}::int, ${row.fileName}, '[]'::jsonb,
      ${input.signedXmlGzip}, ${row.errorCode}, ${row.errorMessage}, ${row.createdBy}::text,
      ${row.reasonCode}::text, ${row.reasonText}::text, ${row.idempotencyKey}::text, ${row.requestHash}::text,
      ${String(row.createdAt)}::bigint, ${String(row.updateAt)}::bigint, ${row.leaseOwner}::text,
      ${String(row.leaseExpiresAt)}::bigint, ${row.requestId}::text, ${row.approvedByUserId}::text,
      ${row.approvedBy}::text, ${approvedAt}::bigint
    )`;
  await db.$executeRaw(
    events.length === 0 ? insert : Prisma.sql`WITH record AS (${insert}) ${outboxInsert(events).sql}`,
  );
  return toAttempt(row);
}

/** The row insertWriteAhead writes, but its ranges and signed XML (which the caller has). */
function writtenAheadRow(input: WriteAheadInput): Omit<VoidRecord, "signedXmlGzip" | "ranges"> {
  return {
    id: input.voidId,
    accountId: input.accountId,
    customerId: input.rnc,
    environment: input.environment,
    status: "Error",
    fechaHoraAnulacion: input.content.fechaHoraAnulacion,
    totalVoided: BigInt(input.content.totalVoided),
    rangeCount: input.content.rangeCount,
    fileName: input.fileName,
    taxauthCode: null,
    taxauthName: null,
    taxauthResponse: [],
    errorCode: "NOT_CONFIRMED" satisfies VoidErrorCode,
    errorMessage: STORED_VOID_MESSAGES.notConfirmed,
    createdBy: input.createdBy,
    requestId: input.approval?.requestId ?? null,
    approvedByUserId: input.approval?.approvedByUserId ?? null,
    approvedBy: input.approval?.approvedBy ?? null,
    approvedAt: input.approval ? BigInt(input.approval.approvedAt) : null,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    createdAt: BigInt(input.now),
    updateAt: BigInt(input.now),
    leaseOwner: input.lease.owner,
    leaseExpiresAt: BigInt(input.lease.expiresAt),
    excepted: null,
    totalExcepted: null,
    settledByUserId: null,
    settledBy: null,
    settledAt: null,
    settlementOutcome: null,
    settlementNote: null,
    needsReview: false,
    ledgerSyncedAt: null,
    reasonCode: input.reason?.code ?? null,
    reasonText: input.reason?.text ?? null,
  };
}

/** What a completing statement writes besides the change, only if it matched. */
export interface CompletionWrites {
  event?: NewEvent<EventType>;
  entry?: ActivityInput;
}

/** The WITH queries of `also`, guarded by the change's WITH query `changed`. */
function alsoWritten(also: CompletionWrites, changed: string): Prisma.Sql {
  return Prisma.sql`${also.event ? Prisma.sql`, announced AS (${outboxInsert([also.event], changed).sql})` : Prisma.empty}${
    also.entry ? Prisma.sql`, logged AS (${activityInsert(also.entry, changed)})` : Prisma.empty
  }`;
}

/**
 * Error → Aceptado and the void's index rows (its bounding box per series+type) in one statement:
 * rows are inserted only if the update matched, so the count says whether it did (an accepted
 * plan has at least one range, hence one row). A partial success stores what was voided as
 * `ranges` / `totalVoided` and what was not as `excepted`; its index rows are the voided ranges'.
 */
export async function acceptVoid(
  record: Pick<VoidRecordView, "voidId" | "accountId">,
  answer: { codigo: string; nombre: string; mensajes: string[]; partial?: PartialSplit },
  blocks: readonly SerieTipoBox[],
  now: number,
  also: CompletionWrites = {},
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
    )${alsoWritten(also, "accepted")}
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

/**
 * Error → Rechazado, or the Error of a send that ended without an answer (`release`: the lease is
 * given back) or still waits for one (the lease is kept, and the change is made only while the send
 * holds it: once its own outcome has been written and released it, that outcome stands). Only a
 * record still in Error matches; `event` is written only if it did.
 */
export async function updateUnaccepted(
  record: Pick<VoidRecordView, "voidId" | "accountId">,
  completion: VoidCompletion,
  release: boolean,
  now: number,
  also: CompletionWrites = {},
): Promise<boolean> {
  // An acceptance also writes its ALREADY_VOIDED index rows: acceptVoid, never this.
  if (completion.status === "Aceptado") throw new Error("updateUnaccepted: an acceptance goes to acceptVoid");
  const db = await getDb();
  const changes =
    completion.status === "Error"
      ? Prisma.sql`"errorCode" = ${completion.errorCode}, "errorMessage" = ${completion.errorMessage}`
      : Prisma.sql`"status" = 'Rechazado', "taxauthCode" = ${completion.codigo},
          "taxauthName" = ${completion.nombre}, "taxauthResponse" = ${JSON.stringify(completion.mensajes)}::jsonb,
          "errorCode" = NULL, "errorMessage" = NULL`;
  const [row] = await db.$queryRaw<Array<{ changed: number }>>`
    WITH changed AS (
      UPDATE "VoidRecord"
      SET ${changes}, ${release ? Prisma.sql`"leaseOwner" = NULL, "leaseExpiresAt" = NULL,` : Prisma.empty}
          "updateAt" = ${BigInt(now)}
      WHERE "id" = ${record.voidId} AND "accountId" = ${record.accountId} AND "status" = 'Error'
        ${release ? Prisma.empty : Prisma.sql`AND "leaseOwner" IS NOT NULL`}
      RETURNING "id"
    )${alsoWritten(also, "changed")}
    SELECT count(*)::int AS "changed" FROM changed`;
  return Number(row?.changed ?? 0) === 1;
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
 * The first accepted earlier void that a request's range overlaps, per series and type: the
 * write-ahead's read of the candidates and its walk, on their own (the portal shows it before the
 * confirmation).
 */
export async function findAcceptedOverlap(
  accountId: string,
  environment: Environment,
  request: Pick<VoidContent, "boxes" | "storedRanges">,
): Promise<AcceptedOverlap | null> {
  const [candidates] = await readTagged(await getDb(), [
    acceptedCandidatesRead(accountId, environment, request.boxes),
  ]);
  return acceptedOverlapAmong(accountId, environment, request, candidates);
}

export interface AcceptedOverlap {
  range: StoredRequestRange;
  voidId: string;
  desde: number;
  hasta: number;
}

/** Per box of the request (in its order): the voids whose index rows meet it, by their first number. */
export function acceptedCandidatesRead(
  accountId: string,
  environment: Environment,
  boxes: readonly SerieTipoBox[],
): TaggedRead<string[][]> {
  const tag = "voids_accepted";
  return taggedRead(
    tag,
    {
      ord: 'row_number() OVER (ORDER BY b.ord, v."minDesde")',
      id: 'v."voidId"',
      lo: "b.ord",
    },
    Prisma.sql`
      FROM unnest(
        ${boxes.map((box) => box.serie)}::text[], ${boxes.map((box) => box.tipoeCF)}::text[],
        ${boxes.map((box) => String(box.minDesde))}::bigint[], ${boxes.map((box) => String(box.maxHasta))}::bigint[]
      ) WITH ORDINALITY AS b(serie, tipo, min_desde, max_hasta, ord)
      JOIN "VoidedBlock" v ON v."accountId" = ${accountId} AND v."environment" = ${environment}::"Environment"
        AND v."serie" = b.serie AND v."tipoeCF" = b.tipo
        AND v."minDesde" <= b.max_hasta AND v."maxHasta" >= b.min_desde`,
    (rows) => boxes.map((_, index) => rows.filter((row) => row.lo === index + 1).map((row) => row.id!)),
  );
}

/**
 * The first accepted earlier void that a request's range overlaps, per series and type, among the
 * candidates of each box already read (acceptedCandidatesRead: the index of bounding boxes). Only
 * when there are some are the request's ranges read (from their stored JSON) and merge-walked
 * against that void's (lib/domain/intervals).
 */
export async function acceptedOverlapAmong(
  accountId: string,
  environment: Environment,
  request: Pick<VoidContent, "boxes" | "storedRanges">,
  candidatesByBox: readonly string[][],
): Promise<AcceptedOverlap | null> {
  const db = await getDb();
  let requestGroups: Map<string, StoredRequestRange[]> | undefined;
  for (const [index, box] of request.boxes.entries()) {
    const key = serieTipoKey(box.serie, box.tipoeCF);
    for (const voidId of candidatesByBox[index] ?? []) {
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
