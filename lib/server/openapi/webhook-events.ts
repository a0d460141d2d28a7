import "server-only";

import { z } from "zod";

import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/schemas/event-payloads";
import { EVENT_TYPES, type EventType } from "@/lib/server/platform/events/event-types";

/**
 * The OpenAPI document's `webhooks` section: the envelope every delivery carries around its payload
 * (lib/schemas/event-payloads.ts, the one place the payloads are written), and the delivery headers.
 */

/** The component name of an event's envelope, e.g. "WebhookEvent_void_request_created". */
export function eventComponentName(type: EventType): string {
  return `WebhookEvent_${type.replaceAll(".", "_")}`;
}

/** `{ type, timestamp, data }`: the body of every delivery (Standard Webhooks' recommended envelope). */
export function eventEnvelopeSchema(type: EventType): z.ZodType {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe("ISO 8601 instant of the event (when the change committed)"),
      data: EVENT_PAYLOAD_SCHEMAS[type],
    })
    .describe(`The body of a ${type} delivery`);
}

export const WEBHOOK_EVENT_COMPONENTS: Record<string, z.ZodType> = Object.fromEntries(
  EVENT_TYPES.map((type) => [eventComponentName(type), eventEnvelopeSchema(type)]),
);

/** The headers of every delivery (Standard Webhooks), for the document. */
export const DELIVERY_HEADERS = [
  {
    name: "webhook-id",
    description:
      "The event's id (UUIDv7): the same on every retry and manual replay of this event to this endpoint. Deliveries " +
      "are at least once: store the ids you processed and ignore a repeat.",
  },
  {
    name: "webhook-timestamp",
    description:
      "Seconds since the epoch when this attempt was signed. Refuse one more than 5 minutes away from your clock " +
      "(replay protection).",
  },
  {
    name: "webhook-signature",
    description:
      "Space-separated `v1,<base64>` signatures: HMAC-SHA256 with the endpoint's secret (the base64 after `whsec_`, " +
      "decoded) over `{webhook-id}.{webhook-timestamp}.{raw body}`. For 24 hours after a rotation there are two " +
      "(previous and new secret): accept the request when any one matches. Compare in constant time; the " +
      "`standardwebhooks` libraries do all of this.",
  },
] as const;
