/**
 * The events of the outbox and their payloads, for the platform: the names live in lib/domain (the
 * portal's form lists them in the browser) and the payloads' shapes in lib/schemas/event-payloads.ts
 * (zod, which the OpenAPI document's `webhooks` section reads), so both are written once. Pure types
 * and constants (no server imports).
 */
export { EVENT_TYPES, isEventType, type EventType } from "@/lib/domain/event-types";
export type { EventPayloads } from "@/lib/schemas/event-payloads";
