import { isEnvironment, type Environment } from "@/lib/domain/environments";
import { dayBoundaryMs, normalizeDay } from "@/lib/domain/fecha";
import { VOID_REASON_FILTERS, VOID_STATUSES, type VoidReasonFilter } from "@/lib/schemas/void-ncf-list";

/**
 * The history page's filters as they travel in its URL (shareable, bookmarkable), and their
 * translation to the REST list query (parseVoidListQuery): dates are whole days in Santo Domingo.
 */
export interface VoidFilters {
  status?: (typeof VOID_STATUSES)[number];
  /** yyyy-MM-dd (an <input type="date"> value), first day included. */
  from?: string;
  /** yyyy-MM-dd, last day included. */
  to?: string;
  environment: Environment;
  /** DGII's 608 reason code, or "none": the voids made without a reason (URL `motivo`). */
  reason?: VoidReasonFilter;
  /** "¿Está anulado este e-NCF?": the history's search by one e-NCF (as typed; checked by the search). */
  encf?: string;
  cursor?: string;
  /** The cursors of the pages before this one, oldest first (the first page has none). */
  back?: string[];
}

/** How many earlier pages "previous" can walk back through; older ones are reached from the first page. */
export const MAX_BACK_PAGES = 50;
/** Cursors are base64url (lib/server/platform/http/list-cursor.ts), so "." can separate them in one URL parameter. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

type RawParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? undefined : text.trim();
}

export function readVoidFilters(params: RawParams, defaultEnvironment: Environment): VoidFilters {
  const status = first(params.status);
  const environment = first(params.env);
  const reason = first(params.motivo);
  return {
    status: (VOID_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as VoidFilters["status"])
      : undefined,
    from: normalizeDay(first(params.from)),
    to: normalizeDay(first(params.to)),
    ...(reason !== undefined && (VOID_REASON_FILTERS as readonly string[]).includes(reason)
      ? { reason: reason as VoidReasonFilter }
      : {}),
    environment: environment && isEnvironment(environment) ? environment : defaultEnvironment,
    ...(first(params.encf) ? { encf: first(params.encf)!.toUpperCase().slice(0, 40) } : {}),
    cursor: first(params.cursor),
    back: (first(params.back)?.split(".") ?? [])
      .filter((cursor) => CURSOR_PATTERN.test(cursor))
      .slice(-MAX_BACK_PAGES),
  };
}

/**
 * The REST list query of these filters. A malformed day is passed through as text so that
 * parseVoidListQuery rejects it with its own message (one validation, the API's).
 */
export function toListSearchParams(filters: VoidFilters, limit: number): URLSearchParams {
  const search = new URLSearchParams({ limit: String(limit) });
  if (filters.status) search.set("status", filters.status);
  if (filters.from) search.set("fromDate", String(dayBoundaryMs(filters.from, "start") ?? filters.from));
  if (filters.to) search.set("toDate", String(dayBoundaryMs(filters.to, "end") ?? filters.to));
  if (filters.reason) search.set("motivo", filters.reason);
  if (filters.cursor) search.set("nextToken", filters.cursor);
  return search;
}

/** The history URL's query for these filters (without the cursor unless given). */
export function toPageQuery(filters: VoidFilters, cursor?: string, back: readonly string[] = []): string {
  const search = new URLSearchParams({ env: filters.environment });
  if (filters.status) search.set("status", filters.status);
  if (filters.from) search.set("from", filters.from);
  if (filters.to) search.set("to", filters.to);
  if (filters.reason) search.set("motivo", filters.reason);
  if (cursor) search.set("cursor", cursor);
  if (cursor && back.length > 0) search.set("back", back.slice(-MAX_BACK_PAGES).join("."));
  return search.toString();
}

/** The next page's query: this page's cursor joins the way back. */
export function nextPageQuery(filters: VoidFilters, nextToken: string): string {
  const back = filters.cursor ? [...(filters.back ?? []), filters.cursor] : [];
  return toPageQuery(filters, nextToken, back);
}

/** The previous page's query, or null on the first page. */
export function previousPageQuery(filters: VoidFilters): string | null {
  if (!filters.cursor) return null;
  const back = filters.back ?? [];
  return toPageQuery(filters, back.at(-1), back.slice(0, -1));
}
