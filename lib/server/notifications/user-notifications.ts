import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { getDb, Prisma } from "@/lib/server/platform/db";

/**
 * A person's notifications as the portal shows them: like the rest of the portal, those of the
 * company and environment the session acts for, plus the company's notifications that belong to no
 * environment (certificate.expiring). Every query is scoped by the user AND the company: a
 * notification is never shown, counted or marked through another company's session.
 */
export interface NotificationScope {
  userId: string;
  accountId: string;
  environment: Environment;
}

export interface NotificationView {
  id: string;
  type: string;
  environment: Environment | null;
  data: unknown;
  createdAt: number;
  read: boolean;
}

function scoped(scope: NotificationScope): Prisma.NotificationWhereInput {
  return {
    userId: scope.userId,
    accountId: scope.accountId,
    OR: [{ environment: scope.environment }, { environment: null }],
  };
}

export const NOTIFICATION_PAGE_SIZE = 50;

/** Newest first; `before` (a notification id of the page) continues with older ones. */
export async function listNotifications(
  scope: NotificationScope,
  options: { before?: string; limit?: number } = {},
): Promise<{ items: NotificationView[]; nextBefore: string | null }> {
  const db = await getDb();
  const limit = options.limit ?? NOTIFICATION_PAGE_SIZE;
  const rows = await db.notification.findMany({
    where: { ...scoped(scope), ...(options.before ? { id: { lt: options.before } } : {}) },
    // ids are UUIDv7 made when the event was consumed: the same order as the events', a stable cursor.
    orderBy: [{ id: "desc" }],
    take: limit + 1,
    select: { id: true, type: true, environment: true, data: true, createdAt: true, readAt: true },
  });
  const items = rows.slice(0, limit).map((row) => ({
    id: row.id,
    type: row.type,
    environment: row.environment,
    data: row.data,
    createdAt: Number(row.createdAt),
    read: row.readAt !== null,
  }));
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** The bell's count: unread notifications of the session's company and environment. */
export async function countUnread(scope: NotificationScope): Promise<number> {
  const db = await getDb();
  return db.notification.count({ where: { ...scoped(scope), readAt: null } });
}

/** The bell's count: what waits for the person in the company, in every environment, and where. */
export interface UnreadByEnvironment {
  total: number;
  /** Unread per environment; the company's notifications of no environment count in `current`'s. */
  byEnvironment: Partial<Record<Environment, number>>;
}

/**
 * Unread notifications of the session's person and company in every environment, so the bell never
 * shows 0 while something waits in another environment (the session's `environment` takes the
 * company-wide ones, shown in every environment's list).
 */
export async function countUnreadByEnvironment(scope: NotificationScope): Promise<UnreadByEnvironment> {
  const db = await getDb();
  const rows = await db.notification.groupBy({
    by: ["environment"],
    where: { userId: scope.userId, accountId: scope.accountId, readAt: null },
    _count: { _all: true },
  });
  const byEnvironment: Partial<Record<Environment, number>> = {};
  let total = 0;
  for (const row of rows) {
    const environment = row.environment ?? scope.environment;
    byEnvironment[environment] = (byEnvironment[environment] ?? 0) + row._count._all;
    total += row._count._all;
  }
  return { total, byEnvironment };
}

/** Unread notifications of the person in their other companies and environments (a hint on the page). */
export async function countUnreadElsewhere(scope: NotificationScope): Promise<number> {
  const db = await getDb();
  const [all, here] = await Promise.all([
    db.notification.count({ where: { userId: scope.userId, readAt: null } }),
    countUnread(scope),
  ]);
  return all - here;
}

/** Marks one notification read (opened); another company's or person's id → NOT_FOUND. */
export async function markNotificationRead(
  scope: NotificationScope,
  id: string,
  now = Date.now(),
): Promise<void> {
  const db = await getDb();
  const found = await db.notification.findFirst({
    where: { ...scoped(scope), id },
    select: { readAt: true },
  });
  if (!found) throw new AppError("NOT_FOUND", "La notificación no existe.");
  if (found.readAt !== null) return;
  await db.notification.updateMany({
    where: { ...scoped(scope), id, readAt: null },
    data: { readAt: BigInt(now) },
  });
}

/** "Marcar todas como leídas": every unread one of the session's company and environment. */
export async function markAllNotificationsRead(scope: NotificationScope, now = Date.now()): Promise<number> {
  const db = await getDb();
  const { count } = await db.notification.updateMany({
    where: { ...scoped(scope), readAt: null },
    data: { readAt: BigInt(now) },
  });
  return count;
}
