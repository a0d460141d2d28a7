import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, type PrismaClient } from "@/lib/server/platform/db";

/**
 * The clean-up of the event tables, twice a day (recurring job "events.clean-up"): after
 * EVENT_RETENTION_DAYS (30), finished webhook deliveries (delivered or failed, with their attempt
 * log: ON DELETE CASCADE) and outbox events that both consumers are done with (processedAt and
 * notifiedAt set) and that no remaining delivery still needs (a pending delivery of a disabled
 * endpoint, a recent delivery's log, a replay). In batches, so no statement holds many locks.
 *
 * Never the activity log (ActivityLogEntry): it is the company's 10-year record, append-only, and
 * nothing here names it.
 */

const DAY_MS = 86_400_000;
const BATCH = 5_000;

export async function cleanUpEvents(
  options: { db?: PrismaClient; now?: number; retentionDays?: number } = {},
): Promise<{ deliveries: number; events: number }> {
  const db = options.db ?? (await getDb());
  const retentionDays = options.retentionDays ?? loadConfig().eventRetentionDays;
  const cutoff = String((options.now ?? Date.now()) - retentionDays * DAY_MS);
  let deliveries = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "WebhookDelivery" WHERE "id" IN (
        SELECT "id" FROM "WebhookDelivery"
        WHERE "status" IN ('delivered', 'failed')
          AND COALESCE("lastAttemptAt", "createdAt") < ${cutoff}::bigint
        LIMIT ${BATCH})`;
    deliveries += deleted;
    if (deleted < BATCH) break;
  }
  let events = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "OutboxEvent" WHERE "id" IN (
        SELECT e."id" FROM "OutboxEvent" e
        WHERE e."processedAt" IS NOT NULL AND e."notifiedAt" IS NOT NULL
          AND e."createdAt" < ${cutoff}::bigint
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e."id")
        LIMIT ${BATCH})`;
    events += deleted;
    if (deleted < BATCH) break;
  }
  if (deliveries + events > 0) logger.info({ deliveries, events, retentionDays }, "Old events cleaned up");
  return { deliveries, events };
}
