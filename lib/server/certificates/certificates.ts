import "server-only";

import { AppError, isAppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { getDb, nowMs } from "@/lib/server/db";
import { loadPkcs12, type SigningCredential } from "@/lib/server/signing";
import type { Certificate, Prisma } from "@/prisma/generated/client";

import { SUMMARY_COLUMNS, toCertificateSummary, type CertificateSummary } from "./certificate-summary";
import { open, seal } from "./encryption";

const p12Context = (accountId: string) => `anula:certificate:p12:${accountId}`;
const passwordContext = (accountId: string) => `anula:certificate:password:${accountId}`;

/**
 * Loaded signing keys by certificate id. Keyed by id (not account) so every instance sees another
 * instance's upload at once: the active id is read from the database on each call, and only the
 * expensive part (decrypt + PKCS#12 parse, tens of ms) is cached.
 */
const credentialCache = new Map<string, SigningCredential>();

/**
 * Validates the .p12 with its password (wrong password, corrupt, no private key, expired or not
 * yet valid → 400 with the signing module's code), stores it and its password AES-256-GCM
 * encrypted, and makes it the account's one active certificate.
 */
export async function uploadCertificate(
  accountId: string,
  p12: Uint8Array,
  password: string,
  options: { createdBy?: string } = {},
): Promise<CertificateSummary> {
  const { data, credential } = prepareCertificate(accountId, p12, password, options);
  const db = await getDb();
  const created = await db.$transaction(async (tx) => {
    // Locks the account row: two uploads at once end with exactly one active certificate.
    await tx.$executeRaw`SELECT 1 FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
    await tx.certificate.updateMany({ where: { accountId, active: true }, data: { active: false } });
    return tx.certificate.create({ data });
  });
  credentialCache.set(created.id, credential);
  logger.info(
    { accountId, certificateId: created.id, fingerprint: created.fingerprint },
    "Certificate uploaded",
  );
  return toCertificateSummary(created);
}

/**
 * Checks a .p12 and builds its row (encrypted blobs + display fields), active. Shared by the upload
 * and the demo seed, which writes through its own client during database start-up.
 */
export function prepareCertificate(
  accountId: string,
  p12: Uint8Array,
  password: string,
  options: { createdBy?: string; encryptionKey?: Buffer } = {},
): { data: Prisma.CertificateUncheckedCreateInput; credential: SigningCredential } {
  const credential = loadPkcs12(p12, password);
  const info = credential.info;
  const key = options.encryptionKey ?? loadConfig().encryptionKey;
  const sealedP12 = seal(key, p12, p12Context(accountId));
  const sealedPassword = seal(key, Buffer.from(password, "utf8"), passwordContext(accountId));
  const data: Prisma.CertificateUncheckedCreateInput = {
    accountId,
    p12Ciphertext: sealedP12.ciphertext,
    p12Iv: sealedP12.iv,
    p12Tag: sealedP12.tag,
    passwordCiphertext: sealedPassword.ciphertext,
    passwordIv: sealedPassword.iv,
    passwordTag: sealedPassword.tag,
    subject: info.subject,
    subjectSerialNumber: info.subjectSerialNumber,
    commonName: info.commonName,
    issuer: info.issuer,
    serialNumberHex: info.serialNumberHex,
    notBefore: BigInt(info.notBefore.getTime()),
    notAfter: BigInt(info.notAfter.getTime()),
    fingerprint: info.fingerprintSha256,
    active: true,
    createdBy: options.createdBy ?? null,
    createdAt: nowMs(),
  };
  return { data, credential };
}

/**
 * The active certificate's signing key: 412 CERTIFICATE_NOT_CONFIGURED when the account has none,
 * 500 CERTIFICATE_UNAVAILABLE when it cannot be decrypted, parsed, or is no longer valid.
 */
export async function getActiveSigningCredential(accountId: string): Promise<SigningCredential> {
  const db = await getDb();
  const active = await db.certificate.findFirst({
    where: { accountId, active: true },
    select: { id: true, notAfter: true, notBefore: true },
  });
  if (!active) {
    throw new AppError(
      "CERTIFICATE_NOT_CONFIGURED",
      "La cuenta no tiene un certificado digital activo. Cargue su certificado (.p12) en Configuración.",
    );
  }
  const now = Date.now();
  if (Number(active.notAfter) < now || Number(active.notBefore) > now) {
    throw new AppError(
      "CERTIFICATE_UNAVAILABLE",
      "El certificado digital activo no está vigente. Cargue un certificado vigente en Configuración.",
    );
  }
  const cached = credentialCache.get(active.id);
  if (cached) return cached;

  const row = await db.certificate.findUniqueOrThrow({ where: { id: active.id } });
  const credential = decryptCredential(row);
  credentialCache.set(row.id, credential);
  return credential;
}

function decryptCredential(row: Certificate): SigningCredential {
  try {
    const key = loadConfig().encryptionKey;
    const p12 = open(
      key,
      { ciphertext: row.p12Ciphertext, iv: row.p12Iv, tag: row.p12Tag },
      p12Context(row.accountId),
    );
    const password = open(
      key,
      { ciphertext: row.passwordCiphertext, iv: row.passwordIv, tag: row.passwordTag },
      passwordContext(row.accountId),
    ).toString("utf8");
    return loadPkcs12(p12, password);
  } catch (error) {
    logger.error(
      {
        accountId: row.accountId,
        certificateId: row.id,
        reason: isAppError(error) ? error.code : (error as Error).message,
      },
      "Active certificate cannot be loaded",
    );
    throw new AppError(
      "CERTIFICATE_UNAVAILABLE",
      "No se pudo cargar el certificado digital activo (¿cambió ENCRYPTION_KEY?). Cárguelo de nuevo.",
      { cause: error },
    );
  }
}

export async function getActiveCertificateSummary(accountId: string): Promise<CertificateSummary | null> {
  const db = await getDb();
  const row = await db.certificate.findFirst({ where: { accountId, active: true }, select: SUMMARY_COLUMNS });
  return row ? toCertificateSummary(row) : null;
}

/** Every certificate the account uploaded, newest first. */
export async function listCertificates(accountId: string): Promise<CertificateSummary[]> {
  const db = await getDb();
  const rows = await db.certificate.findMany({
    where: { accountId },
    select: SUMMARY_COLUMNS,
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => toCertificateSummary(row));
}

/** Tests: forget the loaded keys. */
export function clearSigningCredentialCache(): void {
  credentialCache.clear();
}
