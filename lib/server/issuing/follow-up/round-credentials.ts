import "server-only";

import { getActiveSigningCredential } from "@/lib/server/certificates";
import type { SigningCredential } from "@/lib/server/platform/signing";

/** How long a company's credential is reused by follow-up rounds before it is read again. */
const REUSE_MS = 30_000;

const recent = new Map<string, { at: number; credential: Promise<SigningCredential | null> }>();

/**
 * The company's active credential for a follow-up round, or null when it has none usable. Rounds
 * ask DGII for many documents of one company in a burst; reading the certificate for each cost a
 * statement per document (the bench's follow-up). The credential only obtains DGII's token — a
 * resend sends the stored, already signed bytes — so a certificate changed in the last 30 seconds
 * is picked up by the next read.
 */
export function roundCredential(accountId: string, now = Date.now()): Promise<SigningCredential | null> {
  const hit = recent.get(accountId);
  if (hit && now - hit.at < REUSE_MS) return hit.credential;
  const credential = getActiveSigningCredential(accountId).catch(() => null);
  recent.set(accountId, { at: now, credential });
  if (recent.size > 10_000) recent.delete(recent.keys().next().value!);
  return credential;
}
