import "server-only";

import { DEFAULT_APPROACHING_PERCENT } from "@/lib/domain/ecf-deadline";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb, inTransaction } from "@/lib/server/platform/db";

export interface DeadlineSettings {
  /** Hours an e-CF may wait before DGII receives it outside a contingency; null: no deadline. */
  deferredWindowHours: number | null;
  /** Percent of a window at which document.deadline_approaching fires. */
  approachingPercent: number;
}

/** The company's settings, or the defaults (no deferred window, approaching at 75 %). */
export async function getDeadlineSettings(accountId: string): Promise<DeadlineSettings> {
  const db = await getDb();
  const row = await db.ecfDeadlineSetting.findUnique({ where: { accountId } });
  return {
    deferredWindowHours: row?.deferredWindowHours ?? null,
    approachingPercent: row?.approachingPercent ?? DEFAULT_APPROACHING_PERCENT,
  };
}

/** Saves the settings (validated by lib/schemas/deadline-settings.ts), logged with the old and new values. */
export async function setDeadlineSettings(
  accountId: string,
  settings: DeadlineSettings,
  by: ActivityBy,
): Promise<DeadlineSettings> {
  const before = await getDeadlineSettings(accountId);
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const data = { ...settings, updatedAt: BigInt(Date.now()), updatedBy: by.actor.label ?? "?" };
    await tx.ecfDeadlineSetting.upsert({
      where: { accountId },
      create: { accountId, ...data },
      update: data,
    });
    await recordActivity(tx, {
      accountId,
      action: "contingency.settings_changed",
      actor: by.actor,
      ip: by.ip,
      details: { before: { ...before }, after: { ...settings } },
    });
  });
  return settings;
}
