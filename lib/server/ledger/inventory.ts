import "server-only";

import {
  forecastAuthorizations,
  noForecast,
  typePace,
  type AuthorizationForecast,
  type ForecastAuthorization,
  type ForecastSettings,
  type TypePace,
} from "@/lib/domain/authorization-forecast";
import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import {
  countNumbers,
  difference,
  EMPTY_SET,
  intersection,
  normalize,
  serieTipoKey,
  union,
} from "@/lib/domain/intervals";

import {
  listStoredAuthorizations,
  toAuthorizationView,
  type SequenceAuthorizationView,
} from "./authorizations";
import { getCoverageMark } from "./coverage";
import { daysUntil, todayIso } from "./dates";
import { getForecastSettings, typeUses } from "./forecast";
import { issuedInRanges, issuedSummaries } from "./issued";
import { syncVoidedIntervals } from "./sync-voided";
import { unknownOutcomes, voidedBetween, voidedCountsIn, voidedTotals } from "./voided";

/** An authorization is "running low" at or under this share of its numbers still available. */
export const LOW_SHARE = 0.1;
/** An authorization is "expiring" this many days (or fewer) before its last day. */
export const EXPIRING_DAYS = 30;

export type InventoryAlert =
  | { code: "LOW_AVAILABLE"; message: string; available: number }
  | { code: "EXPIRING"; message: string; days: number }
  | { code: "EXPIRED_UNUSED"; message: string; available: number };

export interface AuthorizationInventory extends SequenceAuthorizationView {
  issued: number;
  voided: number;
  /** Numbers in voids whose outcome is unknown (Error): maybe voided, maybe not. */
  unknown: number;
  /** cantidad − issued − voided − unknown: numbers certainly free. */
  available: number;
  highestIssued: string | null;
  /** The first free number above the highest issued one (or from the start), null when none is left. */
  nextFree: string | null;
  expired: boolean;
  alerts: InventoryAlert[];
  /** When it runs out at the type's pace, when to request the next one, what is left at expiry. */
  forecast: AuthorizationForecast;
}

export interface TypeInventory {
  serie: string;
  tipoeCF: string;
  issued: number;
  voided: number;
  unknown: number;
  highestIssued: string | null;
  authorizations: AuthorizationInventory[];
  /** Used or voided numbers outside every authorization entered (or no authorization entered at all). */
  outsideAuthorizations: { issued: number; voided: number };
  /** The type's use: numbers per day over 30 and 90 days, and the last 90 days one by one (the chart). */
  use: TypePace;
}

export interface Inventory {
  coverageMark: number | null;
  generatedAt: number;
  types: TypeInventory[];
  unknownOutcomesTruncated: boolean;
  /** The company's lead time and unused share the forecasts were made with. */
  forecastSettings: ForecastSettings;
}

