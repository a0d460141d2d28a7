import { z } from "zod";

import { EVENT_TYPES, type EventType } from "./event-types";
import { WEBHOOK_URL_MAX_LENGTH } from "./webhook-url";

/**
 * A company's webhook endpoint as a person or an integration enters it: one zod schema per
 * request, shared by the portal's form and the API's handlers (POST and PATCH …/customer/webhooks),
 * so both refuse the same things with the same Spanish messages. The URL's safety rules
 * (checkWebhookUrl: https, no private address…) depend on the deployment's mode (loopback over http
 * only with the simulator), so the server applies them after this schema.
 */

export const WEBHOOK_DESCRIPTION_MAX = 200;
/** At most this many endpoints per company and environment (409 WEBHOOK_LIMIT_REACHED). */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** A rotated secret keeps signing (beside the new one) this long, so receivers switch without a gap. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

/** An endpoint's state as the portal and the API show it. */
export const WEBHOOK_STATES = ["active", "disabled_manual", "disabled_failing"] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** A delivery's status (WebhookDelivery.status). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Event types an endpoint may subscribe to: every type except webhook.test (sent on request to one endpoint). */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter(
  (type): type is Exclude<EventType, "webhook.test"> => type !== "webhook.test",
);

const url = z
  .string({ message: "Indique la URL del webhook." })
  .trim()
  .min(1, { message: "Indique la URL del webhook." })
  .max(WEBHOOK_URL_MAX_LENGTH, {
    message: `La URL no puede tener más de ${WEBHOOK_URL_MAX_LENGTH} caracteres.`,
  })
  .describe(
    "Where deliveries are POSTed: https:// (http:// to a loopback address only when the deployment runs the DGII " +
      "simulator); no user or password, no fragment, no literal private, loopback or link-local address. " +
      "The address actually connected to is checked again at every delivery.",
  );

const description = z
  .string({ message: "La descripción debe ser un texto." })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, {
    message: `La descripción admite hasta ${WEBHOOK_DESCRIPTION_MAX} caracteres.`,
  })
  .nullable()
  .describe(`What it is for (up to ${WEBHOOK_DESCRIPTION_MAX} characters); null or "" for none`);

const eventTypes = z
  .array(
    z.enum(SUBSCRIBABLE_EVENT_TYPES, {
      error: () => `Tipo de evento desconocido. Use: ${SUBSCRIBABLE_EVENT_TYPES.join(", ")}.`,
    }),
    { message: "eventTypes debe ser una lista de tipos de evento." },
  )
  .max(SUBSCRIBABLE_EVENT_TYPES.length, { message: "eventTypes repite tipos de evento." })
  .refine((types) => new Set(types).size === types.length, { message: "eventTypes repite tipos de evento." })
  .describe("The event types it receives; [] (or absent) for every type, including types added later");

/** POST /{environment}/customer/webhooks and the portal's create form. */
export const createWebhookEndpointSchema = z.strictObject({
  url,
  description: description.optional(),
  eventTypes: eventTypes.optional(),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

/** PATCH /{environment}/customer/webhooks/{id} and the portal's edit form: only the fields given change. */
export const updateWebhookEndpointSchema = z
  .strictObject({
    url: url.optional(),
    description: description.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z
      .boolean({ message: "enabled debe ser true o false." })
      .optional()
      .describe(
        "false: disabled by hand (nothing is sent; pending deliveries wait); true: enabled again, its failure " +
          "count and back-off cleared",
      ),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: "Indique al menos un campo a cambiar: url, description, eventTypes o enabled.",
  });
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;

/** The state shown for an endpoint's columns (enabled, disabledReason). */
export function webhookStateOf(endpoint: { enabled: boolean; disabledReason: string | null }): WebhookState {
  if (endpoint.enabled) return "active";
  return endpoint.disabledReason === "failing" ? "disabled_failing" : "disabled_manual";
}

/** The event types an endpoint receives, as stored: [] means every type. */
export function receivesEvent(eventTypes: readonly string[], type: string): boolean {
  return eventTypes.length === 0 || eventTypes.includes(type);
}
