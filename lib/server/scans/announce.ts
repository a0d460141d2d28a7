import "server-only";

import type { EventType } from "@/lib/server/platform/events/event-types";
import { writeEvents, type NewEvent } from "@/lib/server/platform/events/write-event";
import { getDb, inTransaction } from "@/lib/server/platform/db";

/** A condition a scan found, and the event that announces it the first time it is found. */
export interface Announcement {
  /** AnnouncedCondition's key: the same condition found again (by any run, on any instance) has the same key. */
  key: string;
  event: NewEvent<EventType>;
}

/**
 * Announces what was never announced, at most `limit` of them, in the order given: one transaction
 * inserts the keys into AnnouncedCondition (ON CONFLICT DO NOTHING) and writes the events of
 * exactly the keys it inserted. So an event exists if and only if its key does, and two runs at
 * once (two instances, or a run retried while the first is still going) announce each condition
 * once: the second waits on the first's uncommitted key and then skips it. Returns the keys announced.
 */
export async function announceOnce(
  accountId: string,
  announcements: readonly Announcement[],
  limit: number = announcements.length,
): Promise<string[]> {
  if (announcements.length === 0 || limit <= 0) return [];
  const byKey = new Map(announcements.map((announcement) => [announcement.key, announcement]));
  const keys = [...byKey.keys()];
  const now = Date.now();
  return inTransaction(await getDb(), async (tx) => {
    // NOT EXISTS first, so the LIMIT counts new conditions only (an old one never uses up the budget).
    const rows = await tx.$queryRaw<Array<{ key: string }>>`
      INSERT INTO "AnnouncedCondition" ("key", "accountId", "createdAt")
      SELECT c.key, ${accountId}, ${BigInt(now)}
      FROM unnest(${keys}::text[]) WITH ORDINALITY AS c(key, position)
      WHERE NOT EXISTS (SELECT 1 FROM "AnnouncedCondition" a WHERE a."key" = c.key)
      ORDER BY c.position
      LIMIT ${limit}::int
      ON CONFLICT ("key") DO NOTHING
      RETURNING "key"`;
    const inserted = new Set(rows.map((row) => row.key));
    const announced = keys.filter((key) => inserted.has(key));
    await writeEvents(
      tx,
      announced.map((key) => ({ ...byKey.get(key)!.event, now })),
    );
    return announced;
  });
}
