import "server-only";

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export interface Sealed {
  ciphertext: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  tag: Uint8Array<ArrayBuffer>;
}

/**
 * AES-256-GCM with a fresh 96-bit IV per value. `context` is bound as additional data (e.g.
 * "certificate:p12:<accountId>"), so a ciphertext copied into another account's row fails to open.
 */
export function seal(key: Buffer, plaintext: Uint8Array, context: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    ciphertext: new Uint8Array(ciphertext),
    iv: new Uint8Array(iv),
    tag: new Uint8Array(cipher.getAuthTag()),
  };
}

/** Throws when the key, the context or any byte differs (GCM authentication). */
export function open(key: Buffer, sealed: Sealed, context: string): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.iv);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
