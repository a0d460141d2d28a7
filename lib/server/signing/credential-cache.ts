import "server-only";

import { createHash } from "node:crypto";

import { assertCertificateValid, parsePkcs12, type SigningCredential } from "./load-pkcs12";

/**
 * Parsed credentials by sha256(sha256(p12) ‖ password): a parse costs 10–70 ms, a signature of one
 * range well under 1 ms. Bounded (least recently used goes first) so rotating certificates of many
 * accounts cannot grow the process. Only successful parses are kept; the validity period is checked
 * on every call, so a cached certificate still expires on time.
 */
const MAX_ENTRIES = 64;
const cache = new Map<string, SigningCredential>();

function cacheKey(p12: Uint8Array, password: string): string {
  const fileHash = createHash("sha256").update(p12).digest();
  return createHash("sha256").update(fileHash).update(password, "utf8").digest("hex");
}

export function loadPkcs12Cached(
  p12: Uint8Array,
  password: string,
  options: { now?: Date } = {},
): SigningCredential {
  const key = cacheKey(p12, password);
  let credential = cache.get(key);
  if (credential) {
    cache.delete(key); // re-insert below: Map order is the recency order
  } else {
    credential = parsePkcs12(p12, password);
    if (cache.size >= MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  cache.set(key, credential);
  assertCertificateValid(credential.info, options.now ?? new Date());
  return credential;
}

export function clearCredentialCache(): void {
  cache.clear();
}

/** For tests and diagnostics. */
export function credentialCacheSize(): number {
  return cache.size;
}