/** GET …/secuencias: per series+type and authorization, what was issued, voided, is unknown and is left. */
export async function getInventory(
  accountId: string,
  environment: Environment,
  now = Date.now(),
): Promise<Inventory> {
  await syncVoidedIntervals(accountId, environment, now);
  const [summaries, authorizations, voidedByKey, unknown, mark, uses, forecastSettings] = await Promise.all([
    issuedSummaries(accountId, environment),
    listStoredAuthorizations(accountId, environment),
    voidedTotals(accountId, environment),
    unknownOutcomes(accountId, environment),
    getCoverageMark(accountId, environment),
    typeUses(accountId, environment, now),
    getForecastSettings(accountId, environment),
  ]);
  const [issuedPerAuth, voidedPerAuth] = await Promise.all([
    issuedInRanges(accountId, environment, authorizations),
    voidedCountsIn(accountId, environment, authorizations),
  ]);
  const today = todayIso(now);
  const types = new Map<string, TypeInventory>();
  const typeOf = (serie: string, tipoeCF: string): TypeInventory => {
    const key = serieTipoKey(serie, tipoeCF);
    let entry = types.get(key);
    if (!entry) {
      const unknownSet = unknown.byKey.get(key) ?? EMPTY_SET;
      entry = {
        serie,
        tipoeCF,
        issued: 0,
        voided: voidedByKey.get(key) ?? 0,
        unknown: countNumbers(unknownSet),
        highestIssued: null,
        authorizations: [],
        outsideAuthorizations: { issued: 0, voided: 0 },
        use: typePace(uses.get(key) ?? { firstUseOn: null, daily: new Map() }, today),
      };
      types.set(key, entry);
    }
    return entry;
  };
  for (const summary of summaries) {
    const entry = typeOf(summary.serie, summary.tipoeCF);
    entry.issued = summary.count;
    entry.highestIssued = formatEncf(summary.serie, summary.tipoeCF as EcfType, summary.highest);
  }
  const forecastInputs = new Map<TypeInventory, ForecastAuthorization[]>();
  for (const [index, auth] of authorizations.entries()) {
    const entry = typeOf(auth.serie, auth.tipoeCF);
    const key = serieTipoKey(auth.serie, auth.tipoeCF);
    const span = normalize([{ desde: auth.desde, hasta: auth.hasta }]);
    const unknownIn = intersection(unknown.byKey.get(key) ?? EMPTY_SET, span);
    const issued = issuedPerAuth[index]!;
    const voided = voidedPerAuth[index]!;
    const size = auth.hasta - auth.desde + 1;
    const unknownCount = countNumbers(unknownIn);
    const available = Math.max(0, size - issued.count - voided - unknownCount);
    const from = issued.highest === null ? auth.desde : issued.highest + 1;
    let nextFree: string | null = null;
    if (from <= auth.hasta) {
      const voidedAbove = await voidedBetween(
        accountId,
        environment,
        auth.serie,
        auth.tipoeCF,
        from,
        auth.hasta,
      );
      const free = difference(normalize([{ desde: from, hasta: auth.hasta }]), union(voidedAbove, unknownIn));
      if (free.length > 0) nextFree = formatEncf(auth.serie, auth.tipoeCF as EcfType, free[0]!.desde);
    }
    const expired = auth.expiresOn !== null && auth.expiresOn < today;
    const alerts: InventoryAlert[] = [];
    if (expired && available > 0) {
      alerts.push({
        code: "EXPIRED_UNUSED",
        available,
        message: `Autorización vencida con ${available} números sin usar.`,
      });
    } else if (!expired) {
      if (available <= size * LOW_SHARE) {
        alerts.push({
          code: "LOW_AVAILABLE",
          available,
          message: `Quedan ${available} números disponibles (10 % o menos).`,
        });
      }
      if (auth.expiresOn !== null) {
        const days = daysUntil(auth.expiresOn, now);
        if (days <= EXPIRING_DAYS) alerts.push({ code: "EXPIRING", days, message: `Vence en ${days} días.` });
      }
    }
    entry.authorizations.push({
      ...toAuthorizationView(auth),
      issued: issued.count,
      voided,
      unknown: unknownCount,
      available,
      highestIssued:
        issued.highest === null ? null : formatEncf(auth.serie, auth.tipoeCF as EcfType, issued.highest),
      nextFree,
      expired,
      alerts,
      // Filled in once the type's authorizations are all known (the forecast reads them together).
      forecast: noForecast("not_enough_history"),
    });
    const inputs = forecastInputs.get(entry) ?? [];
    inputs.push({ desde: auth.desde, cantidad: size, available, expiresOn: auth.expiresOn });
    forecastInputs.set(entry, inputs);
  }
  for (const entry of types.values()) {
    const forecasts = forecastAuthorizations(
      forecastInputs.get(entry) ?? [],
      entry.use,
      today,
      forecastSettings,
    );
    entry.authorizations.forEach((auth, i) => (auth.forecast = forecasts[i]!));
    entry.outsideAuthorizations = {
      issued: Math.max(0, entry.issued - entry.authorizations.reduce((sum, a) => sum + a.issued, 0)),
      voided: Math.max(0, entry.voided - entry.authorizations.reduce((sum, a) => sum + a.voided, 0)),
    };
  }
  return {
    coverageMark: mark?.coveredUntil ?? null,
    generatedAt: now,
    types: [...types.values()].sort((a, b) =>
      serieTipoKey(a.serie, a.tipoeCF).localeCompare(serieTipoKey(b.serie, b.tipoeCF)),
    ),
    unknownOutcomesTruncated: unknown.truncated,
    forecastSettings,
  };
}
