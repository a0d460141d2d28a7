import "server-only";

import { v7 as uuidv7 } from "uuid";

import {
  notificationAudience,
  NOTIFYING_EVENT_TYPES,
  type AudienceFacts,
  type AudienceMember,
} from "@/lib/domain/notification-audience";
import { isCompanyRole } from "@/lib/domain/roles";
import { getDb, inTransaction, type PrismaClient } from "@/lib/server/platform/db";

/**
 * The notifications' consumer of the outbox: its own mark, OutboxEvent.notifiedAt, so the
 * bell never waits on webhook deliveries (which own processedAt; this module never touches it).
 *
 * One transaction claims the oldest unmarked events (FOR UPDATE SKIP LOCKED: two instances running
 * at once take different events), writes one Notification per person of each event's audience
 * (lib/domain/notification-audience.ts; the unique (userId, eventId) makes a repeat a no-op) and
 * marks the events. A crash before the commit leaves them unmarked for the next run: each event is
 * announced exactly once.
 */

const BATCH = 200;
/** Events that never notify anyone (void.created, document.status_changed…) are marked in bulk. */
const SKIP_BATCH = 5_000;

interface ClaimedEvent {
  id: string;
  accountId: string;
  environment: string | null;
  type: string;
  subjectId: string | null;
  payload: unknown;
  createdAt: bigint;
}

export interface ConsumeResult {
  /** Events marked notified. */
  events: number;
  /** Notifications written. */
  notifications: number;
}

/**
 * Runs until no unmarked event is left (or `maxBatches` batches, so one run stays short); the
 * recurring job calls it every period.
 */
export async function consumeEventsForNotifications(
  options: { now?: number; maxBatches?: number } = {},
): Promise<ConsumeResult> {
  const total: ConsumeResult = { events: 0, notifications: 0 };
  for (let batch = 0; batch < (options.maxBatches ?? 20); batch += 1) {
    const result = await consumeBatch(options.now ?? Date.now());
    total.events += result.events;
    total.notifications += result.notifications;
    if (result.events === 0) break;
  }
  return total;
}

async function consumeBatch(now: number): Promise<ConsumeResult> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const skipped = await tx.$executeRaw`
      UPDATE "OutboxEvent" SET "notifiedAt" = ${BigInt(now)}
      WHERE "id" IN (
        SELECT "id" FROM "OutboxEvent"
        WHERE "notifiedAt" IS NULL AND NOT ("type" = ANY(${NOTIFYING_EVENT_TYPES}::text[]))
        ORDER BY "id" LIMIT ${SKIP_BATCH}
        FOR UPDATE SKIP LOCKED)`;
    const events = await tx.$queryRaw<ClaimedEvent[]>`
      SELECT "id", "accountId", "environment"::text AS "environment", "type", "subjectId", "payload", "createdAt"
      FROM "OutboxEvent"
      WHERE "notifiedAt" IS NULL
      ORDER BY "id" LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED`;
    if (events.length === 0) return { events: skipped, notifications: 0 };

    const members = await membersOf(tx, [...new Set(events.map((event) => event.accountId))]);
    const requests = await voidRequestsOf(tx, events);
    const closeCreators = await closeCreatorsOf(tx, events);
    const rows: Array<{ userId: string; event: ClaimedEvent }> = [];
    for (const event of events) {
      const facts = factsOf(event, requests, closeCreators);
      for (const userId of notificationAudience(event.type, members.get(event.accountId) ?? [], facts)) {
        rows.push({ userId, event });
      }
    }
    const written = rows.length === 0 ? 0 : await insertNotifications(tx, rows);
    await tx.$executeRaw`
      UPDATE "OutboxEvent" SET "notifiedAt" = ${BigInt(now)}
      WHERE "id" = ANY(${events.map((event) => event.id)}::text[])`;
    return { events: skipped + events.length, notifications: written };
  });
}

