import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/platform/db";

/**
 * 409 ISSUER_NOT_CERTIFIED: in eCF (production) a company issues only once an administrator has
 * recorded that DGII certified it as an electronic issuer. TesteCF and CerteCF are how a company
 * gets there, so they never ask.
 */
export async function refuseUncertifiedIssuer(accountId: string, environment: Environment): Promise<void> {
  if (environment !== "eCF") return;
  const db = await getDb();
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { issuerCertifiedAt: true },
  });
  if (account?.issuerCertifiedAt != null) return;
  throw new AppError(
    "ISSUER_NOT_CERTIFIED",
    "La empresa no consta como emisor electrónico certificado por la DGII: en eCF (producción) solo emite una " +
      "empresa certificada. Un administrador lo registra en Configuración una vez la DGII la certifique; " +
      "mientras tanto use TesteCF o CerteCF. No se firmó ni se envió nada.",
  );
}

/** Records (or, with null, withdraws) DGII's certification of the company as an electronic issuer. */
export async function setIssuerCertification(
  accountId: string,
  certified: { at: number; by: string } | null,
): Promise<void> {
  const db = await getDb();
  await db.account.update({
    where: { id: accountId },
    data: certified
      ? {
          issuerCertifiedAt: BigInt(certified.at),
          issuerCertifiedBy: certified.by,
          updatedAt: BigInt(Date.now()),
        }
      : { issuerCertifiedAt: null, issuerCertifiedBy: null, updatedAt: BigInt(Date.now()) },
  });
}

/** When and by whom the certification was recorded, or null. */
export async function getIssuerCertification(
  accountId: string,
): Promise<{ at: number; by: string | null } | null> {
  const db = await getDb();
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { issuerCertifiedAt: true, issuerCertifiedBy: true },
  });
  if (account?.issuerCertifiedAt == null) return null;
  return { at: Number(account.issuerCertifiedAt), by: account.issuerCertifiedBy };
}
