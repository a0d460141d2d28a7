import "server-only";

import { Webhook } from "standardwebhooks";

/**
 * One delivery's HTTP request per the Standard Webhooks specification: the body is the
 * envelope `{"type", "timestamp", "data"}`; `webhook-id` is the outbox event's id (the same on every
 * retry and replay, so a receiver deduplicates by it); `webhook-timestamp` is the moment of sending
 * (receivers refuse stale ones, 5 minutes in the reference libraries); `webhook-signature` carries
 * one "v1,<base64 HMAC-SHA256>" per secret, space-separated, so during a secret rotation a receiver
 * verifies with either the old or the new secret.
 */

export interface SignableEvent {
  /** OutboxEvent.id (UUIDv7). */
  id: string;
  type: string;
  /** OutboxEvent.createdAt, epoch ms: the moment of the state change. */
  createdAt: number;
  payload: unknown;
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

export const WEBHOOK_USER_AGENT = "Anula-Webhooks/1.0 (Standard Webhooks)";

/** The envelope, serialized once: the signature covers exactly these bytes. */
export function webhookBody(event: SignableEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.createdAt).toISOString(),
    data: event.payload,
  });
}

/**
 * Headers and body for one attempt. `sentAt` is the real clock, not the dispatcher's scheduling
 * clock: receivers compare webhook-timestamp with their own time.
 */
export function signWebhook(
  event: SignableEvent,
  secrets: readonly string[],
  sentAt = new Date(),
): SignedRequest {
  if (secrets.length === 0) throw new Error("A webhook is never sent unsigned");
  const body = webhookBody(event);
  // Whole seconds, as the specification's webhook-timestamp; signed with the same truncated instant.
  const timestamp = new Date(Math.floor(sentAt.getTime() / 1000) * 1000);
  const signature = secrets.map((secret) => new Webhook(secret).sign(event.id, timestamp, body)).join(" ");
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      "webhook-id": event.id,
      "webhook-timestamp": String(timestamp.getTime() / 1000),
      "webhook-signature": signature,
    },
  };
}
