import "server-only";

import { isAppError } from "@/lib/errors";
import {
  countVoids,
  LIST_PAGE_MAX_BYTES,
  listVoids,
  parseVoidListQuery,
  withParsedRanges,
} from "@/lib/server/voids/list-voids";
import type { VoidRecordView } from "@/lib/server/voids/types";

import { toListSearchParams, type VoidFilters } from "./void-filters";

/** A record of the history: the same attempt the REST list gives, ranges as objects. */
export type VoidListItem = VoidRecordView;

export type VoidPage =
  | {
      ok: true;
      items: VoidListItem[];
      nextToken?: string;
      /** Every record the filters match, and how many come before this page (for "26–50 de 134"). */
      total: number;
      before: number;
    }
  | { ok: false; message: string; code: string };

/**
 * A history page's byte budget: the REST list's 1 MB bounds what travels to an integrator, but the
 * portal renders on the server and shows three ranges a row, so its pages keep a steady number of
 * rows (25 voids of 10,000 ranges fit); only several 100,000-range voids together shorten one.
 */
export const PORTAL_PAGE_MAX_BYTES = 40 * LIST_PAGE_MAX_BYTES;

/** One page of the history through the REST list's own parsing and use case (never a copy of it). */
export async function loadVoidPage(
  accountId: string,
  filters: VoidFilters,
  limit: number,
): Promise<VoidPage> {
  try {
    const query = parseVoidListQuery(toListSearchParams(filters, limit));
    const [page, counts] = await Promise.all([
      listVoids(accountId, filters.environment, query, withParsedRanges, PORTAL_PAGE_MAX_BYTES),
      countVoids(accountId, filters.environment, query),
    ]);
    return {
      ok: true,
      items: page.items,
      ...(page.nextToken !== undefined ? { nextToken: page.nextToken } : {}),
      total: counts.total,
      before: counts.before,
    };
  } catch (error) {
    if (isAppError(error) && error.status === 400)
      return { ok: false, message: error.message, code: error.code };
    throw error;
  }
}

/** The distinct e-CF types of a record, in ascending order ("31, 34"). */
export function typesOf(item: Pick<VoidListItem, "ranges">): string {
  return [...new Set(item.ranges.map((range) => range.tipoeCF))].sort().join(", ");
}

/** How many ranges a history row shows before "y N rangos más". */
export const RANGES_SHOWN = 3;

/** A row's ranges, abbreviated when many: "E310000000001 – E310000000005, E31… y 7 rangos más". */
export function rangesSummary(item: Pick<VoidListItem, "ranges">, more: (count: number) => string): string {
  const shown = item.ranges
    .slice(0, RANGES_SHOWN)
    .map((range) =>
      range.secuenciaDesde === range.secuenciaHasta
        ? range.secuenciaDesde
        : `${range.secuenciaDesde} – ${range.secuenciaHasta}`,
    )
    .join(", ");
  const rest = item.ranges.length - RANGES_SHOWN;
  return rest > 0 ? `${shown} ${more(rest)}` : shown;
}
