import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { daysBetween } from "@/lib/domain/authorization-forecast";
import { AUTHORIZATION_WARNING_DAYS, expiryThreshold } from "@/lib/domain/expiry-warnings";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { gapDeadline, type GapWindow } from "@/lib/domain/gap-deadline";
import { TYPES_WITHOUT_EXPIRY, type Gap, type Inventory } from "@/lib/server/ledger";
import { daysUntil, dmyToIso } from "@/lib/server/ledger";

import type { Announcement } from "./announce";

/** The company × environment a ledger scan reads. */
export interface LedgerScope {
  accountId: string;
  environment: Environment;
  /** The company's RNC (every payload's customerId). */
  customerId: string;
}

/** An authorization as every authorization event names it. */
interface RangeFacts {
  authorizationId: string;
  customerId: string;
  environment: Environment;
  serie: string;
  tipoeCF: string;
  desde: string;
  hasta: string;
}

/** The number of an e-NCF (serie + 2-digit type + 10 digits). */
const numberOf = (encf: string) => Number(encf.slice(3));

const gapKey = (scope: LedgerScope, gap: Gap) =>
  `${scope.accountId}:${scope.environment}:${gap.serie}${gap.tipoeCF}:${numberOf(gap.secuenciaDesde)}-${numberOf(gap.secuenciaHasta)}`;

/**
 * sequence.gap_detected for each gap the ledger proposes (findGaps, as the portal's review and
 * GET …/secuencias/huecos show it). The key is the gap's exact span: a gap that changes (part of it
 * voided or issued) is a new gap, announced again; a gap voided whole is never proposed again.
 */
export function gapAnnouncements(scope: LedgerScope, gaps: readonly Gap[]): Announcement[] {
  return gaps.map((gap) => ({
    key: `gap:${gapKey(scope, gap)}`,
    event: {
      type: "sequence.gap_detected",
      accountId: scope.accountId,
      environment: scope.environment,
      subjectId: gap.authorizationId,
      payload: gapPayload(scope, gap),
    },
  }));
}

/** The gap as every gap event names it (sequence.gap_detected's whole payload). */
const gapPayload = (scope: LedgerScope, gap: Gap) => ({
  customerId: scope.customerId,
  environment: scope.environment,
  serie: gap.serie,
  tipoeCF: gap.tipoeCF,
  desde: gap.secuenciaDesde,
  hasta: gap.secuenciaHasta,
  cantidad: gap.cantidad,
});

/**
 * Per authorization of the inventory (getInventory): sequence.depleted once every number is issued
 * or voided (authorizations still in force only: a range that expired used up is history, not news),
 * and sequence.expiring at the tightest warning threshold its expiry has reached (60, 30, 7 or 1 days)
 * while numbers are still unused, and the forecast's alerts (forecastAnnouncements). Types 32 and 34
 * never expire. An expired authorization is not "expiring": its unused tail is a gap ("vencida") and
 * is announced as one.
 */
export function authorizationAnnouncements(
  scope: LedgerScope,
  inventory: Inventory,
  now: number,
): Announcement[] {
  const announcements: Announcement[] = [];
  const prefix = `${scope.accountId}:${scope.environment}`;
  for (const type of inventory.types) {
    for (const auth of type.authorizations) {
      if (auth.expired) continue;
      // Unknown-outcome numbers (voids in Error) count as unused: DGII may not have voided them.
      const unused = Math.max(0, auth.cantidad - auth.issued - auth.voided);
      const range: RangeFacts = {
        authorizationId: auth.id,
        customerId: scope.customerId,
        environment: scope.environment,
        serie: auth.serie,
        tipoeCF: auth.tipoeCF,
        desde: auth.secuenciaDesde,
        hasta: auth.secuenciaHasta,
      };
      if (unused === 0) {
        announcements.push({
          key: `depleted:${prefix}:${auth.id}`,
          event: {
            type: "sequence.depleted",
            accountId: scope.accountId,
            environment: scope.environment,
            subjectId: auth.id,
            payload: range,
          },
        });
        continue;
      }
      const expiresOn = auth.fechaVencimiento === null ? null : dmyToIso(auth.fechaVencimiento);
      announcements.push(...forecastAnnouncements(scope, type, auth, range, inventory, now));
      if (expiresOn === null || TYPES_WITHOUT_EXPIRY.has(auth.tipoeCF)) continue;
      const daysLeft = daysUntil(expiresOn, now);
      const threshold = expiryThreshold(daysLeft, AUTHORIZATION_WARNING_DAYS);
      if (threshold === null) continue;
      announcements.push({
        key: `expiring:${prefix}:${auth.id}:${threshold}`,
        event: {
          type: "sequence.expiring",
          accountId: scope.accountId,
          environment: scope.environment,
          subjectId: auth.id,
          payload: { ...range, expiresOn, daysLeft, unused, cierreDesde: auth.nextFree },
        },
      });
    }
  }
  return announcements;
}

