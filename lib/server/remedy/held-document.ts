import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { FINAL_ESTADOS, PENDING_SEND } from "@/lib/domain/dgii-submissions";
import { santoDomingoDate } from "@/lib/domain/fecha";
import type { EarlierCreditNote, RemedyDocument } from "@/lib/domain/remedy";
import { submissionsOfDocument } from "@/lib/domain/sequence-use";
import { refreshSettings, taxauthResponsesOf } from "@/lib/server/documents";
import { getDb } from "@/lib/server/platform/db";

/** Earlier credit notes read per number (a sale credited more often than this is not a real case). */
const MAX_CREDIT_NOTES = 100;

/** The company's document with this e-NCF, as the remedy reads it; null: none. */
export async function readHeldDocument(
  accountId: string,
  environment: Environment,
  encf: string,
  now: number,
): Promise<RemedyDocument | null> {
  const db = await getDb();
  const row = await db.document.findUnique({
    where: { accountId_environment_ncf: { accountId, environment, ncf: encf } },
    select: {
      source: true,
      status: true,
      trackId: true,
      taxauthResponse: true,
      reviewReason: true,
      signedXml: true,
      issuedAt: true,
      invoiceTotal: true,
      checkedAt: true,
      followUpAt: true,
    },
  });
  if (!row) return null;
  const answers = taxauthResponsesOf(row);
  const checkedAt = row.checkedAt === null ? null : Number(row.checkedAt);
  const final = FINAL_ESTADOS.has(row.status.trim());
  return {
    source: row.source,
    status: row.status,
    submissions: submissionsOfDocument({ status: row.status, trackId: row.trackId, answers }),
    awaitingReception: row.source === "issued" && row.status === PENDING_SEND,
    reviewReason: row.reviewReason,
    fechaEmision: fechaEmisionOf(row.source, row.signedXml, row.issuedAt),
    total: row.invoiceTotal === null ? null : row.invoiceTotal.toFixed(2),
    checkedAt,
    // An e-CF issued here: its follow-up's next round; else the status query's refresh interval.
    nextCheckAt: final
      ? null
      : row.followUpAt !== null
        ? Number(row.followUpAt)
        : (checkedAt ?? now) + refreshSettings().minIntervalMs,
  };
}

/**
 * The e-CF's FechaEmision: from the XML signed here, else the issue date the import gave (its
 * fechaEmision or fechaFirma). A document found at DGII has only its reception date, which is not
 * the issue date (an e-CF issued in contingency reaches DGII later): not known.
 */
function fechaEmisionOf(source: string, signedXml: string | null, issuedAt: bigint | null): string | null {
  const fromXml = signedXml
    ? /<FechaEmision>(\d{2}-\d{2}-\d{4})<\/FechaEmision>/.exec(signedXml)?.[1]
    : undefined;
  if (fromXml) return fromXml;
  if (source === "dgii" || issuedAt === null) return null;
  const [yyyy, mm, dd] = santoDomingoDate(Number(issuedAt)).split("-");
  return `${dd}-${mm}-${yyyy}`;
}

/**
 * The credit notes (e-CF 34) issued here that modify this e-NCF, as their InformacionReferencia says
 * (an imported note carries no XML: Anula cannot tell what it modifies).
 */
export async function readEarlierCreditNotes(
  accountId: string,
  environment: Environment,
  encf: string,
): Promise<EarlierCreditNote[]> {
  const db = await getDb();
  const rows = await db.document.findMany({
    where: {
      accountId,
      environment,
      ncfModificado: encf,
      tipoeCF: "34",
    },
    orderBy: { secuencia: "asc" },
    select: { ncf: true, status: true, invoiceTotal: true },
    take: MAX_CREDIT_NOTES,
  });
  return rows.map((row) => ({
    encf: row.ncf,
    status: row.status,
    total: row.invoiceTotal === null ? null : row.invoiceTotal.toFixed(2),
  }));
}
