/**
 * The forecast of an e-NCF authorization (the inventory's "Pronóstico"): how fast a company uses the
 * numbers of a series+type, when each authorization of it runs out at that pace, the day to ask DGII
 * for the next one (a lead time the company sets) and how many numbers are left unused when it
 * expires (a range requested too large). Pure arithmetic on Santo Domingo calendar days (yyyy-MM-dd):
 * the ledger (lib/server/ledger/forecast.ts) gives the daily use, this module decides.
 *
 * The pace is the series+type's, not one authorization's: a company issues from one type, and a new
 * authorization taking over from a used-up one inherits its pace. The authorizations of a type are
 * used in number order, so each one starts being used when the ones below it run out.
 */

/** Under this many days since the type's first used number there is no forecast ("not enough history"). */
export const FORECAST_MIN_HISTORY_DAYS = 30;
/** The chart's and the long pace's window, in whole days before today. */
export const FORECAST_WINDOW_DAYS = 90;
/** The short pace's window (the one the dates are forecast with: the company's current rhythm). */
export const FORECAST_SHORT_WINDOW_DAYS = 30;
/** Days between asking DGII for an authorization and being able to use it, when the company set none. */
export const DEFAULT_FORECAST_LEAD_DAYS = 15;
/** Percent of an authorization forecast to go unused above which it was requested too large. */
export const DEFAULT_FORECAST_UNUSED_PERCENT = 20;
/** A request-by date this many days away (or passed) is near: the alert fires. */
export const REQUEST_BY_NEAR_DAYS = 7;

export interface ForecastSettings {
  /** Days before the numbers are needed to request the next authorization. */
  leadDays: number;
  /** Percent of an authorization forecast unused at expiry that raises the alert. */
  unusedPercent: number;
}

export const DEFAULT_FORECAST_SETTINGS: ForecastSettings = {
  leadDays: DEFAULT_FORECAST_LEAD_DAYS,
  unusedPercent: DEFAULT_FORECAST_UNUSED_PERCENT,
};

/** A series+type's use: the day of its first used number and the numbers used per day lately. */
export interface TypeUse {
  /** yyyy-MM-dd (Santo Domingo) of the type's first used number; null: none used yet. */
  firstUseOn: string | null;
  /** Numbers used per Santo Domingo day (yyyy-MM-dd → count); days absent used none. */
  daily: ReadonlyMap<string, number>;
}

export interface TypePace {
  /** Whole days from the first use to today; 0 when nothing was used. */
  historyDays: number;
  /** Under FORECAST_MIN_HISTORY_DAYS of history: no pace and no dates ("not enough history"). */
  enoughHistory: boolean;
  /** Numbers per day over the last 30 whole days (today excluded: it is not over); null without enough history. */
  pace30: number | null;
  /** Numbers per day over the last 90 whole days (or the history, when shorter); null without enough history. */
  pace90: number | null;
  /** Numbers used on each of the last 90 whole days, oldest first (the chart). */
  daily: number[];
}

/** The forecast of one authorization (null fields: nothing to say, e.g. no use or no expiry). */
export interface AuthorizationForecast {
  status: "forecast" | "not_enough_history" | "expired" | "depleted";
  /** yyyy-MM-dd: the day its last number is used at the type's pace (null: not before it expires, or no use). */
  runsOutOn: string | null;
  /** yyyy-MM-dd: the day to request the next authorization (the lead time before it runs out or expires). */
  requestBy: string | null;
  /** Numbers still free when it expires at that pace (null: no expiry, or no forecast). */
  unusedAtExpiry: number | null;
  /** unusedAtExpiry as a percent of the authorization's size, one decimal. */
  unusedPercent: number | null;
  /** The request-by date is within REQUEST_BY_NEAR_DAYS days or passed. */
  requestByNear: boolean;
  /** More than the company's share is forecast to go unused (the range was requested too large). */
  tooLarge: boolean;
}

/** One authorization of a type, as the forecast needs it. */
export interface ForecastAuthorization {
  /** Its first number (the order numbers are used in). */
  desde: number;
  cantidad: number;
  /** Numbers certainly free now. */
  available: number;
  /** yyyy-MM-dd, the last day its numbers may be used; null: no expiry (types 32, 34). */
  expiresOn: string | null;
}

const DAY_MS = 86_400_000;

