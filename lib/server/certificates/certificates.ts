import "server-only";
import { p12Context, passwordContext } from "@/lib/server/platform/secrets/sealing-contexts";

import { AppError, isAppError } from "@/lib/errors";
import { recordActivity, SYSTEM_BY, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, nowMs, Prisma } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";
import { loadPkcs12, type SigningCredential } from "@/lib/server/platform/signing";
import type { Certificate, PrismaClient } from "@/prisma/generated/client";

import { certificateHolderId, holderConfirmationOf } from "./certificate-holder";
import { SUMMARY_COLUMNS, toCertificateSummary, type CertificateSummary } from "./certificate-summary";
import { open, seal } from "../platform/secrets/encryption";

// Bound to the organization that owns the certificate. Certificates sealed before organizations
// existed were bound to their account's id, which the migration made their organization's id.

/**
 * Loaded signing keys by certificate id. Keyed by id (not account) so every instance sees another
 * instance's upload at once: the active id is read from the database on each call, and only the
 * expensive part (decrypt + PKCS#12 parse, tens of ms) is cached.
 */
const credentialCache = new Map<string, SigningCredential>();

type LinkClient = Pick<PrismaClient, "companyCertificate" | "$executeRaw">;

/** Makes `certificateId` the company's one active certificate (the caller's transaction). */
async function activateLink(tx: LinkClient, accountId: string, certificateId: string): Promise<void> {
  // Locks the company row: two uploads or links at once end with exactly one active certificate.
  await tx.$executeRaw`SELECT 1 FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
  await tx.companyCertificate.updateMany({ where: { accountId, active: true }, data: { active: false } });
  await tx.companyCertificate.upsert({
    where: { accountId_certificateId: { accountId, certificateId } },
    create: { accountId, certificateId, active: true, linkedAt: nowMs() },
    update: { active: true },
  });
}

async function companyOf(accountId: string): Promise<{ organizationId: string; rnc: string }> {
  const db = await getDb();
  const company = await db.account.findUnique({
    where: { id: accountId },
    select: { organizationId: true, rnc: true },
  });
  if (!company) throw new AppError("NOT_FOUND", "La empresa no existe.");
  return company;
}

/**
 * Validates the .p12 with its password (wrong password, corrupt, no private key, expired or not
 * yet valid → 400 with the signing module's code), stores it and its password AES-256-GCM
 * encrypted as a certificate of the company's organization, and makes it the company's one active
 * certificate. Other companies of the organization may then use it too (linkCertificate).
 *
 * A certificate whose holder (subject serialNumber) is not the company's RNC is never made active
 * silently: without `confirmedHolder` equal to that holder (holderConfirmationOf) → 409
 * CERTIFICATE_HOLDER_MISMATCH naming the holder (extra: holderId, subject, rnc), nothing stored.
 */
export async function uploadCertificate(
  accountId: string,
  p12: Uint8Array,
  password: string,
  options: { createdBy?: string; confirmedHolder?: string; by?: ActivityBy } = {},
): Promise<CertificateSummary> {
  const { organizationId, rnc } = await companyOf(accountId);
  const { data, credential } = prepareCertificate(organizationId, p12, password, options);
  const holderId = certificateHolderId(data.subjectSerialNumber ?? null);
  if (holderId !== rnc && options.confirmedHolder !== holderConfirmationOf(holderId)) {
    throw new AppError(
      "CERTIFICATE_HOLDER_MISMATCH",
      `El certificado es ${holderId ? `del RNC o cédula ${holderId}` : "de un titular sin RNC ni cédula"} (${data.subject}), no del RNC ${rnc} de esta empresa: la DGII rechazará sus anulaciones salvo que ese titular esté delegado para el RNC ${rnc}. No se cargó; confirme para activarlo.`,
      { extra: { holderId, subject: data.subject, rnc } },
    );
  }
  const db = await getDb();
  const created = await db.$transaction(async (tx) => {
    const certificate = await tx.certificate.create({ data });
    await activateLink(tx, accountId, certificate.id);
    const by = options.by ?? SYSTEM_BY;
    await recordActivity(tx, {
      accountId,
      organizationId,
      action: "certificate.uploaded",
      actor: by.actor,
      subject: { type: "certificate", id: certificate.id },
      // The holder and fingerprint identify it; the .p12 and its password never leave the sealed columns.
      details: {
        subject: certificate.subject,
        holderId,
        serialNumberHex: certificate.serialNumberHex,
        fingerprint: certificate.fingerprint,
        notAfter: Number(certificate.notAfter),
        active: true,
        holderConfirmed: holderId !== rnc,
      },
      ip: by.ip,
    });
    return certificate;
  });
  credentialCache.set(created.id, credential);
  logger.info(
    { accountId, certificateId: created.id, fingerprint: created.fingerprint },
    "Certificate uploaded",
  );
  return toCertificateSummary({ ...created, active: true, companies: [rnc] });
}

/**
 * Makes a certificate already uploaded to the organization the company's active one: one delegated
 * signer serving several RNCs is uploaded once. A certificate of another organization is "not
 * found", never linked.
 */
export async function linkCertificate(
  accountId: string,
  certificateId: string,
  by: ActivityBy = SYSTEM_BY,
): Promise<void> {
  const { organizationId } = await companyOf(accountId);
  const db = await getDb();
  const certificate = await db.certificate.findFirst({
    where: { id: certificateId, organizationId },
    select: { id: true, notAfter: true, subject: true, fingerprint: true },
  });
  if (!certificate) throw new AppError("NOT_FOUND", "El certificado no existe en esta organización.");
  if (Number(certificate.notAfter) < Date.now()) {
    throw new AppError(
      "CERTIFICATE_EXPIRED",
      "El certificado ya no está vigente: no puede usarse para firmar.",
    );
  }
  await db.$transaction(async (tx) => {
    await activateLink(tx, accountId, certificateId);
    await recordActivity(tx, {
      accountId,
      organizationId,
      action: "certificate.activated",
      actor: by.actor,
      subject: { type: "certificate", id: certificateId },
      details: { subject: certificate.subject, fingerprint: certificate.fingerprint },
      ip: by.ip,
    });
  });
  logger.info({ accountId, certificateId }, "Certificate linked");
}

/**
 * Checks a .p12 and builds its row (encrypted blobs + display fields), active. Shared by the upload
 * and the demo seed, which writes through its own client during database start-up.
 */
export function prepareCertificate(
  organizationId: string,
  p12: Uint8Array,
  password: string,
  options: { createdBy?: string; encryptionKey?: Buffer } = {},
): { data: Prisma.CertificateUncheckedCreateInput; credential: SigningCredential } {
  const credential = loadPkcs12(p12, password);
  const info = credential.info;
  const key = options.encryptionKey ?? loadConfig().encryptionKey;
  const sealedP12 = seal(key, p12, p12Context(organizationId));
  const sealedPassword = seal(key, Buffer.from(password, "utf8"), passwordContext(organizationId));
  const data: Prisma.CertificateUncheckedCreateInput = {
    organizationId,
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
  const [active] = await readTagged(await getDb(), [activeCertificateRead(accountId)]);
  return signingCredentialOf(active);
}

/** Which certificate is the company's active one, and its validity (ms). */
export interface ActiveCertificate {
  id: string;
  notBefore: number;
  notAfter: number;
}

/**
 * The company's active certificate, as a read another statement can carry (readTagged): the void
 * path reads it with the approval policy. Through the link in one statement (a relation select
 * would be a second query on every void).
 */
export function activeCertificateRead(accountId: string): TaggedRead<ActiveCertificate | null> {
  const tag = "certificates_active";
  return taggedRead(
    tag,
    { id: 'c."id"', lo: 'c."notBefore"', hi: 'c."notAfter"' },
    Prisma.sql`
      FROM "Certificate" c
      WHERE EXISTS (
        SELECT 1 FROM "CompanyCertificate" l
        WHERE l."certificateId" = c."id" AND l."accountId" = ${accountId} AND l."active")
      LIMIT 1`,
    ([row]) => (row ? { id: row.id!, notBefore: row.lo!, notAfter: row.hi! } : null),
  );
}

/** getActiveSigningCredential for the active certificate already read (activeCertificateRead). */
export async function signingCredentialOf(active: ActiveCertificate | null): Promise<SigningCredential> {
  if (!active) {
    throw new AppError(
      "CERTIFICATE_NOT_CONFIGURED",
      "La empresa no tiene un certificado digital activo. Cargue su certificado (.p12) en Configuración.",
    );
  }
  const now = Date.now();
  if (active.notAfter < now || active.notBefore > now) {
    throw new AppError(
      "CERTIFICATE_UNAVAILABLE",
      "El certificado digital activo no está vigente. Cargue un certificado vigente en Configuración.",
    );
  }
  const cached = credentialCache.get(active.id);
  if (cached) return cached;

  const db = await getDb();
  const row = await db.certificate.findUniqueOrThrow({ where: { id: active.id } });
  const credential = decryptCredential(row);
  credentialCache.set(row.id, credential);
  return credential;
}

function decryptCredential(row: Certificate): SigningCredential {
  try {
    // The current key or a previous one (ENCRYPTION_KEYS_PREVIOUS) until `npm run rotate-key` ran.
    const keys = loadConfig().decryptionKeys;
    const p12 = open(
      keys,
      { ciphertext: row.p12Ciphertext, iv: row.p12Iv, tag: row.p12Tag },
      p12Context(row.organizationId),
    );
    const password = open(
      keys,
      { ciphertext: row.passwordCiphertext, iv: row.passwordIv, tag: row.passwordTag },
      passwordContext(row.organizationId),
    ).toString("utf8");
    return loadPkcs12(p12, password);
  } catch (error) {
    logger.error(
      {
        organizationId: row.organizationId,
        certificateId: row.id,
        reason: isAppError(error) ? error.code : (error as Error).message,
      },
      "Active certificate cannot be loaded",
    );
    throw new AppError(
      "CERTIFICATE_UNAVAILABLE",
      "No se pudo cargar el certificado digital activo (¿cambió ENCRYPTION_KEY sin poner la anterior en ENCRYPTION_KEYS_PREVIOUS?). Cárguelo de nuevo.",
      { cause: error },
    );
  }
}

export async function getActiveCertificateSummary(accountId: string): Promise<CertificateSummary | null> {
  const all = await listCertificates(accountId);
  return all.find((certificate) => certificate.active) ?? null;
}

/**
 * Every certificate of the company's organization, newest first: `active` says whether it signs for
 * this company, `companies` which companies of the organization it signs for.
 */
export async function listCertificates(accountId: string): Promise<CertificateSummary[]> {
  const { organizationId } = await companyOf(accountId);
  const db = await getDb();
  const rows = await db.certificate.findMany({
    where: { organizationId },
    select: {
      ...SUMMARY_COLUMNS,
      companies: { where: { active: true }, select: { accountId: true, account: { select: { rnc: true } } } },
    },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) =>
    toCertificateSummary({
      ...row,
      active: row.companies.some((link) => link.accountId === accountId),
      companies: row.companies.map((link) => link.account.rnc),
    }),
  );
}

/** Tests: forget the loaded keys. */
export function clearSigningCredentialCache(): void {
  credentialCache.clear();
}
