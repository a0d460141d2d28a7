import "server-only";

import { v7 as uuidv7 } from "uuid";

import { readEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { isReusable, submissionsOfDocument } from "@/lib/domain/sequence-use";
import { isUniqueViolation } from "@/lib/server/platform/db";
import type { EventType } from "@/lib/server/platform/events/event-types";
import { outboxInsert, type NewEvent } from "@/lib/server/platform/events/write-event";
import { Prisma } from "@/prisma/generated/client";

/**
 * The ledger's one writer: every statement that writes a "Document" row is here (a test scans the
 * source for any other). The issued intervals follow the documents' ledger columns through the
 * triggers of migration issued_intervals, in the same statement; what this module guarantees is
 * that those columns are always derived — the e-NCF's parts from the e-NCF, `sequenceReusable` from
 * DGII's answers by the one rule of lib/domain/sequence-use.ts — so no path (an import, the demo
 * seed, a status refresh, a DGII lookup) can write a document the ledger does not see.
 */

/** Where a document came from: issued here, imported (the API, an ERP file, the demo) or learned from DGII. */
export type DocumentSource = "issued" | "import" | "dgii";

/** What a writer sets on a new document (the columns it may set; the rest keep their defaults). */
export interface NewDocumentRow {
  /** UUIDv7, as Prisma's @default(uuid(7)) makes them (newDocumentId). */
  id: string;
  accountId: string;
  environment: Environment;
  customerId: string;
  ncf: string;
  status: string;
  trackId?: string | null;
  internalTrackId?: string | null;
  fileName?: string | null;
  documentType?: string | null;
  buyerRnc?: string | null;
  /** Decimal text, two places ("1180.00"). */
  invoiceTotal?: string | null;
  customerReceived?: string | null;
  customerReceivedAt?: string | null;
  customerResponse?: string | null;
  /** The authority's answers, each a JSON-encoded string. */
  taxauthResponse: string[];
  securityCode?: string | null;
  secretId?: string | null;
  signedXml?: string | null;
  summarySignedXml?: string | null;
  qrUrl?: string | null;
  createdAt: number;
  updateAt: number;
  /** When DGII's answers or the issuer say the e-CF was issued (epoch ms), if known. */
  issuedAt?: number | null;
  source?: DocumentSource;
  /** An e-CF issued here: its body's hash (without FechaHoraFirma), its Idempotency-Key, its signing date. */
  requestHash?: string | null;
  idempotencyKey?: string | null;
  signedDate?: string | null;
  /** An e-CF issued here: when its follow-up acts next, and until when the request sending it holds it. */
  followUpAt?: number | null;
  followUpClaimedUntil?: number | null;
  /** When DGII was last asked about it (epoch ms): set when the row comes from DGII's answer. */
  checkedAt?: number | null;
  /** A note issued here (e-CF 33 or 34): the e-NCF it modifies. */
  ncfModificado?: string | null;
}

/** The ledger's columns of a document, derived: never taken from a caller. */
export interface LedgerColumns {
  serie: string | null;
  tipoeCF: string | null;
  secuencia: number | null;
  sequenceReusable: boolean;
}

export function ledgerColumnsOf(document: {
  ncf: string;
  status: string;
  trackId?: string | null;
  taxauthResponse: readonly string[];
}): LedgerColumns {
  const encf = readEncf(document.ncf);
  const parts =
    typeof encf === "string"
      ? { serie: null, tipoeCF: null, secuencia: null }
      : { serie: encf.serie, tipoeCF: encf.tipo as string, secuencia: encf.secuencia };
  const submissions = submissionsOfDocument({
    status: document.status,
    trackId: document.trackId,
    answers: document.taxauthResponse,
  });
  return { ...parts, sequenceReusable: isReusable(submissions) };
}

type WrittenRow = NewDocumentRow & LedgerColumns;

/** The columns the import writes, in the order of `rowsOf` below. */
const COLUMNS = Prisma.sql`("id", "accountId", "environment", "customerId", "ncf", "status", "trackId",
  "internalTrackId", "fileName", "documentType", "buyerRnc", "invoiceTotal", "customerReceived",
  "customerReceivedAt", "customerResponse", "taxauthResponse", "securityCode", "secretId", "signedXml",
  "summarySignedXml", "qrUrl", "createdAt", "updateAt", "issuedAt", "source", "requestHash", "idempotencyKey",
  "signedDate", "followUpAt", "followUpClaimedUntil", "checkedAt", "ncfModificado", "serie", "tipoeCF", "secuencia", "sequenceReusable")`;

/** A new document's id: UUIDv7, as Prisma's @default(uuid(7)) makes them. */
export function newDocumentId(): string {
  return uuidv7();
}

/** The per-row fields sent as JSON; the company's three (one company per call) go as parameters. */
const ROW_KEYS: Array<keyof WrittenRow> = [
  "id",
  "ncf",
  "status",
  "trackId",
  "internalTrackId",
  "fileName",
  "documentType",
  "buyerRnc",
  "invoiceTotal",
  "customerReceived",
  "customerReceivedAt",
  "customerResponse",
  "taxauthResponse",
  "securityCode",
  "secretId",
  "signedXml",
  "summarySignedXml",
  "qrUrl",
  "createdAt",
  "updateAt",
  "issuedAt",
  "source",
  "requestHash",
  "idempotencyKey",
  "signedDate",
  "followUpAt",
  "followUpClaimedUntil",
  "checkedAt",
  "ncfModificado",
  "serie",
  "tipoeCF",
  "secuencia",
  "sequenceReusable",
];

/**
 * The rows as one jsonb parameter read by jsonb_to_recordset. Why not createMany: Prisma spent
 * ~1.5 s building and binding 20,000 parameters for 1,000 documents; this statement costs ~50 ms,
 * the IssuedInterval trigger included. JSON.stringify with a key list is its fast path.
 */
function rowsOf(rows: readonly NewDocumentRow[]): Prisma.Sql {
  const { accountId, environment, customerId } = rows[0]!;
  for (const row of rows) {
    if (row.accountId !== accountId || row.environment !== environment || row.customerId !== customerId)
      throw new Error("document-writer: one company and environment per call");
  }
  const written: WrittenRow[] = rows.map((row) => ({ ...row, ...ledgerColumnsOf(row) }));
  const json = JSON.stringify(written, ROW_KEYS as string[]);
  return Prisma.sql`
    SELECT r."id", ${accountId}, ${environment}::"Environment", ${customerId}, r."ncf", r."status",
      r."trackId", r."internalTrackId", r."fileName", r."documentType", r."buyerRnc", r."invoiceTotal",
      r."customerReceived", r."customerReceivedAt", r."customerResponse",
      coalesce(r."taxauthResponse", '[]'::jsonb), r."securityCode", r."secretId", r."signedXml",
      r."summarySignedXml", r."qrUrl", r."createdAt", r."updateAt", r."issuedAt",
      coalesce(r."source", 'import'), r."requestHash", r."idempotencyKey", r."signedDate",
      r."followUpAt", r."followUpClaimedUntil", r."checkedAt", r."ncfModificado", r."serie", r."tipoeCF", r."secuencia", coalesce(r."sequenceReusable", false)
    FROM jsonb_to_recordset(${json}::jsonb) AS r("id" text, "ncf" text, "status" text, "trackId" text,
      "internalTrackId" text, "fileName" text, "documentType" text, "buyerRnc" text,
      "invoiceTotal" numeric(20, 2), "customerReceived" text, "customerReceivedAt" text,
      "customerResponse" text, "taxauthResponse" jsonb, "securityCode" text, "secretId" text,
      "signedXml" text, "summarySignedXml" text, "qrUrl" text, "createdAt" bigint, "updateAt" bigint,
      "issuedAt" bigint, "source" text, "requestHash" text, "idempotencyKey" text, "signedDate" text, "followUpAt" bigint,
      "followUpClaimedUntil" bigint, "checkedAt" bigint, "ncfModificado" text, "serie" text, "tipoeCF" text, "secuencia" bigint, "sequenceReusable" boolean)`;
}

/**
 * The common case — a batch of e-NCF the company does not hold yet — as one statement outside any
 * interactive transaction (BEGIN and COMMIT were two of its three round trips): it inserts every row
 * when none of the batch's e-NCF exists, else nothing, and says which. A single statement is all or
 * nothing by itself; a concurrent import of the same e-NCF makes it fail whole on the unique key,
 * which also answers false. The caller then takes the transactional path (insertAbsentDocuments and
 * updates), so a batch is never half-imported.
 */
export async function insertIfAllNew(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  accountId: string,
  environment: Environment,
  rows: readonly NewDocumentRow[],
): Promise<boolean> {
  if (rows.length === 0) return true;
  try {
    const [result] = await db.$queryRaw<Array<{ inserted: number }>>`
      WITH inserted AS (
        INSERT INTO "Document" ${COLUMNS}
        ${rowsOf(rows)}
        WHERE NOT EXISTS (
          SELECT 1 FROM "Document" AS d
          WHERE d."accountId" = ${accountId} AND d."environment" = ${environment}::"Environment"
            AND d."ncf" = ANY (${rows.map((row) => row.ncf)}::text[]))
        RETURNING 1
      )
      SELECT count(*)::int AS inserted FROM inserted`;
    return result?.inserted === rows.length;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Inside the caller's transaction: inserts the rows whose e-NCF the company does not hold yet and
 * returns the e-NCF it inserted; the others (already there, or inserted meanwhile by a concurrent
 * import, which ON CONFLICT waits for) are the caller's to update. `events` (the issue's write-ahead:
 * its one row's document.status_changed) are written by the same statement when a row was
 * inserted, never when none was: one round trip, and they commit with the row.
 */
export async function insertAbsentDocuments(
  tx: Pick<Prisma.TransactionClient, "$queryRaw">,
  rows: readonly NewDocumentRow[],
  events: ReadonlyArray<NewEvent<EventType>> = [],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const insert = Prisma.sql`
    INSERT INTO "Document" ${COLUMNS}
    ${rowsOf(rows)}
    ON CONFLICT ("accountId", "environment", "ncf") DO NOTHING
    RETURNING "ncf"`;
  const inserted = await tx.$queryRaw<Array<{ ncf: string }>>(
    events.length === 0
      ? insert
      : Prisma.sql`WITH inserted AS (${insert}), announced AS (${outboxInsert(events, "inserted").sql})
          SELECT "ncf" FROM inserted`,
  );
  return new Set(inserted.map((row) => row.ncf));
}

/**
 * Takes the advisory locks of every series+type the rows touch, in key order, before the import
 * writes: the IssuedInterval triggers lock per statement, and an import's insert and its later
 * updates could otherwise lock two series in opposite orders against another import (a deadlock).
 * The key is ledger_series_lock_key (migration issued_intervals), the triggers' own. A batch of one
 * series+type takes nothing here: its statements only ever lock that one key, and a transaction
 * waiting for no second lock cannot be part of a deadlock (one round trip saved per call).
 */
export async function lockDocumentSeries(
  tx: Pick<Prisma.TransactionClient, "$executeRaw">,
  accountId: string,
  environment: Environment,
  seriesTypes: ReadonlyArray<{ serie: string; tipoeCF: string }>,
): Promise<void> {
  const keys = new Map(seriesTypes.map((s) => [s.serie + s.tipoeCF, s]));
  if (keys.size < 2) return;
  const series = [...keys.values()].map((s) => s.serie);
  const tipos = [...keys.values()].map((s) => s.tipoeCF);
  // The outer query locks the keys as the sorted subquery yields them, so in key order.
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(k.key) FROM (
      SELECT "ledger_series_lock_key"(${accountId}, ${environment}, s.serie, s.tipo) AS key
      FROM unnest(${series}::text[], ${tipos}::text[]) AS s(serie, tipo)
      ORDER BY 1
    ) AS k`;
}

/** The columns a writer may change on a stored document: never the ledger's own (derived here). */
export type DocumentChange = Omit<
  Prisma.DocumentUpdateManyMutationInput,
  "serie" | "tipoeCF" | "secuencia" | "sequenceReusable" | "ncf" | "id" | "accountId" | "environment"
>;

/** A stored document as read before changing it: what the ledger's columns are derived from. */
export interface StoredForWrite {
  id: string;
  ncf: string;
  status: string;
  trackId: string | null;
  taxauthResponse: unknown;
}

/** What the columns of the ledger become once `change` applies to `stored`. */
function ledgerColumnsAfter(stored: StoredForWrite, change: DocumentChange): LedgerColumns {
  const status = typeof change.status === "string" ? change.status : stored.status;
  const trackId = change.trackId === undefined ? stored.trackId : (change.trackId as string | null);
  const answers = change.taxauthResponse === undefined ? stored.taxauthResponse : change.taxauthResponse;
  return ledgerColumnsOf({ ncf: stored.ncf, status, trackId, taxauthResponse: answerStrings(answers) });
}

/** taxauthResponse as stored (a JSON array of JSON strings; anything else re-encoded). */
export function answerStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => (typeof entry === "string" ? entry : JSON.stringify(entry)));
}

/**
 * Changes one stored document (inside the caller's transaction, or alone) and rewrites its ledger
 * columns from the result, so a re-import also repairs a row an older writer left without them.
 * `ifStatus`: only while the stored status is still that one (two instances refreshing at once:
 * one writes). Returns 1 when written, 0 when not.
 */
export async function updateDocument(
  db: Pick<Prisma.TransactionClient, "document">,
  stored: StoredForWrite,
  change: DocumentChange,
  ifStatus?: string,
): Promise<number> {
  const ledger = ledgerColumnsAfter(stored, change);
  const { count } = await db.document.updateMany({
    where: { id: stored.id, ...(ifStatus !== undefined ? { status: ifStatus } : {}) },
    data: {
      ...change,
      serie: ledger.serie,
      tipoeCF: ledger.tipoeCF,
      secuencia: ledger.secuencia === null ? null : BigInt(ledger.secuencia),
      sequenceReusable: ledger.sequenceReusable,
    },
  });
  return count;
}

/** What updateDocumentIfUnchanged may change: the columns a send or a follow-up round writes. */
export interface FollowUpChange {
  status: string;
  trackId: string | null;
  /** The whole array as it will be stored (each entry a JSON-encoded answer). */
  taxauthResponse: string[];
  followUpAt: number | null;
  followUpClaimedUntil: number | null;
  followUpAttempts?: number;
  reviewReason?: string | null;
  updateAt: number;
}

/**
 * updateDocument as one statement with its events, when the caller already knows the stored row
 * (`stored`: the request that wrote it ahead): the row is changed only while what the change is
 * derived from — status, trackId, taxauthResponse — is still what the caller read (a
 * compare-and-set), and `events` are written by the same statement only if it was. False: the row
 * moved on (or is gone); nothing was written, and the caller reads it and writes in a transaction.
 */
export async function updateDocumentIfUnchanged(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  stored: StoredForWrite,
  change: FollowUpChange,
  events: ReadonlyArray<NewEvent<EventType>> = [],
): Promise<boolean> {
  const ledger = ledgerColumnsAfter(stored, {
    status: change.status,
    trackId: change.trackId,
    taxauthResponse: change.taxauthResponse,
  });
  const optional = (column: string, value: unknown, cast: string) =>
    value === undefined
      ? Prisma.empty
      : Prisma.sql`, ${Prisma.raw(`"${column}"`)} = ${value}${Prisma.raw(cast)}`;
  const update = Prisma.sql`
    UPDATE "Document" SET "status" = ${change.status}, "trackId" = ${change.trackId}::text,
      "taxauthResponse" = ${JSON.stringify(change.taxauthResponse)}::jsonb,
      "followUpAt" = ${change.followUpAt === null ? null : String(change.followUpAt)}::bigint,
      "followUpClaimedUntil" = ${change.followUpClaimedUntil === null ? null : String(change.followUpClaimedUntil)}::bigint
      ${optional("followUpAttempts", change.followUpAttempts, "::int")}
      ${optional("reviewReason", change.reviewReason, "::text")},
      "updateAt" = ${String(change.updateAt)}::bigint,
      "serie" = ${ledger.serie}::text, "tipoeCF" = ${ledger.tipoeCF}::text,
      "secuencia" = ${ledger.secuencia === null ? null : String(ledger.secuencia)}::bigint,
      "sequenceReusable" = ${ledger.sequenceReusable}
    WHERE "id" = ${stored.id} AND "ncf" = ${stored.ncf} AND "status" = ${stored.status}
      AND "trackId" IS NOT DISTINCT FROM ${stored.trackId}::text
      AND "taxauthResponse" = ${JSON.stringify(stored.taxauthResponse)}::jsonb
    RETURNING "id"`;
  const [row] = await db.$queryRaw<Array<{ changed: number }>>`
    WITH changed AS (${update})${
      events.length === 0 ? Prisma.empty : Prisma.sql`, announced AS (${outboxInsert(events, "changed").sql})`
    }
    SELECT count(*)::int AS "changed" FROM changed`;
  return Number(row?.changed ?? 0) === 1;
}

/** Records that DGII was asked about a document (nothing the ledger reads changes). */
export async function markDocumentChecked(
  db: Pick<Prisma.TransactionClient, "document">,
  id: string,
  at: number,
): Promise<void> {
  await db.document.updateMany({ where: { id }, data: { checkedAt: BigInt(at) } });
}

/** A document claimed for its follow-up, as claimDueFollowUps returns it. */
export interface ClaimedFollowUp {
  id: string;
  accountId: string;
  environment: Environment;
  rnc: string;
  ncf: string;
  status: string;
  trackId: string | null;
  invoiceTotal: string | null;
  taxauthResponse: unknown;
  followUpAttempts: number;
  issuedAt: number;
  /** The security code (a consumer-invoice summary is found at DGII by it). */
  securityCode: string | null;
  /** DGII receives this document as its summary (RFCE: a type 32 under RD$250,000). */
  summary: boolean;
}

/**
 * Claims up to `limit` documents whose follow-up is due (followUpAt reached) and that no instance
 * holds, for `leaseMs`: one statement, rows locked and skipped by concurrent claims (FOR UPDATE SKIP
 * LOCKED), so on any number of instances each document is one instance's at a time. Only the claim
 * column is written: nothing the ledger reads.
 */
export async function claimDueFollowUps(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  options: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedFollowUp[]> {
  if (options.limit <= 0) return [];
  const now = BigInt(options.now);
  const rows = await db.$queryRaw<Array<Omit<ClaimedFollowUp, "issuedAt"> & { issuedAt: bigint | null }>>`
    UPDATE "Document" AS d SET "followUpClaimedUntil" = ${now + BigInt(options.leaseMs)}
    WHERE d."id" IN (
      SELECT "id" FROM "Document"
      WHERE "followUpAt" <= ${now} AND ("followUpClaimedUntil" IS NULL OR "followUpClaimedUntil" <= ${now})
      ORDER BY "followUpAt"
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING d."id", d."accountId", d."environment"::text AS "environment", d."customerId" AS "rnc", d."ncf",
      d."status", d."trackId", d."invoiceTotal"::text AS "invoiceTotal", d."taxauthResponse",
      d."followUpAttempts", d."issuedAt", d."securityCode", (d."summarySignedXml" IS NOT NULL) AS "summary"`;
  return rows.map((row) => ({ ...row, issuedAt: Number(row.issuedAt ?? 0) }));
}
