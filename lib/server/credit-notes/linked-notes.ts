import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { getDb } from "@/lib/server/platform/db";

/** A credit note issued here that modifies a document. */
export interface LinkedCreditNote {
  encf: string;
  status: string;
  total: string | null;
}

/** Notes listed on an original's page (a sale credited more often than this is not a real case). */
const MAX_LINKED = 100;

/**
 * The credit notes (e-CF 34) issued here that modify `encf`, read from their signed XML's
 * InformacionReferencia (as the remedy counts them), oldest number first.
 */
export async function creditNotesOf(
  accountId: string,
  environment: Environment,
  encf: string,
): Promise<LinkedCreditNote[]> {
  const db = await getDb();
  const rows = await db.document.findMany({
    where: {
      accountId,
      environment,
      tipoeCF: "34",
      signedXml: { contains: `<NCFModificado>${encf}</NCFModificado>` },
    },
    orderBy: { secuencia: "asc" },
    select: { ncf: true, status: true, invoiceTotal: true },
    take: MAX_LINKED,
  });
  return rows.map((row) => ({
    encf: row.ncf,
    status: row.status,
    total: row.invoiceTotal === null ? null : row.invoiceTotal.toFixed(2),
  }));
}

/** The e-NCF a note (e-CF 33 or 34) issued here modifies, from its signed XML; null otherwise. */
export async function modifiedBy(
  accountId: string,
  environment: Environment,
  encf: string,
): Promise<string | null> {
  if (!/^[E-Z](33|34)\d{10}$/.test(encf)) return null;
  const db = await getDb();
  const row = await db.document.findUnique({
    where: { accountId_environment_ncf: { accountId, environment, ncf: encf } },
    select: { signedXml: true },
  });
  return /<NCFModificado>([^<]{1,19})<\/NCFModificado>/.exec(row?.signedXml ?? "")?.[1] ?? null;
}
