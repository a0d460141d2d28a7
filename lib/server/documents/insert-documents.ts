import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { Environment } from "@/lib/domain/environments";
import { isUniqueViolation } from "@/lib/server/db";
import { Prisma } from "@/prisma/generated/client";

/** What the import writes on a new document (the columns it may set; the rest keep their defaults). */
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
  serie?: string | null;
  tipoeCF?: string | null;
  secuencia?: number | null;
  sequenceReusable?: boolean;
}

/** The columns the import writes, in the order of `rowsOf` below. */
const COLUMNS = Prisma.sql`("id", "accountId", "environment", "customerId", "ncf", "status", "trackId",
  "internalTrackId", "fileName", "documentType", "buyerRnc", "invoiceTotal", "customerReceived",
  "customerReceivedAt", "customerResponse", "taxauthResponse", "securityCode", "secretId", "signedXml",
  "summarySignedXml", "qrUrl", "createdAt", "updateAt", "serie", "tipoeCF", "secuencia", "sequenceReusable")`;

/** A new document's id: UUIDv7, as Prisma's @default(uuid(7)) makes them. */
export function newDocumentId(): string {
  return uuidv7();
}

/** The per-row fields sent as JSON; the company's three (one company per call) go as parameters. */
const ROW_KEYS: Array<keyof NewDocumentRow> = [
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
      throw new Error("insert-documents: one company and environment per call");
  }
  const json = JSON.stringify(rows, ROW_KEYS as string[]);
  return Prisma.sql`
    SELECT r."id", ${accountId}, ${environment}::"Environment", ${customerId}, r."ncf", r."status",
      r."trackId", r."internalTrackId", r."fileName", r."documentType", r."buyerRnc", r."invoiceTotal",
      r."customerReceived", r."customerReceivedAt", r."customerResponse",
      coalesce(r."taxauthResponse", '[]'::jsonb), r."securityCode", r."secretId", r."signedXml",
      r."summarySignedXml", r."qrUrl", r."createdAt", r."updateAt", r."serie", r."tipoeCF",
      r."secuencia", coalesce(r."sequenceReusable", false)
    FROM jsonb_to_recordset(${json}::jsonb) AS r("id" text, "ncf" text, "status" text, "trackId" text,
      "internalTrackId" text, "fileName" text, "documentType" text, "buyerRnc" text,
      "invoiceTotal" numeric(20, 2), "customerReceived" text, "customerReceivedAt" text,
      "customerResponse" text, "taxauthResponse" jsonb, "securityCode" text, "secretId" text,
      "signedXml" text, "summarySignedXml" text, "qrUrl" text, "createdAt" bigint, "updateAt" bigint,
      "serie" text, "tipoeCF" text, "secuencia" bigint, "sequenceReusable" boolean)`;
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
    if (isUniqueViolation(error) || isRawUniqueViolation(error)) return false;
    throw error;
  }
}

/** A raw statement's unique violation: Prisma reports it as P2010 with the driver's SQLSTATE 23505. */
function isRawUniqueViolation(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)
    ?.meta?.driverAdapterError?.cause;
  return (error as { code?: unknown } | null)?.code === "P2010" && cause?.originalCode === "23505";
}

/**
 * Inside the caller's transaction: inserts the rows whose e-NCF the company does not hold yet and
 * returns the e-NCF it inserted; the others (already there, or inserted meanwhile by a concurrent
 * import, which ON CONFLICT waits for) are the caller's to update.
 */
export async function insertAbsentDocuments(
  tx: Pick<Prisma.TransactionClient, "$queryRaw">,
  rows: readonly NewDocumentRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx.$queryRaw<Array<{ ncf: string }>>`
    INSERT INTO "Document" ${COLUMNS}
    ${rowsOf(rows)}
    ON CONFLICT ("accountId", "environment", "ncf") DO NOTHING
    RETURNING "ncf"`;
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
