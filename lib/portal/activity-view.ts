import { activityActionLabel, isActivityAction } from "@/lib/domain/activity-actions";
import { formatFechaHora } from "@/lib/domain/fecha";
import type { Dictionary } from "@/lib/i18n";
import type { ActivityEntryView, ActivityFilters } from "@/lib/server/platform/activity/list-activity";
import { readActivityFilters } from "@/lib/server/platform/activity/list-activity";

import { dayBoundaryMs } from "@/lib/domain/fecha";

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
    from: first(params.from),
    to: first(params.to),
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

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(detailValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function activityRowText(entry: ActivityEntryView, t: Dictionary["activity"]): ActivityRowText {
  const label = isActivityAction(entry.action) ? activityActionLabel(t.actions, entry.action) : entry.action;
  return {
    id: entry.id,
    when: formatFechaHora(entry.createdAt),
    action: label,
    code: entry.action,
    actor: entry.actorLabel ?? t.actorTypes[entry.actorType] ?? entry.actorType,
    actorType: t.actorTypes[entry.actorType] ?? entry.actorType,
    actorId: entry.actorId ?? "",
    subject: entry.subjectType ?? "",
    subjectId: entry.subjectId ?? "",
    environment: entry.environment ?? "",
    ip: entry.ip ?? "",
    details: Object.entries(entry.details)
      .map(([key, value]) => `${key}: ${detailValue(value)}`)
      .join("; "),
  };
}