/**
 * The forecast's alerts of one authorization (its inventory forecast, lib/domain/
 * authorization-forecast.ts), once per authorization and condition: sequence.forecast_request_by
 * when the day to request its successor is within 7 days or passed, sequence.forecast_unused when
 * more than the company's share is forecast to go unused at expiry. Nothing under 30 days of history.
 */
function forecastAnnouncements(
  scope: LedgerScope,
  type: Inventory["types"][number],
  auth: Inventory["types"][number]["authorizations"][number],
  range: RangeFacts,
  inventory: Inventory,
  now: number,
): Announcement[] {
  const { forecast } = auth;
  const { pace30, pace90 } = type.use;
  if (forecast.status !== "forecast" || pace30 === null || pace90 === null) return [];
  const prefix = `${scope.accountId}:${scope.environment}:${auth.id}`;
  const expiresOn = auth.fechaVencimiento === null ? null : dmyToIso(auth.fechaVencimiento);
  const facts = { ...range, expiresOn, pace30, pace90 };
  const about = { accountId: scope.accountId, environment: scope.environment, subjectId: auth.id };
  const out: Announcement[] = [];
  if (forecast.requestByNear && forecast.requestBy !== null) {
    out.push({
      key: `sequence.forecast_request_by:${prefix}`,
      event: {
        ...about,
        type: "sequence.forecast_request_by",
        payload: {
          ...facts,
          requestBy: forecast.requestBy,
          runsOutOn: forecast.runsOutOn,
          leadDays: inventory.forecastSettings.leadDays,
          daysLeft: daysBetween(santoDomingoDate(now), forecast.requestBy),
        },
      },
    });
  }
  if (forecast.tooLarge && forecast.unusedAtExpiry !== null && forecast.unusedPercent !== null && expiresOn) {
    out.push({
      key: `sequence.forecast_unused:${prefix}`,
      event: {
        ...about,
        type: "sequence.forecast_unused",
        payload: {
          ...facts,
          expiresOn,
          cantidad: auth.cantidad,
          unusedAtExpiry: forecast.unusedAtExpiry,
          unusedPercent: forecast.unusedPercent,
          thresholdPercent: inventory.forecastSettings.unusedPercent,
        },
      },
    });
  }
  return out;
}

/**
 * sequence.gap_deadline_approaching / _missed for each gap of a company × environment that set a
 * window (lib/domain/gap-deadline.ts): once per gap and state, the tightest state only (a gap first
 * seen past its deadline gets the missed event alone). Keyed by the gap's span, like gap_detected.
 */
export function gapDeadlineAnnouncements(
  scope: LedgerScope,
  gaps: readonly Gap[],
  window: GapWindow | null,
  now: number,
): Announcement[] {
  if (window === null) return [];
  return gaps.flatMap((gap): Announcement[] => {
    const deadline = gapDeadline(gap, window, now);
    if (deadline.since === null || deadline.deadlineAt === null) return [];
    if (deadline.state !== "approaching" && deadline.state !== "missed") return [];
    if (gap.kind === "cierre") return [];
    const type =
      deadline.state === "missed" ? "sequence.gap_deadline_missed" : "sequence.gap_deadline_approaching";
    return [
      {
        key: `${type}:${gapKey(scope, gap)}`,
        event: {
          type,
          accountId: scope.accountId,
          environment: scope.environment,
          subjectId: gap.authorizationId,
          payload: {
            ...gapPayload(scope, gap),
            kind: gap.kind,
            since: new Date(deadline.since).toISOString(),
            deadlineAt: new Date(deadline.deadlineAt).toISOString(),
            windowDays: window.days,
          },
        },
      },
    ];
  });
}
