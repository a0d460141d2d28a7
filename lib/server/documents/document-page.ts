import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { DocumentSource } from "@/lib/schemas/documents-query";
import { getDb } from "@/lib/server/platform/db";

import { sourceOf, taxauthResponsesOf } from "./document-views";

/** The most events a document's page lists (its status changes: a handful in a document's life). */
export const DOCUMENT_EVENTS_SHOWN = 200;

/** One event about the document, as written to the outbox (webhooks and notifications read the same). */
export interface DocumentEventView {
  id: string;
  type: string;
  createdAt: number;
  payload: Record<string, unknown>;
}

/** What a document's page shows of the stored document: its facts, never the signed bytes. */
export interface DocumentPageData {
  id: string;
  ncf: string;
  environment: Environment;
  source: DocumentSource;
  status: string;
  tipo: string;
  buyerRnc: string | null;
  invoiceTotal: number | null;
  createdAt: number;
  updateAt: number;
  checkedAt: number | null;
  issuedAt: number | null;
  trackId: string | null;
  securityCode: string | null;
  signedDate: string | null;
  qrUrl: string | null;
  fileName: string | null;
  customerReceived: string | null;
  reviewReason: string | null;
  /** Anula holds the signed e-CF (issued here): its XML and printed PDF can be downloaded. */
  hasSignedXml: boolean;
  /** A type 32 under RD$250,000 issued here: the signed summary (RFCE) DGII received. */
  hasSummary: boolean;
  /** DGII's answers as stored (the spec's taxauthResponse strings), oldest first. */
  answers: string[];
  /** The events about it, oldest first (status changes: the document's history). */
  events: DocumentEventView[];
}

/**
 * One of the company's documents by e-NCF in an environment, for its page: the stored facts, DGII's
 * answers and the events written about it. Null when the company holds no such document.
 */
export async function findDocumentPage(
  accountId: string,
  environment: Environment,
  ncf: string,
): Promise<DocumentPageData | null> {
  const db = await getDb();
  const row = await db.document.findUnique({
    where: { accountId_environment_ncf: { accountId, environment, ncf } },
    omit: { signedXml: true, summarySignedXml: true },
  });
  if (!row) return null;
  // Whether the signed bytes exist, without reading them (an e-CF's XML is tens of KB).
  const [held] = await db.$queryRaw<Array<{ signed: boolean; summary: boolean }>>`
    SELECT "signedXml" IS NOT NULL AS "signed", "summarySignedXml" IS NOT NULL AS "summary"
    FROM "Document" WHERE "id" = ${row.id} AND "accountId" = ${accountId}`;
  const events = await db.outboxEvent.findMany({
    where: { accountId, subjectId: row.id },
    select: { id: true, type: true, createdAt: true, payload: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: DOCUMENT_EVENTS_SHOWN,
  });
  const issued = row.source === "issued";
  return {
    id: row.id,
    ncf: row.ncf,
    environment: row.environment,
    source: sourceOf(row),
    status: row.status,
    tipo: row.ncf.slice(1, 3),
    buyerRnc: row.buyerRnc,
    invoiceTotal: row.invoiceTotal === null ? null : Number(row.invoiceTotal),
    createdAt: Number(row.createdAt),
    updateAt: Number(row.updateAt),
    checkedAt: row.checkedAt === null ? null : Number(row.checkedAt),
    issuedAt: row.issuedAt === null ? null : Number(row.issuedAt),
    trackId: row.trackId,
    securityCode: row.securityCode,
    signedDate: row.signedDate,
    qrUrl: row.qrUrl,
    fileName: row.fileName,
    customerReceived: row.customerReceived,
    reviewReason: row.reviewReason,
    hasSignedXml: issued && held?.signed === true,
    hasSummary: issued && held?.summary === true,
    answers: taxauthResponsesOf(row),
    events: events.map((event) => ({
      id: event.id,
      type: event.type,
      createdAt: Number(event.createdAt),
      payload:
        typeof event.payload === "object" && event.payload !== null && !Array.isArray(event.payload)
          ? (event.payload as Record<string, unknown>)
          : {},
    })),
  };
}
