import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { getDb } from "@/lib/server/platform/db";
import type { Prisma } from "@/prisma/generated/client";

/** What an issued e-CF's answer is made of, as stored. */
export interface IssuedRow {
  id: string;
  ncf: string;
  customerId: string;
  internalTrackId: string | null;
  securityCode: string | null;
  qrUrl: string | null;
  signedDate: string | null;
  status: string;
  trackId: string | null;
  requestHash: string | null;
}

/**
 * MSeller's answer to an issued e-CF — `{ rnc, ecf, internalTrackId, securityCode, qr_url,
 * signedDate }` — with the extension `taxauthStatus`: where it stands with DGII (Pendiente de envío,
 * En Proceso, or DGII's verdict), and DGII's `trackId` once it has one.
 */
export interface IssuedAnswer {
  rnc: string;
  ecf: string;
  internalTrackId: string | null;
  securityCode: string | null;
  qr_url: string | null;
  signedDate: string | null;
  taxauthStatus: string;
  trackId: string | null;
}

export function issuedAnswerOf(row: IssuedRow): IssuedAnswer {
  return {
    rnc: row.customerId,
    ecf: row.ncf,
    internalTrackId: row.internalTrackId,
    securityCode: row.securityCode,
    qr_url: row.qrUrl,
    signedDate: row.signedDate,
    taxauthStatus: row.status,
    trackId: row.trackId,
  };
}

const ISSUED_SELECT = {
  id: true,
  ncf: true,
  customerId: true,
  internalTrackId: true,
  securityCode: true,
  qrUrl: true,
  signedDate: true,
  status: true,
  trackId: true,
  requestHash: true,
} as const;

type Reader = Pick<Prisma.TransactionClient, "document">;

/** The e-CF issued here under a client's Idempotency-Key, if any. */
export async function findIssuedByIdempotencyKey(
  accountId: string,
  environment: Environment,
  idempotencyKey: string,
): Promise<IssuedRow | null> {
  const db = await getDb();
  return db.document.findFirst({
    where: { accountId, environment, idempotencyKey, source: "issued" },
    select: ISSUED_SELECT,
  });
}

/** The e-CF issued here with this e-NCF, if any (inside the caller's transaction when given). */
export async function findIssuedByNcf(
  accountId: string,
  environment: Environment,
  ncf: string,
  db?: Reader,
): Promise<IssuedRow | null> {
  const reader = db ?? (await getDb());
  return reader.document.findFirst({
    where: { accountId, environment, ncf, source: "issued" },
    select: ISSUED_SELECT,
  });
}

/** The signed XML of an e-CF issued here, for GET …/documentos-ecf/{ecf}/xml; null when there is none. */
export async function findIssuedXml(
  accountId: string,
  environment: Environment,
  ncf: string,
): Promise<string | null> {
  const db = await getDb();
  // An imported document's signedXml is the integration's own reference (a path or URL), not XML.
  const row = await db.document.findFirst({
    where: { accountId, environment, ncf, source: "issued" },
    select: { signedXml: true },
  });
  return row?.signedXml ?? null;
}

/**
 * The signed summary (RFCE) of a type 32 under RD$250,000 issued here, for GET …/{ecf}/xml?summary=true;
 * null when there is none (an imported document's summarySignedXml is the issuer's own reference,
 * not a summary signed here).
 */
export async function findIssuedSummaryXml(
  accountId: string,
  environment: Environment,
  ncf: string,
): Promise<string | null> {
  const db = await getDb();
  const row = await db.document.findFirst({
    where: { accountId, environment, ncf, source: "issued" },
    select: { summarySignedXml: true },
  });
  return row?.summarySignedXml ?? null;
}
