import "server-only";

import { readEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { NOT_FOUND_STATUS, type DocumentsBatchResponse } from "@/lib/schemas/documents-batch";
import type { DocumentBatchData, DocumentRecord } from "@/lib/schemas/documents-query";
import { getDb, Prisma } from "@/lib/server/platform/db";

import {
  STORED_DOCUMENT_COLUMNS,
  toDocumentBatchData,
  toDocumentRecord,
  type StoredDocument,
} from "./document-views";
import { refreshForQuery, type RefreshSettings } from "./refresh-documents";

const SELECTED_COLUMNS = Prisma.raw(STORED_DOCUMENT_COLUMNS.map((column) => `"${column}"`).join(", "));

/**
 * The account's documents of one environment with these e-NCF, in ONE query on the unique index
 * (accountId, environment, ncf). The account and environment are part of every lookup, so another
 * account's or environment's documents can never be returned.
 *
 * Why raw SQL and json_agg: decoding 100 rows of 24 columns cell by cell (PGlite's wire format, then
 * Prisma's result mapping) took ~9 ms; the database building one JSON text that V8 parses natively
 * takes ~3 ms, which is what keeps a batch of 100 under its 10 ms budget.
 */
export async function findDocumentsByNcf(
  accountId: string,
  environment: Environment,
  ncfs: readonly string[],
): Promise<StoredDocument[]> {
  if (ncfs.length === 0) return [];
  const db = await getDb();
  const [row] = await db.$queryRaw<Array<{ documents: string | null }>>`
    SELECT json_agg(d)::text AS documents FROM (
      SELECT ${SELECTED_COLUMNS} FROM "Document"
      WHERE "accountId" = ${accountId}
        AND "environment" = ${environment}::"Environment"
        AND "ncf" = ANY(${[...ncfs]}::text[])
    ) d`;
  return row?.documents ? (JSON.parse(row.documents) as StoredDocument[]) : [];
}

/** Spec endpoint 3: one document by e-NCF (already validated), or 404 DOCUMENT_NOT_FOUND. */
export async function getDocument(
  accountId: string,
  environment: Environment,
  ecf: string,
  settings?: RefreshSettings,
): Promise<DocumentRecord> {
  const [stored] = await findDocumentsByNcf(accountId, environment, [ecf]);
  if (!stored) {
    throw new AppError("DOCUMENT_NOT_FOUND", `No existe el documento ${ecf} en el ambiente ${environment}.`, {
      extra: { ecf },
    });
  }
  const [document] = await refreshForQuery(accountId, [stored], settings);
  return toDocumentRecord(document ?? stored);
}

/**
 * Spec endpoint 4: one result per entry, in request order; duplicates are answered each time and a
 * malformed e-NCF is simply not found (it cannot exist in the store).
 */
export async function queryDocumentsBatch(
  accountId: string,
  environment: Environment,
  ecfs: readonly string[],
  settings?: RefreshSettings,
): Promise<DocumentsBatchResponse<DocumentBatchData>> {
  const wellFormed = new Set(ecfs.filter((ecf) => typeof readEncf(ecf) !== "string"));
  const stored = await findDocumentsByNcf(accountId, environment, [...wellFormed]);
  const documents = await refreshForQuery(accountId, stored, settings);
  const byNcf = new Map(documents.map((document) => [document.ncf, toDocumentBatchData(document)]));
  return {
    total: ecfs.length,
    results: ecfs.map((ecf) => {
      const data = byNcf.get(ecf);
      return data
        ? { ecf, status: data.status, found: true, data }
        : { ecf, status: NOT_FOUND_STATUS, found: false };
    }),
  };
}
