import { activityActionLabel, isActivityAction } from "@/lib/domain/activity-actions";
import { formatFechaHora } from "@/lib/domain/fecha";
import { format, type Dictionary } from "@/lib/i18n";
import type { ActivityEntryView, ActivityFilters } from "@/lib/server/platform/activity/list-activity";
import { readActivityFilters } from "@/lib/server/platform/activity/list-activity";

import { dayBoundaryMs, normalizeDay } from "@/lib/domain/fecha";

/**
 * The activity page's filters as they travel in its URL (shareable; the CSV export reads the same
 * ones), and one entry in the page's and the CSV's words.
 */
export interface ActivityPageFilters {
  /** yyyy-MM-dd, Santo Domingo days, both included. */
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  cursor?: string;
}

type RawParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? undefined : text.trim();
}

export function readActivityPageFilters(params: RawParams): ActivityPageFilters {
  const action = first(params.action);
  return {
    from: normalizeDay(first(params.from)),
    to: normalizeDay(first(params.to)),
    action: isActivityAction(action) ? action : undefined,
    actor: first(params.actor)?.slice(0, 200),
    cursor: first(params.cursor),
  };
}

/** The query of listActivity, or null when a day is not a valid date. */
export function toActivityFilters(filters: ActivityPageFilters): ActivityFilters | null {
  const fromMs = filters.from ? dayBoundaryMs(filters.from, "start") : undefined;
  const toMs = filters.to ? dayBoundaryMs(filters.to, "end") : undefined;
  if (fromMs === null || toMs === null) return null;
  return readActivityFilters({ fromMs, toMs, action: filters.action, actor: filters.actor });
}

/** The URL query of these filters (without the cursor unless given). */
export function activityQuery(filters: ActivityPageFilters, cursor?: string): string {
  const search = new URLSearchParams();
  if (filters.from) search.set("from", filters.from);
  if (filters.to) search.set("to", filters.to);
  if (filters.action) search.set("action", filters.action);
  if (filters.actor) search.set("actor", filters.actor);
  if (cursor) search.set("cursor", cursor);
  const text = search.toString();
  return text ? `?${text}` : "";
}

export interface ActivityRowText {
  id: string;
  when: string;
  action: string;
  code: string;
  actor: string;
  actorType: string;
  actorId: string;
  subject: string;
  subjectId: string;
  environment: string;
  ip: string;
  details: string;
}

type ActivityTexts = Dictionary["activity"];

/** A stored detail value in words: codes through the dictionary, times as the portal shows them. */
function detailValue(key: string, value: unknown, t: ActivityTexts): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value))
    return value.length === 0 ? "—" : value.map((item) => detailValue(key, item, t)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  if (/At$|Until$/.test(key)) {
    const ms = typeof value === "number" ? value : Date.parse(String(value));
    if (Number.isFinite(ms) && ms > 0) return formatFechaHora(ms);
  }
  const text = String(value);
  return t.detailValues[text] ?? text;
}

/**
 * "reason: wrong_password" → "Motivo: contraseña incorrecta"; keys not in the dictionary stay as
 * stored. A detail with no value (a void's error code when DGII accepted it) is left out: "—" for
 * each would only lengthen the row.
 */
export function activityDetailsText(details: Record<string, unknown>, t: ActivityTexts): string {
  const { before, after } = details;
  if (isPlainObject(before) && isPlainObject(after)) {
    // Settings saved whole: what changed, each in words ("Ventana de envío diferido (horas): 24 → —").
    const rest = Object.fromEntries(
      Object.entries(details).filter(([key]) => key !== "before" && key !== "after"),
    );
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      .map(
        (key) =>
          `${t.detailKeys[key] ?? key}: ${detailValue(key, before[key], t)} → ${detailValue(key, after[key], t)}`,
      );
    return [activityDetailsText(rest, t), ...changed].filter(Boolean).join("; ");
  }
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${t.detailKeys[key] ?? key}: ${detailValue(key, value, t)}`)
    .join("; ");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A stored client address as a person reads it. IPv6 addresses are stored by their /64 network (the
 * sign-in throttle's unit): "2001:db8:0:0::/64" reads "red IPv6 2001:db8::", and the loopback's
 * network (all zeros, what a request from the server itself gives) "este mismo equipo".
 */
export function activityIpText(ip: string | null, t: Pick<ActivityTexts, "ipLocal" | "ipv6Network">): string {
  if (!ip) return "";
  if (ip === "127.0.0.1" || ip === "::1") return `${t.ipLocal} (${ip})`;
  const network = /^([0-9a-f:]+)::\/64$/i.exec(ip);
  if (!network) return ip;
  const groups = network[1]!.split(":").map((group) => group.replace(/^0+(?=.)/, ""));
  if (groups.every((group) => group === "0")) return t.ipLocal;
  // The longest run of zero groups at the end collapses into "::", as IPv6 is usually written.
  while (groups.length > 0 && groups[groups.length - 1] === "0") groups.pop();
  return format(t.ipv6Network, { prefix: `${groups.join(":")}::` });
}

export function activityRowText(entry: ActivityEntryView, t: ActivityTexts): ActivityRowText {
  const label = isActivityAction(entry.action) ? activityActionLabel(t.actions, entry.action) : entry.action;
  return {
    id: entry.id,
    when: formatFechaHora(entry.createdAt),
    action: label,
    code: entry.action,
    actor: entry.actorLabel ?? t.actorTypes[entry.actorType] ?? entry.actorType,
    actorType: t.actorTypes[entry.actorType] ?? entry.actorType,
    actorId: entry.actorId ?? "",
    subject: entry.subjectType ? (t.subjectTypes[entry.subjectType] ?? entry.subjectType) : "",
    subjectId: entry.subjectId ?? "",
    environment: entry.environment ?? "",
    ip: activityIpText(entry.ip, t),
    details: activityDetailsText(entry.details, t),
  };
}