/** Each company's members with their roles and whether their user is disabled. */
async function membersOf(tx: PrismaClient, accountIds: string[]): Promise<Map<string, AudienceMember[]>> {
  const rows = await tx.$queryRaw<
    Array<{ accountId: string; userId: string; roles: string[]; disabled: boolean }>
  >`
    SELECT m."accountId", m."userId", m."roles"::text[] AS "roles", u."disabled"
    FROM "CompanyMember" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."accountId" = ANY(${accountIds}::text[])`;
  const byAccount = new Map<string, AudienceMember[]>();
  for (const row of rows) {
    const list = byAccount.get(row.accountId) ?? [];
    list.push({ userId: row.userId, roles: row.roles.filter(isCompanyRole), disabled: row.disabled });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

interface RequestFacts {
  requestedByUserId: string;
  decidedByUserId: string | null;
}

/** Who asked for (and who decided) the void requests the events name, within their own company. */
async function voidRequestsOf(tx: PrismaClient, events: ClaimedEvent[]): Promise<Map<string, RequestFacts>> {
  const wanted = events.filter((event) => event.type.startsWith("void.request.") && event.subjectId);
  if (wanted.length === 0) return new Map();
  const rows = await tx.$queryRaw<Array<RequestFacts & { id: string; accountId: string }>>`
    SELECT "id", "accountId", "requestedByUserId", "decidedByUserId" FROM "VoidRequest"
    WHERE "id" = ANY(${wanted.map((event) => event.subjectId!)}::text[])`;
  return new Map(rows.map((row) => [`${row.accountId}/${row.id}`, row]));
}

/**
 * Who prepared the year-end closes that wait for a company's decision: the campaign is their action,
 * and they never decide for a company whose policy asks an approver, so they are not told.
 */
async function closeCreatorsOf(tx: PrismaClient, events: ClaimedEvent[]): Promise<Map<string, string>> {
  const wanted = events.filter(
    (event) => event.type === "year_end_close.awaiting_decision" && event.subjectId,
  );
  if (wanted.length === 0) return new Map();
  const rows = await tx.$queryRaw<Array<{ id: string; createdById: string }>>`
    SELECT "id", "createdById" FROM "YearEndClose"
    WHERE "id" = ANY(${wanted.map((event) => event.subjectId!)}::text[])`;
  return new Map(rows.map((row) => [row.id, row.createdById]));
}

function factsOf(
  event: ClaimedEvent,
  requests: Map<string, RequestFacts>,
  closeCreators: Map<string, string>,
): AudienceFacts {
  if (event.type === "year_end_close.awaiting_decision")
    return { actorId: closeCreators.get(event.subjectId ?? "") ?? null };
  if (!event.type.startsWith("void.request.") || !event.subjectId) return {};
  const request = requests.get(`${event.accountId}/${event.subjectId}`);
  if (!request) return {};
  return {
    requesterId: request.requestedByUserId,
    // The requester made the request; the decider made the decision (approved, rejected).
    actorId: event.type === "void.request.created" ? request.requestedByUserId : request.decidedByUserId,
  };
}

async function insertNotifications(
  tx: PrismaClient,
  rows: Array<{ userId: string; event: ClaimedEvent }>,
): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "Notification" ("id", "userId", "accountId", "environment", "eventId", "type", "data", "createdAt")
    SELECT n.id, n.user_id, n.account_id, n.environment::"Environment", n.event_id, n.type, n.data::jsonb, n.created_at::bigint
    FROM unnest(
      ${rows.map(() => uuidv7())}::text[],
      ${rows.map((row) => row.userId)}::text[],
      ${rows.map((row) => row.event.accountId)}::text[],
      ${rows.map((row) => row.event.environment)}::text[],
      ${rows.map((row) => row.event.id)}::text[],
      ${rows.map((row) => row.event.type)}::text[],
      ${rows.map((row) => JSON.stringify(row.event.payload))}::text[],
      ${rows.map((row) => String(row.event.createdAt))}::text[]
    ) AS n(id, user_id, account_id, environment, event_id, type, data, created_at)
    ON CONFLICT ("userId", "eventId") DO NOTHING`;
}
