import { SANTO_DOMINGO_OFFSET_MS } from "./fecha";

/**
 * The period of an audit pack: two calendar days `yyyy-MM-dd`, both included, in Santo Domingo time
 * (UTC−4 all year). Pure, so the portal's form and the API give the same answer.
 */
export interface AuditPeriod {
  from: string;
  to: string;
  /** First instant of `from` in Santo Domingo, epoch ms. */
  startMs: number;
  /** Last millisecond of `to` in Santo Domingo, epoch ms (inclusive). */
  endMs: number;
}

/**
 * At most this many days a pack: a fiscal year (366 in a leap year). A longer period is asked for in
 * several packs, so one download never grows without bound.
 */
export const AUDIT_PERIOD_MAX_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of 00:00 Santo Domingo of a real calendar day `yyyy-MM-dd`, or null. */
export function startOfDaySantoDomingo(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return null;
  }
  return utc - SANTO_DOMINGO_OFFSET_MS;
}

export type AuditPeriodResult =
  | { ok: true; period: AuditPeriod }
  | { ok: false; code: "INVALID_PERIOD" | "PERIOD_TOO_LONG"; message: string };

/** Reads `from` and `to`: both required real days, from ≤ to, at most AUDIT_PERIOD_MAX_DAYS days. */
export function parseAuditPeriod(from: unknown, to: unknown): AuditPeriodResult {
  if (typeof from !== "string" || from === "" || typeof to !== "string" || to === "") {
    return { ok: false, code: "INVALID_PERIOD", message: "Indique from y to (yyyy-MM-dd)." };
  }
  const startMs = startOfDaySantoDomingo(from);
  const toStart = startOfDaySantoDomingo(to);
  if (startMs === null || toStart === null) {
    return {
      ok: false,
      code: "INVALID_PERIOD",
      message: `from y to deben ser días reales en formato yyyy-MM-dd (recibido: ${from.slice(0, 20)}, ${to.slice(0, 20)}).`,
    };
  }
  if (startMs > toStart) {
    return { ok: false, code: "INVALID_PERIOD", message: `from (${from}) es posterior a to (${to}).` };
  }
  const days = Math.round((toStart - startMs) / DAY_MS) + 1;
  if (days > AUDIT_PERIOD_MAX_DAYS) {
    return {
      ok: false,
      code: "PERIOD_TOO_LONG",
      message: `El período tiene ${days} días; un paquete de auditoría cubre como máximo ${AUDIT_PERIOD_MAX_DAYS}. Pida varios.`,
    };
  }
  return { ok: true, period: { from, to, startMs, endMs: toStart + DAY_MS - 1 } };
}
