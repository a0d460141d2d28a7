import "server-only";

import type { PrismaClient } from "@/prisma/generated/client";

import {
  p12Context,
  passwordContext,
  totpSecretContext,
} from "@/lib/server/platform/secrets/sealing-contexts";

import { isSealedWith, open, seal, type Sealed } from "../platform/secrets/encryption";

/**
 * `npm run rotate-key`: re-encrypts everything stored encrypted (certificates and their passwords,
 * TOTP secrets) with the current ENCRYPTION_KEY, reading with the previous keys
 * (ENCRYPTION_KEYS_PREVIOUS). Rows are read in batches by id; a row already sealed with the current
 * key is skipped without decrypting, so running it again does nothing and an interrupted run simply
 * resumes. Each row is rewritten only if it still holds what was read (compare-and-set on its
 * ivs), so a value changed meanwhile by the app (a TOTP re-enrolment) is never overwritten with
 * an older one. Values sealed before keys were versioned count as "not current" and are re-sealed
 * in the versioned format. Nothing is deleted; a row no configured key opens is counted and left
 * as it is (the operator must not drop the key it needs).
 */
export interface RotationKeys {
  /** ENCRYPTION_KEY: everything ends up sealed with it. */
  current: Buffer;
  /** Keys that may open what is stored: the current one and ENCRYPTION_KEYS_PREVIOUS. */
  decryption: readonly Buffer[];
}

export interface RotationCounts {
  /** Rows holding an encrypted value. */
  scanned: number;
  /** Rows re-encrypted with the current key by this run (or that would be, in a dry run). */
  reencrypted: number;
  /** Rows already sealed with the current key. */
  current: number;
  /** Rows no configured key opens: left untouched. */
  unreadable: number;
  /** Rows changed by the app between read and write: left to the next run. */
  changedMeanwhile: number;
}

export interface RotationReport {
  certificates: RotationCounts;
  totpSecrets: RotationCounts;
}

export interface RotationOptions {
  keys: RotationKeys;
  batchSize?: number;
  /** Count only: read and check, write nothing. */
  dryRun?: boolean;
  /** Told after each batch (the script prints progress). */
  onBatch?: (table: keyof RotationReport, counts: RotationCounts) => void;
}

const emptyCounts = (): RotationCounts => ({
  scanned: 0,
  reencrypted: 0,
  current: 0,
  unreadable: 0,
  changedMeanwhile: 0,
});

/** Opens `sealed` with any configured key and seals it again with the current one. */
function reseal(keys: RotationKeys, sealed: Sealed, context: string): Sealed {
  return seal(keys.current, open(keys.decryption, sealed, context), context);
}

export async function rotateEncryptionKey(
  db: PrismaClient,
  options: RotationOptions,
): Promise<RotationReport> {
  return {
    certificates: await rotateCertificates(db, options),
    totpSecrets: await rotateTotpSecrets(db, options),
  };
}

async function rotateCertificates(db: PrismaClient, options: RotationOptions): Promise<RotationCounts> {
  const { keys, batchSize = 100, dryRun = false } = options;
  const counts = emptyCounts();
  let after = "";
  for (;;) {
    const rows = await db.certificate.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: batchSize,
      select: {
        id: true,
        organizationId: true,
        p12Ciphertext: true,
        p12Iv: true,
        p12Tag: true,
        passwordCiphertext: true,
        passwordIv: true,
        passwordTag: true,
      },
    });
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      counts.scanned += 1;
      const p12: Sealed = { ciphertext: row.p12Ciphertext, iv: row.p12Iv, tag: row.p12Tag };
      const password: Sealed = {
        ciphertext: row.passwordCiphertext,
        iv: row.passwordIv,
        tag: row.passwordTag,
      };
      if (isSealedWith(p12, keys.current) && isSealedWith(password, keys.current)) {
        counts.current += 1;
        continue;
      }
      let newP12: Sealed;
      let newPassword: Sealed;
      try {
        newP12 = reseal(keys, p12, p12Context(row.organizationId));
        newPassword = reseal(keys, password, passwordContext(row.organizationId));
      } catch {
        counts.unreadable += 1;
        continue;
      }
      if (dryRun) {
        counts.reencrypted += 1;
        continue;
      }
      const { count } = await db.certificate.updateMany({
        where: { id: row.id, p12Iv: row.p12Iv, passwordIv: row.passwordIv },
        data: {
          p12Ciphertext: newP12.ciphertext,
          p12Iv: newP12.iv,
          p12Tag: newP12.tag,
          passwordCiphertext: newPassword.ciphertext,
          passwordIv: newPassword.iv,
          passwordTag: newPassword.tag,
        },
      });
      if (count === 1) counts.reencrypted += 1;
      else counts.changedMeanwhile += 1;
    }
    options.onBatch?.("certificates", { ...counts });
  }
  return counts;
}

async function rotateTotpSecrets(db: PrismaClient, options: RotationOptions): Promise<RotationCounts> {
  const { keys, batchSize = 100, dryRun = false } = options;
  const counts = emptyCounts();
  let after = "";
  for (;;) {
    const rows = await db.user.findMany({
      where: { id: { gt: after }, totpSecretCiphertext: { not: null } },
      orderBy: { id: "asc" },
      take: batchSize,
      select: { id: true, totpSecretCiphertext: true, totpSecretIv: true, totpSecretTag: true },
    });
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      if (!row.totpSecretCiphertext || !row.totpSecretIv || !row.totpSecretTag) continue;
      counts.scanned += 1;
      const secret: Sealed = {
        ciphertext: row.totpSecretCiphertext,
        iv: row.totpSecretIv,
        tag: row.totpSecretTag,
      };
      if (isSealedWith(secret, keys.current)) {
        counts.current += 1;
        continue;
      }
      let resealed: Sealed;
      try {
        resealed = reseal(keys, secret, totpSecretContext(row.id));
      } catch {
        counts.unreadable += 1;
        continue;
      }
      if (dryRun) {
        counts.reencrypted += 1;
        continue;
      }
      const { count } = await db.user.updateMany({
        where: { id: row.id, totpSecretIv: row.totpSecretIv },
        data: {
          totpSecretCiphertext: resealed.ciphertext,
          totpSecretIv: resealed.iv,
          totpSecretTag: resealed.tag,
        },
      });
      if (count === 1) counts.reencrypted += 1;
      else counts.changedMeanwhile += 1;
    }
    options.onBatch?.("totpSecrets", { ...counts });
  }
  return counts;
}