/** yyyy-MM-dd plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The type's pace on `today` (yyyy-MM-dd, Santo Domingo): history, the two paces and the chart's days. */
export function typePace(use: TypeUse, today: string): TypePace {
  const daily: number[] = [];
  for (let back = FORECAST_WINDOW_DAYS; back >= 1; back -= 1)
    daily.push(use.daily.get(addDays(today, -back)) ?? 0);
  const historyDays = use.firstUseOn === null ? 0 : Math.max(0, daysBetween(use.firstUseOn, today));
  if (historyDays < FORECAST_MIN_HISTORY_DAYS) {
    return { historyDays, enoughHistory: false, pace30: null, pace90: null, daily };
  }
  const sum = (days: number[]) => days.reduce((total, count) => total + count, 0);
  const longDays = Math.min(FORECAST_WINDOW_DAYS, historyDays);
  return {
    historyDays,
    enoughHistory: true,
    pace30: round2(sum(daily.slice(-FORECAST_SHORT_WINDOW_DAYS)) / FORECAST_SHORT_WINDOW_DAYS),
    pace90: round2(sum(daily.slice(-longDays)) / longDays),
    daily,
  };
}

/** A forecast with nothing to say (its status says why). */
export const noForecast = (status: AuthorizationForecast["status"]): AuthorizationForecast => ({
  status,
  runsOutOn: null,
  requestBy: null,
  unusedAtExpiry: null,
  unusedPercent: null,
  requestByNear: false,
  tooLarge: false,
});

/**
 * The forecast of each authorization of one series+type (same order as given), at the 30-day pace.
 * An authorization starts being used once every authorization below it (by number, still usable)
 * has run out or expired: its numbers are needed after theirs.
 */
export function forecastAuthorizations(
  authorizations: readonly ForecastAuthorization[],
  pace: TypePace,
  today: string,
  settings: ForecastSettings = DEFAULT_FORECAST_SETTINGS,
): AuthorizationForecast[] {
  const order = authorizations
    .map((auth, index) => ({ auth, index }))
    .sort((a, b) => a.auth.desde - b.auth.desde);
  const out: AuthorizationForecast[] = authorizations.map(() => noForecast("forecast"));
  // The day (offset from today, fractional) the numbers below the current authorization are gone.
  let startsAfter = 0;
  for (const { auth, index } of order) {
    const expired = auth.expiresOn !== null && auth.expiresOn < today;
    if (expired) {
      out[index] = noForecast("expired");
      continue;
    }
    if (auth.available <= 0) {
      out[index] = noForecast("depleted");
      continue;
    }
    if (!pace.enoughHistory || pace.pace30 === null) {
      out[index] = noForecast("not_enough_history");
      continue;
    }
    const rate = pace.pace30;
    // Days from today to the end of its expiry day: the days its numbers can still be used.
    const usableDays = auth.expiresOn === null ? Infinity : daysBetween(today, auth.expiresOn);
    const start = Math.min(startsAfter, usableDays);
    const runsOutAt = rate > 0 ? start + auth.available / rate : Infinity;
    const runsOutOn = runsOutAt <= usableDays ? addDays(today, Math.ceil(runsOutAt)) : null;
    // Its numbers are needed until it runs out or expires, whichever comes first.
    const neededUntil = runsOutOn ?? (rate > 0 && auth.expiresOn !== null ? auth.expiresOn : null);
    const requestBy = neededUntil === null ? null : addDays(neededUntil, -settings.leadDays);
    let unusedAtExpiry: number | null = null;
    let unusedPercent: number | null = null;
    if (auth.expiresOn !== null) {
      const used = rate * Math.max(0, usableDays - start);
      unusedAtExpiry = Math.max(0, Math.round(auth.available - used));
      unusedPercent = auth.cantidad > 0 ? Math.round((unusedAtExpiry / auth.cantidad) * 1000) / 10 : 0;
    }
    out[index] = {
      status: "forecast",
      runsOutOn,
      requestBy,
      unusedAtExpiry,
      unusedPercent,
      requestByNear: requestBy !== null && daysBetween(today, requestBy) <= REQUEST_BY_NEAR_DAYS,
      tooLarge: unusedPercent !== null && unusedPercent > settings.unusedPercent,
    };
    startsAfter = Math.min(runsOutAt, usableDays);
  }
  return out;
}
