import "server-only";

import { DEFAULT_APPROACHING_PERCENT } from "@/lib/domain/ecf-deadline";
import type { Environment } from "@/lib/domain/environments";
import type { ForecastSettings } from "@/lib/domain/authorization-forecast";
import type { DeadlineSettingsChange, DeadlineSettingsView } from "@/lib/schemas/deadline-settings";
import {
  getForecastSettings,
  getGapWindow,
  writeForecastSettings,
  writeGapWindow,
} from "@/lib/server/ledger";
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

/** A gap window change of one environment (the ledger's GapDeadlineSetting): days, or null for none. */
export interface GapWindowChange {
  environment: Environment;
  days: number | null;
}

/** One environment's forecast settings (the inventory's lead time and unused share). */
export interface ForecastSettingsChange {
  environment: Environment;
  settings: ForecastSettings;
}

/**
 * Saves the settings (validated by lib/schemas/deadline-settings.ts) and, when given, one
 * environment's gap window and forecast settings, in one transaction logged with the old and new values.
 */
export async function setDeadlineSettings(
  accountId: string,
  settings: DeadlineSettings,
  by: ActivityBy,
  gap?: GapWindowChange,
  forecast?: ForecastSettingsChange,
): Promise<DeadlineSettings> {
  const before = await getDeadlineSettings(accountId);
  const gapBefore = gap ? ((await getGapWindow(accountId, gap.environment))?.days ?? null) : undefined;
  const forecastBefore = forecast ? await getForecastSettings(accountId, forecast.environment) : undefined;
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const data = { ...settings, updatedAt: BigInt(Date.now()), updatedBy: by.actor.label ?? "?" };
    await tx.ecfDeadlineSetting.upsert({
      where: { accountId },
      create: { accountId, ...data },
      update: data,
    });
    if (gap) {
      await writeGapWindow(tx, { accountId, ...gap, by: data.updatedBy, now: Number(data.updatedAt) });
    }
    if (forecast) {
      await writeForecastSettings(tx, {
        accountId,
        ...forecast,
        by: data.updatedBy,
        now: Number(data.updatedAt),
      });
    }
    const forecastDetails = (values: ForecastSettings | undefined) =>
      forecast && values
        ? {
            forecastEnvironment: forecast.environment,
            forecastLeadDays: values.leadDays,
            forecastUnusedPercent: values.unusedPercent,
          }
        : {};
    const gapDetails = (days: number | null | undefined) =>
      gap ? { gapWindowEnvironment: gap.environment, gapWindowDays: days } : {};
    await recordActivity(tx, {
      accountId,
      action: "contingency.settings_changed",
      actor: by.actor,
      ip: by.ip,
      details: {
        before: { ...before, ...gapDetails(gapBefore), ...forecastDetails(forecastBefore) },
        after: { ...settings, ...gapDetails(gap?.days), ...forecastDetails(forecast?.settings) },
      },
    });
  });
  return settings;
}

/** Every deadline setting as it stands in `environment` (the portal's form, GET/PUT …/emisor/plazos). */
export async function getDeadlineSettingsView(
  accountId: string,
  environment: Environment,
): Promise<DeadlineSettingsView> {
  const [settings, gapWindow, forecast] = await Promise.all([
    getDeadlineSettings(accountId),
    getGapWindow(accountId, environment),
    getForecastSettings(accountId, environment),
  ]);
  return {
    environment,
    ...settings,
    gapWindowDays: gapWindow?.days ?? null,
    forecastLeadDays: forecast.leadDays,
    forecastUnusedPercent: forecast.unusedPercent,
  };
}

/**
 * Saves a change parsed by deadlineSettingsSchema (the portal's action and PUT …/emisor/plazos): the
 * company's window and share always; with `environment`, its gap window when given (null removes it)
 * and its forecast settings when either is given (the other kept as it stands). One transaction, one
 * activity entry (contingency.settings_changed).
 */
export async function saveDeadlineSettings(
  accountId: string,
  change: DeadlineSettingsChange,
  by: ActivityBy,
): Promise<void> {
  const { environment, gapWindowDays, forecastLeadDays, forecastUnusedPercent, ...settings } = change;
  const gap = environment && gapWindowDays !== undefined ? { environment, days: gapWindowDays } : undefined;
  let forecast: ForecastSettingsChange | undefined;
  if (environment && (forecastLeadDays !== undefined || forecastUnusedPercent !== undefined)) {
    const current = await getForecastSettings(accountId, environment);
    forecast = {
      environment,
      settings: {
        leadDays: forecastLeadDays ?? current.leadDays,
        unusedPercent: forecastUnusedPercent ?? current.unusedPercent,
      },
    };
  }
  await setDeadlineSettings(accountId, settings, by, gap, forecast);
}
