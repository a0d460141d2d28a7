import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { EarlierCreditNote } from "@/lib/domain/remedy";
import { getDb } from "@/lib/server/platform/db";
import { readEarlierCreditNotes } from "@/lib/server/remedy";

/** A credit note issued here that modifies a document. */
export type LinkedCreditNote = EarlierCreditNote;

/**
 * The credit notes (e-CF 34) issued here that modify `encf`, as the remedy counts them (their signed
 * XML's InformacionReferencia), oldest number first.
 */
export function creditNotesOf(
  accountId: string,
  environment: Environment,
  encf: string,
): Promise<LinkedCreditNote[]> {
  return readEarlierCreditNotes(accountId, environment, encf);
}

/** The e-NCF a note (e-CF 33 or 34) issued here modifies; null otherwise. */
export async function modifiedBy(
  accountId: string,
  environment: Environment,
  encf: string,
): Promise<string | null> {
  if (!/^[E-Z](33|34)\d{10}$/.test(encf)) return null;
  const db = await getDb();
  const row = await db.document.findUnique({
    where: { accountId_environment_ncf: { accountId, environment, ncf: encf } },
    select: { ncfModificado: true },
  });
  return row?.ncfModificado ?? null;
}
