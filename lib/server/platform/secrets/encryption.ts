import "server-only";

import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

export interface Sealed {
  ciphertext: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  tag: Uint8Array<ArrayBuffer>;
}

/**
 * What is encrypted at rest (certificates, their passwords, TOTP secrets) is AES-256-GCM with a
 * fresh 96-bit nonce per value. `context` is bound as additional data (e.g.
 * "anula:certificate:p12:<organizationId>"), so a ciphertext copied into another row fails to open.
 *
 * Keys are versioned so ENCRYPTION_KEY can be rotated without uploading certificates again: the
 * `iv` column of a value sealed now holds [VERSION 0x01][key id: 4 bytes][nonce: 12 bytes], naming
 * the key that sealed it. Values sealed before versioning have a bare 12-byte nonce there: told
 * apart by that length (exactly 12, always), they open with whichever configured key authenticates
 * them. New values are always sealed with the current key; `npm run rotate-key` re-seals the rest.
 *
 * The key id is the first 4 bytes of HMAC-SHA256(key, "anula:key-id"): it names a key without
 * revealing anything about it, and needs no numbering by the operator.
 */
const VERSION = 0x01;
const NONCE_BYTES = 12;
const KEY_ID_BYTES = 4;
const VERSIONED_IV_BYTES = 1 + KEY_ID_BYTES + NONCE_BYTES;

/** The current key first, then the previous ones still accepted for reading. */
export type Keys = Buffer | readonly Buffer[];

export function keyIdOf(key: Buffer): Buffer {
  return createHmac("sha256", key).update("anula:key-id").digest().subarray(0, KEY_ID_BYTES);
}

/** The key id a value names, or null for a value sealed before keys were versioned. */
export function sealedKeyId(sealed: Pick<Sealed, "iv">): Buffer | null {
  const iv = sealed.iv;
  if (iv.length === VERSIONED_IV_BYTES && iv[0] === VERSION) {
    return Buffer.from(iv.subarray(1, 1 + KEY_ID_BYTES));
  }
  return null;
}

/** True when `sealed` was written with `key` in the versioned format: nothing for rotation to do. */
export function isSealedWith(sealed: Pick<Sealed, "iv">, key: Buffer): boolean {
  const id = sealedKeyId(sealed);
  return id !== null && id.equals(keyIdOf(key));
}

/** Seals with `key` (the current ENCRYPTION_KEY), naming it in the stored iv. */
export function seal(key: Buffer, plaintext: Uint8Array, context: string): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const iv = Buffer.concat([Buffer.from([VERSION]), keyIdOf(key), nonce]);
  return {
    ciphertext: new Uint8Array(ciphertext),
    iv: new Uint8Array(iv),
    tag: new Uint8Array(cipher.getAuthTag()),
  };
}

function openWith(key: Buffer, nonce: Uint8Array, sealed: Sealed, context: string): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

/**
 * Opens a value with the key it names, or (a value from before versioning, or a key id that
 * matches none) with each key in turn. Throws when no key, context or byte fits (GCM
 * authentication): a wrong key never yields garbage.
 */
export function open(keys: Keys, sealed: Sealed, context: string): Buffer {
  const ring = Buffer.isBuffer(keys) ? [keys] : keys;
  const id = sealedKeyId(sealed);
  const nonce = id ? sealed.iv.subarray(1 + KEY_ID_BYTES) : sealed.iv;
  const named = id ? ring.filter((key) => keyIdOf(key).equals(id)) : [];
  const candidates = [...named, ...ring.filter((key) => !named.includes(key))];
  let failure: unknown = new Error("No encryption key configured");
  for (const key of candidates) {
    try {
      return openWith(key, nonce, sealed, context);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
