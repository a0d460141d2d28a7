import "server-only";

import {
  addDays,
  DEFAULT_FORECAST_SETTINGS,
  FORECAST_WINDOW_DAYS,
  type ForecastSettings,
  type TypeUse,
} from "@/lib/domain/authorization-forecast";
import type { Environment } from "@/lib/domain/environments";
import { SANTO_DOMINGO_OFFSET_MS, santoDomingoDate } from "@/lib/domain/fecha";
import { serieTipoKey } from "@/lib/domain/intervals";
import { getDb, type RawSql } from "@/lib/server/platform/db";

import { endOfDayMs } from "./dates";

const DAY_MS = 86_400_000;
/** Santo Domingo's offset as SQL adds it (a day number is floor((instant + offset) / day)). */
const OFFSET = BigInt(SANTO_DOMINGO_OFFSET_MS);

/**
 * The use of every series+type of a company × environment, for the forecast (lib/domain/
 * authorization-forecast.ts): two statements per inventory read, whatever the number of
 * authorizations. A number is used when a document holds it (issued here or imported, DGII's
 * secuenciaUtilizada=false excepted), on the day it was issued (issuedAt, or the import's time when
 * the issuer gave none), in Santo Domingo.
 */
export async function typeUses(
  accountId: string,
  environment: Environment,
  now: number,
): Promise<Map<string, TypeUse>> {
  const db = await getDb();
  const today = santoDomingoDate(now);
  const since = BigInt(endOfDayMs(addDays(today, -FORECAST_WINDOW_DAYS - 1)) + 1);
  const until = BigInt(endOfDayMs(addDays(today, -1)) + 1);
  const [daily, first] = await Promise.all([
    // The window's documents only. A document is stored after it is issued (createdAt ≥ issuedAt), so
    // the company's createdAt index bounds the read; an import of old documents today is read and
    // counted on the days they were issued.
    db.$queryRaw<Array<{ serie: string; tipo: string; day: number; count: number }>>`
      SELECT "serie", "tipoeCF" AS tipo,
             ((coalesce("issuedAt", "createdAt") + ${OFFSET}) / ${BigInt(DAY_MS)})::int AS day,
             count(*)::int AS count
      FROM "Document"
      WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
        AND "serie" IS NOT NULL AND "tipoeCF" IS NOT NULL AND "secuencia" IS NOT NULL
        AND "sequenceReusable" = false
        AND "createdAt" >= ${since}
        AND coalesce("issuedAt", "createdAt") >= ${since} AND coalesce("issuedAt", "createdAt") < ${until}
      GROUP BY 1, 2, 3`,
    // The first use of each type: its lowest used number's day (numbers are used in order), one index
    // probe per type through the ledger's index on (…, serie, tipoeCF, sequenceReusable, secuencia).
    db.$queryRaw<Array<{ serie: string; tipo: string; at: bigint }>>`
      SELECT t."serie", t."tipoeCF" AS tipo, f.at
      FROM (
        SELECT DISTINCT "serie", "tipoeCF" FROM "IssuedInterval"
        WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"
      ) t
      CROSS JOIN LATERAL (
        SELECT coalesce(d."issuedAt", d."createdAt") AS at
        FROM "Document" d
        WHERE d."accountId" = ${accountId} AND d."environment" = ${environment}::"Environment"
          AND d."serie" = t."serie" AND d."tipoeCF" = t."tipoeCF" AND d."sequenceReusable" = false
          AND d."secuencia" IS NOT NULL
        ORDER BY d."secuencia" LIMIT 1
      ) f`,
  ]);
  const uses = new Map<string, TypeUse>();
  const entryOf = (serie: string, tipo: string) => {
    const key = serieTipoKey(serie, tipo);
    let use = uses.get(key);
    if (!use) {
      use = { firstUseOn: null, daily: new Map<string, number>() };
      uses.set(key, use);
    }
    return use;
  };
  for (const row of first) entryOf(row.serie, row.tipo).firstUseOn = santoDomingoDate(Number(row.at));
  for (const row of daily) {
    const use = entryOf(row.serie, row.tipo);
    const day = new Date(row.day * DAY_MS).toISOString().slice(0, 10);
    (use.daily as Map<string, number>).set(day, row.count);
    // A number issued out of order (lower ones issued later) still proves the type was in use that day.
    if (use.firstUseOn === null || day < use.firstUseOn) use.firstUseOn = day;
  }
  return uses;
}

/** The company's forecast settings in an environment, or the defaults (15 days, 20 %). */
export async function getForecastSettings(
  accountId: string,
  environment: Environment,
): Promise<ForecastSettings> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ leadDays: number; unusedPercent: number }>>`
    SELECT "leadDays", "unusedPercent" FROM "ForecastSetting"
    WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"`;
  return rows[0] ?? { ...DEFAULT_FORECAST_SETTINGS };
}

/** Sets the forecast settings, in the caller's transaction (the settings' activity entry). */
export async function writeForecastSettings(
  tx: RawSql,
  change: {
    accountId: string;
    environment: Environment;
    settings: ForecastSettings;
    by: string;
    now: number;
  },
): Promise<void> {
  const { leadDays, unusedPercent } = change.settings;
  await tx.$executeRaw`
    INSERT INTO "ForecastSetting" ("accountId", "environment", "leadDays", "unusedPercent", "updatedAt", "updatedBy")
    VALUES (${change.accountId}, ${change.environment}::"Environment", ${leadDays}, ${unusedPercent},
            ${BigInt(change.now)}, ${change.by})
    ON CONFLICT ("accountId", "environment")
    DO UPDATE SET "leadDays" = EXCLUDED."leadDays", "unusedPercent" = EXCLUDED."unusedPercent",
                  "updatedAt" = EXCLUDED."updatedAt", "updatedBy" = EXCLUDED."updatedBy"`;
}
