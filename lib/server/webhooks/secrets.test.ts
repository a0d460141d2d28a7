import { randomBytes } from "node:crypto";

import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

import {
  newWebhookSecret,
  openWebhookSecrets,
  sealWebhookSecret,
  SECRET_ROTATION_OVERLAP_MS,
  type EndpointSecretColumns,
} from "./secrets";

const key = randomBytes(32);
const oldKey = randomBytes(32);

function endpointWith(
  id: string,
  current: string,
  previous?: { secret: string; expiresAt: number },
  sealKey = key,
): EndpointSecretColumns {
  const sealed = sealWebhookSecret(id, current, sealKey);
  const before = previous ? sealWebhookSecret(id, previous.secret, sealKey) : null;
  return {
    id,
    secretCiphertext: sealed.ciphertext,
    secretIv: sealed.iv,
    secretTag: sealed.tag,
    previousSecretCiphertext: before?.ciphertext ?? null,
    previousSecretIv: before?.iv ?? null,
    previousSecretTag: before?.tag ?? null,
    previousSecretExpiresAt: previous ? BigInt(previous.expiresAt) : null,
  };
}

describe("webhook secrets", () => {
  it("are whsec_ + base64 of 24 random bytes, usable by standardwebhooks, each different", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    const webhook = new Webhook(secret);
    const signature = webhook.sign("msg_1", new Date(), "{}");
    expect(
      webhook.verify("{}", {
        "webhook-id": "msg_1",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": signature,
      }),
    ).toEqual({});
  });

  it("seal and open again, bound to the endpoint's id", () => {
    const secret = newWebhookSecret();
    const endpoint = endpointWith("ep-1", secret);
    expect(Buffer.from(endpoint.secretCiphertext).toString("utf8")).not.toContain(secret.slice(6));
    expect(openWebhookSecrets(endpoint, { keys: key })).toEqual([secret]);
    // The same columns copied into another endpoint do not open.
    expect(() => openWebhookSecrets({ ...endpoint, id: "ep-2" }, { keys: key })).toThrow();
    // Nor with another key.
    expect(() => openWebhookSecrets(endpoint, { keys: randomBytes(32) })).toThrow();
  });

  it("open with a previous ENCRYPTION_KEY (key rotation)", () => {
    const secret = newWebhookSecret();
    const endpoint = endpointWith("ep-3", secret, undefined, oldKey);
    expect(openWebhookSecrets(endpoint, { keys: [key, oldKey] })).toEqual([secret]);
  });

  it("include the previous secret, after the current one, only while its overlap lasts", () => {
    const now = 1_800_000_000_000;
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const endpoint = endpointWith("ep-4", current, {
      secret: previous,
      expiresAt: now + SECRET_ROTATION_OVERLAP_MS,
    });
    expect(openWebhookSecrets(endpoint, { keys: key, now })).toEqual([current, previous]);
    expect(openWebhookSecrets(endpoint, { keys: key, now: now + SECRET_ROTATION_OVERLAP_MS - 1 })).toEqual([
      current,
      previous,
    ]);
    expect(openWebhookSecrets(endpoint, { keys: key, now: now + SECRET_ROTATION_OVERLAP_MS })).toEqual([
      current,
    ]);
    expect(SECRET_ROTATION_OVERLAP_MS).toBe(86_400_000);
  });
});
