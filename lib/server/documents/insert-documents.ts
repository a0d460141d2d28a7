import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { Environment } from "@/lib/domain/environments";
import type { Prisma } from "@/prisma/generated/client";

/** What the import writes on a new document (the columns it may set; the rest keep their defaults). */
export interface NewDocumentRow {
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

/**
 * Inserts the rows whose e-NCF the company does not hold yet, in one statement, and returns the
 * e-NCF it inserted; the others (already there, or inserted meanwhile by a concurrent import, which
 * ON CONFLICT waits for) are the caller's to update. Why raw SQL: Prisma's createMany spent ~1.5 s
 * building and binding 20,000 parameters for 1,000 documents; one jsonb parameter read by
 * jsonb_to_recordset costs ~50 ms, the IssuedInterval trigger included. Ids are UUIDv7, as
 * Prisma's @default(uuid(7)) would make them.
 */
export async function insertAbsentDocuments(
  tx: Pick<Prisma.TransactionClient, "$queryRaw">,
  rows: readonly NewDocumentRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const json = JSON.stringify(rows.map((row) => ({ ...row, id: uuidv7() })));
  const inserted = await tx.$queryRaw<Array<{ ncf: string }>>`
    INSERT INTO "Document" ("id", "accountId", "environment", "customerId", "ncf", "status", "trackId",
      "internalTrackId", "fileName", "documentType", "buyerRnc", "invoiceTotal", "customerReceived",
      "customerReceivedAt", "customerResponse", "taxauthResponse", "securityCode", "secretId",
      "signedXml", "summarySignedXml", "qrUrl", "createdAt", "updateAt", "serie", "tipoeCF",
      "secuencia", "sequenceReusable")
    SELECT r."id", r."accountId", r."environment"::"Environment", r."customerId", r."ncf", r."status",
      r."trackId", r."internalTrackId", r."fileName", r."documentType", r."buyerRnc", r."invoiceTotal",
      r."customerReceived", r."customerReceivedAt", r."customerResponse",
      coalesce(r."taxauthResponse", '[]'::jsonb), r."securityCode", r."secretId", r."signedXml",
      r."summarySignedXml", r."qrUrl", r."createdAt", r."updateAt", r."serie", r."tipoeCF",
      r."secuencia", coalesce(r."sequenceReusable", false)
    FROM jsonb_to_recordset(${json}::jsonb) AS r("id" text, "accountId" text, "environment" text,
      "customerId" text, "ncf" text, "status" text, "trackId" text, "internalTrackId" text,
      "fileName" text, "documentType" text, "buyerRnc" text, "invoiceTotal" numeric(20, 2),
      "customerReceived" text, "customerReceivedAt" text, "customerResponse" text,
      "taxauthResponse" jsonb, "securityCode" text, "secretId" text, "signedXml" text,
      "summarySignedXml" text, "qrUrl" text, "createdAt" bigint, "updateAt" bigint, "serie" text,
      "tipoeCF" text, "secuencia" bigint, "sequenceReusable" boolean)
    ON CONFLICT ("accountId", "environment", "ncf") DO NOTHING
    RETURNING "ncf"`;
  return new Set(inserted.map((row) => row.ncf));
}

/**
 * Takes the advisory locks of every series+type the rows touch, in key order, before the import
 * writes: the IssuedInterval triggers lock per statement, and an import's insert and its later
 * updates could otherwise lock two series in opposite orders against another import (a deadlock).
 * The key is ledger_series_lock_key (migration issued_intervals), the triggers' own.
 */
export async function lockDocumentSeries(
  tx: Pick<Prisma.TransactionClient, "$executeRaw">,
  accountId: string,
  environment: Environment,
  seriesTypes: ReadonlyArray<{ serie: string; tipoeCF: string }>,
): Promise<void> {
  const keys = new Map(seriesTypes.map((s) => [s.serie + s.tipoeCF, s]));
  if (keys.size === 0) return;
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
