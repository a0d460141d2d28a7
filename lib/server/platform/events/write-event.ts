import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { RawSql } from "@/lib/server/platform/db/db-or-tx";
import { Prisma } from "@/prisma/generated/client";

import type { EventPayloads, EventType } from "./event-types";

export interface NewEvent<T extends EventType> {
  type: T;
  accountId: string;
  environment: string | null;
  /** What the event is about (voidId, document id, request id). */
  subjectId?: string | null;
  payload: EventPayloads[T];
  now?: number;
}

/**
 * Appends an event to the outbox. Call it with the transaction that makes the state change (`tx`),
 * never after it: then the event exists if and only if the change committed — a crash between the
 * two cannot lose one, and a rolled-back change announces nothing. Returns the event's id (UUIDv7,
 * also the webhook-id of its deliveries).
 */
export async function writeEvent<T extends EventType>(tx: RawSql, event: NewEvent<T>): Promise<string> {
  const [id] = await writeEvents(tx, [event]);
  return id!;
}

/** Several events in one statement (a sweep that interrupts many voids at once). */
export async function writeEvents<T extends EventType>(
  tx: RawSql,
  events: ReadonlyArray<NewEvent<T>>,
): Promise<string[]> {
  if (events.length === 0) return [];
  const insert = outboxInsert(events);
  await tx.$executeRaw(insert.sql);
  return insert.ids;
}

/**
 * The INSERT of events, to end a statement that makes the state change itself (a data-modifying
 * WITH before it): the change and its events are then one statement, one round trip, and still
 * commit together. `onlyIf` names a WITH query of that statement: the events are written only when it
 * returned a row (the change matched), as writeEvent is called only when it did.
 */
export function outboxInsert<T extends EventType>(
  events: ReadonlyArray<NewEvent<T>>,
  onlyIf?: string,
): { sql: Prisma.Sql; ids: string[] } {
  const ids = events.map(() => uuidv7());
  const now = Date.now();
  const sql = Prisma.sql`
    INSERT INTO "OutboxEvent" ("id", "accountId", "environment", "type", "subjectId", "payload", "createdAt")
    SELECT e.id, e.account_id, e.environment::"Environment", e.type, e.subject_id, e.payload::jsonb, e.created_at::bigint
    FROM unnest(
      ${ids}::text[],
      ${events.map((event) => event.accountId)}::text[],
      ${events.map((event) => event.environment)}::text[],
      ${events.map((event) => event.type)}::text[],
      ${events.map((event) => event.subjectId ?? null)}::text[],
      ${events.map((event) => JSON.stringify(event.payload))}::text[],
      ${events.map((event) => String(event.now ?? now))}::text[]
    ) AS e(id, account_id, environment, type, subject_id, payload, created_at)
    ${onlyIf === undefined ? Prisma.empty : Prisma.raw(`WHERE EXISTS (SELECT 1 FROM "${onlyIf}")`)}`;
  return { sql, ids };
}
