import "server-only";

import { randomBytes } from "node:crypto";

import { open, seal, type Keys } from "@/lib/server/platform/secrets/encryption";
import { loadConfig } from "@/lib/server/platform/config/load-config";

/**
 * Webhook signing secrets. A secret is shown to the company once (creation, rotation)
 * and stored AES-256-GCM sealed with ENCRYPTION_KEY like the certificates, bound to its endpoint's
 * id so a ciphertext copied into another endpoint's row does not open. ENCRYPTION_KEY rotation
 * (`npm run rotate-key`) keeps them readable through loadConfig().decryptionKeys.
 */

/** How long the secret before a rotation still signs deliveries beside the new one. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The Standard Webhooks format: "whsec_" + base64 of the key (24 random bytes = 192 bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

function contextOf(endpointId: string): string {
  return `anula:webhook-secret:${endpointId}`;
}

export interface SealedWebhookSecret {
  ciphertext: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  tag: Uint8Array<ArrayBuffer>;
}

/** For the columns secretCiphertext/secretIv/secretTag (or previousSecret*) of `endpointId`. */
export function sealWebhookSecret(
  endpointId: string,
  secret: string,
  key: Buffer = loadConfig().encryptionKey,
): SealedWebhookSecret {
  return seal(key, Buffer.from(secret, "utf8"), contextOf(endpointId));
}

/** The columns of a WebhookEndpoint that openWebhookSecrets reads. */
export interface EndpointSecretColumns {
  id: string;
  secretCiphertext: Uint8Array<ArrayBuffer>;
  secretIv: Uint8Array<ArrayBuffer>;
  secretTag: Uint8Array<ArrayBuffer>;
  previousSecretCiphertext: Uint8Array<ArrayBuffer> | null;
  previousSecretIv: Uint8Array<ArrayBuffer> | null;
  previousSecretTag: Uint8Array<ArrayBuffer> | null;
  previousSecretExpiresAt: bigint | number | null;
}

/**
 * The secrets a delivery is signed with: the current one first, then the one before the last
 * rotation while its overlap lasts (previousSecretExpiresAt > now), so the receiver verifies with
 * either while it switches. Throws when a secret does not open (wrong ENCRYPTION_KEY): a delivery
 * must not go out unsigned.
 */
export function openWebhookSecrets(
  endpoint: EndpointSecretColumns,
  options: { now?: number; keys?: Keys } = {},
): string[] {
  const keys = options.keys ?? loadConfig().decryptionKeys;
  const now = options.now ?? Date.now();
  const context = contextOf(endpoint.id);
  const current = open(
    keys,
    { ciphertext: endpoint.secretCiphertext, iv: endpoint.secretIv, tag: endpoint.secretTag },
    context,
  ).toString("utf8");
  const secrets = [current];
  const expiresAt = endpoint.previousSecretExpiresAt;
  if (
    endpoint.previousSecretCiphertext &&
    endpoint.previousSecretIv &&
    endpoint.previousSecretTag &&
    expiresAt !== null &&
    Number(expiresAt) > now
  ) {
    const previous = open(
      keys,
      {
        ciphertext: endpoint.previousSecretCiphertext,
        iv: endpoint.previousSecretIv,
        tag: endpoint.previousSecretTag,
      },
      context,
    ).toString("utf8");
    if (previous !== current) secrets.push(previous);
  }
  return secrets;
}
