import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { DEFAULT_APPROACHING_PERCENT } from "@/lib/domain/ecf-deadline";
import { gapDeadline, type GapDeadline, type GapWindow } from "@/lib/domain/gap-deadline";
import { getDb, type RawSql } from "@/lib/server/platform/db";

import type { Gap, GapsPage } from "./gaps";

/**
 * A company's deadline to void the gaps the ledger proposes, per environment (GapDeadlineSetting; no
 * row: none). The share at which one is approaching is the company's one deadline share
 * (EcfDeadlineSetting.approachingPercent, set beside it in Configuración → Contingencia), so e-CF and
 * gaps escalate alike.
 */
export async function getGapWindow(accountId: string, environment: Environment): Promise<GapWindow | null> {
  const windows = await readWindows(await getDb(), accountId, environment);
  return windows.get(`${accountId}:${environment}`) ?? null;
}

/** Every company × environment with a window, keyed `accountId:environment`: one query per scan. */
export async function allGapWindows(): Promise<Map<string, GapWindow>> {
  return readWindows(await getDb(), null, null);
}

async function readWindows(
  db: RawSql,
  accountId: string | null,
  environment: Environment | null,
): Promise<Map<string, GapWindow>> {
  const rows = await db.$queryRaw<
    Array<{ accountId: string; environment: string; windowDays: number; approachingPercent: number | null }>
  >`
    SELECT g."accountId", g."environment"::text AS "environment", g."windowDays", e."approachingPercent"
    FROM "GapDeadlineSetting" g
    LEFT JOIN "EcfDeadlineSetting" e ON e."accountId" = g."accountId"
    WHERE (${accountId}::text IS NULL OR g."accountId" = ${accountId}::text)
      AND (${environment}::text IS NULL OR g."environment"::text = ${environment}::text)`;
  return new Map(
    rows.map((row) => [
      `${row.accountId}:${row.environment}`,
      { days: row.windowDays, approachingPercent: row.approachingPercent ?? DEFAULT_APPROACHING_PERCENT },
    ]),
  );
}

/** Sets (days) or removes (null) the window, in the caller's transaction (the settings' activity entry). */
export async function writeGapWindow(
  tx: RawSql,
  change: { accountId: string; environment: Environment; days: number | null; by: string; now: number },
): Promise<void> {
  if (change.days === null) {
    await tx.$executeRaw`
      DELETE FROM "GapDeadlineSetting"
      WHERE "accountId" = ${change.accountId} AND "environment"::text = ${change.environment}`;
    return;
  }
  await tx.$executeRaw`
    INSERT INTO "GapDeadlineSetting" ("accountId", "environment", "windowDays", "updatedAt", "updatedBy")
    VALUES (${change.accountId}, ${change.environment}::"Environment", ${change.days}, ${BigInt(change.now)}, ${change.by})
    ON CONFLICT ("accountId", "environment")
    DO UPDATE SET "windowDays" = EXCLUDED."windowDays", "updatedAt" = EXCLUDED."updatedAt", "updatedBy" = EXCLUDED."updatedBy"`;
}

/** A gap as GET …/secuencias/huecos answers it: with its age and, where the company set one, its deadline. */
export type GapWithDeadline = Gap & { deadline: GapDeadline };

/**
 * The page's gaps with their age and deadline (lib/domain/gap-deadline.ts, the rule the portal's review
 * and the ledger scan apply), under the company's window in this environment.
 */
export async function withGapDeadlines(
  accountId: string,
  environment: Environment,
  page: GapsPage,
  now = Date.now(),
): Promise<Omit<GapsPage, "gaps"> & { gaps: GapWithDeadline[] }> {
  const window = await getGapWindow(accountId, environment);
  return { ...page, gaps: page.gaps.map((gap) => ({ ...gap, deadline: gapDeadline(gap, window, now) })) };
}
