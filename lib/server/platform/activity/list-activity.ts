import "server-only";

import { isActivityAction, type ActivityAction } from "@/lib/domain/activity-actions";
import { getDb, toMs } from "@/lib/server/platform/db";
import { decodeCursor, encodeCursor } from "@/lib/server/platform/http/list-cursor";
import type { Prisma } from "@/prisma/generated/client";

/**
 * Reading the activity log: newest first, in bounded pages continued by an opaque cursor (createdAt
 * and id of the last entry, so entries written meanwhile never shift a page). A company's log is
 * its entries (accountId); an organization's is its organization-level entries (accountId null).
 * There is no update or delete here, nor anywhere: the log is append-only (docs/portal.md, "The
 * activity log").
 */
export type ActivityScope = { accountId: string } | { organizationId: string };

export interface ActivityFilters {
  /** Epoch ms, inclusive. */
  fromMs?: number;
  toMs?: number;
  action?: ActivityAction;
  /** Part of the actor's label (e-mail, service account name), any case. */
  actor?: string;
}

export interface ActivityEntryView {
  id: string;
  createdAt: number;
  action: string;
  environment: string | null;
  actorType: string;
  actorId: string | null;
  actorLabel: string | null;
  subjectType: string | null;
  subjectId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface ActivityPage {
  items: ActivityEntryView[];
  nextToken: string | null;
}

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 500;

export function readActivityFilters(params: {
  fromMs?: number | null;
  toMs?: number | null;
  action?: string | null;
  actor?: string | null;
}): ActivityFilters {
  const actor = params.actor?.trim().slice(0, 200);
  return {
    ...(params.fromMs != null ? { fromMs: params.fromMs } : {}),
    ...(params.toMs != null ? { toMs: params.toMs } : {}),
    ...(isActivityAction(params.action) ? { action: params.action } : {}),
    ...(actor ? { actor } : {}),
  };
}

function whereOf(scope: ActivityScope, filters: ActivityFilters): Prisma.ActivityLogEntryWhereInput {
  const createdAt: Prisma.BigIntFilter = {};
  if (filters.fromMs !== undefined) createdAt.gte = BigInt(filters.fromMs);
  if (filters.toMs !== undefined) createdAt.lte = BigInt(filters.toMs);
  return {
    ...("accountId" in scope
      ? { accountId: scope.accountId }
      : { organizationId: scope.organizationId, accountId: null }),
    ...(filters.fromMs !== undefined || filters.toMs !== undefined ? { createdAt } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor ? { actorLabel: { contains: filters.actor, mode: "insensitive" as const } } : {}),
  };
}

export async function listActivity(
  scope: ActivityScope,
  filters: ActivityFilters = {},
  options: { cursor?: string | null; limit?: number } = {},
): Promise<ActivityPage> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? ACTIVITY_PAGE_DEFAULT)), ACTIVITY_PAGE_MAX);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const where = whereOf(scope, filters);
  const db = await getDb();
  const rows = await db.activityLogEntry.findMany({
    where: after
      ? {
          AND: [
            where,
            {
              OR: [
                { createdAt: { lt: BigInt(after.createdAt) } },
                { createdAt: BigInt(after.createdAt), id: { lt: after.id } },
              ],
            },
          ],
        }
      : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => ({
      id: row.id,
      createdAt: toMs(row.createdAt),
      action: row.action,
      environment: row.environment,
      actorType: row.actorType,
      actorId: row.actorId,
      actorLabel: row.actorLabel,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      details: (row.details ?? {}) as Record<string, unknown>,
      ip: row.ip,
    })),
    nextToken:
      rows.length > limit && last ? encodeCursor({ createdAt: Number(last.createdAt), id: last.id }) : null,
  };
}
