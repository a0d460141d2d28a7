import "server-only";

import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/schemas/event-payloads";
import { EVENT_TYPES } from "@/lib/server/platform/events/event-types";

import { DELIVERY_HEADERS, eventComponentName } from "./webhook-events";

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.1's top-level `webhooks`: what Anula POSTs to a company's endpoints, one entry per event
 * type (its envelope `{ type, timestamp, data }` as a component), with the Standard Webhooks headers
 * and what the receiver answers.
 */
export function webhooksSection(): Record<string, Json> {
  const section: Record<string, Json> = {};
  for (const type of EVENT_TYPES) {
    section[type] = {
      post: {
        operationId: `webhook_${type.replaceAll(".", "_")}`,
        tags: ["Webhooks"],
        summary: type,
        description:
          `${EVENT_PAYLOAD_SCHEMAS[type].description ?? type}. POSTed to every enabled endpoint of the company that ` +
          "receives this type (`eventTypes` empty or naming it) in the event's environment" +
          (type === "certificate.expiring"
            ? " — this event has none: every environment's endpoints get it"
            : "") +
          (type === "webhook.test" ? " — only to the endpoint the test was asked for" : "") +
          ". Verify the signature over the raw body before parsing it " +
          "(docs/api.md, “Verifying a signature: a receiver”).",
        parameters: DELIVERY_HEADERS.map((header) => ({
          name: header.name,
          in: "header",
          required: true,
          description: header.description,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { $ref: `#/components/schemas/${eventComponentName(type)}` } },
          },
        },
        responses: {
          "2XX": {
            description:
              "Received: the delivery is done (answer within WEBHOOK_TIMEOUT_MS, 10 seconds by default; the body is only logged)",
          },
          default: {
            description:
              "Anything else (or no answer, a redirect, a timeout) is a failure: retried with exponential back-off for " +
              "up to 3 days, with the same webhook-id",
          },
        },
      },
    };
  }
  return section;
}
