import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_STATES,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
} from "@/lib/domain/webhook-endpoint";

/**
 * The webhook endpoints' answers, as the OpenAPI document describes them and the tests
 * check them. The requests' schemas are lib/domain/webhook-endpoint.ts's (the portal's form uses them).
 */
export { createWebhookEndpointSchema, updateWebhookEndpointSchema };

const epochMs = z.number().int().describe("Epoch milliseconds");
const nullableEpochMs = epochMs.nullable();

export const webhookEndpointSchema = z.object({
  id: z.string().describe("The endpoint's id"),
  environment: z.enum(ENVIRONMENTS),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()).describe("The event types it receives; [] = every type"),
  enabled: z.boolean(),
  state: z
    .enum(WEBHOOK_STATES)
    .describe(
      "active; disabled_manual (a person or an API call disabled it); disabled_failing (every delivery failed " +
        "for 3 days: Anula disabled it and told the company's administrators)",
    ),
  disabledReason: z.enum(["manual", "failing"]).nullable(),
  disabledAt: nullableEpochMs,
  failingSince: nullableEpochMs.describe(
    "The first failed attempt since the last success; null while it answers",
  ),
  retryAfter: nullableEpochMs.describe(
    "While failing: no attempt before this instant (exponential back-off)",
  ),
  previousSecretExpiresAt: nullableEpochMs.describe(
    "After a rotation: until when deliveries are also signed with the previous secret",
  ),
  createdBy: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  lastDelivery: z
    .object({
      id: z.string(),
      eventType: z.string(),
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      at: epochMs,
      statusCode: z.number().int().nullable(),
    })
    .nullable(),
});

const secret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+=*$/)
  .describe(
    "The signing secret (Standard Webhooks: whsec_ + base64 of the key). Shown in this answer only: store it now",
  );

export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret });

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const webhookSecretRotatedSchema = z.object({
  secret,
  previousSecretExpiresAt: epochMs.describe(
    "Until then (24 h) deliveries carry a signature with the previous secret too",
  ),
});

export const webhookTestSentSchema = z.object({
  eventId: z.string().describe("The test event's id: the webhook-id header the receiver gets"),
  message: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string().describe("The event's id: the webhook-id header of every attempt (deduplicate by it)"),
  eventType: z.string(),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .describe("pending (retried with exponential back-off), delivered (a 2xx answer) or failed (given up)"),
  attempts: z.number().int(),
  nextAttemptAt: nullableEpochMs,
  lastAttemptAt: nullableEpochMs,
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastResponseExcerpt: z.string().nullable().describe("The first 1,000 characters of the last answer's body"),
  deliveredAt: nullableEpochMs,
  createdAt: epochMs,
});

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextToken: z.string().optional().describe("Absent on the last page"),
  metadata: z.object({ itemsPerPage: z.number().int() }),
});

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  attemptLog: z.array(
    z.object({
      id: z.string(),
      attemptedAt: epochMs,
      trigger: z.enum(["automatic", "replay"]),
      requestedBy: z.string().nullable(),
      statusCode: z.number().int().nullable(),
      latencyMs: z.number().int(),
      error: z.string().nullable(),
      responseExcerpt: z.string().nullable(),
    }),
  ),
  data: z.unknown().describe("The event's data as delivered (the envelope's `data`); null once cleaned up"),
});

/** GET …/webhooks/{id}/deliveries query parameters (documented; the handler checks them in these terms). */
export const webhookDeliveryListQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().describe("Only deliveries in this status"),
  limit: z.string().regex(/^\d+$/).optional().describe("1–100, default 25"),
  nextToken: z.string().optional().describe("The previous page's nextToken"),
});
