import "server-only";

import { isAppError } from "@/lib/errors";
import { listVoids, parseVoidListQuery, withParsedRanges } from "@/lib/server/voids/list-voids";
import type { VoidRecordView } from "@/lib/server/voids/types";

import { toListSearchParams, type VoidFilters } from "./void-filters";

/** A record of the history: the same attempt the REST list gives, ranges as objects. */
export type VoidListItem = VoidRecordView;

export type VoidPage =
  { ok: true; items: VoidListItem[]; nextToken?: string } | { ok: false; message: string; code: string };

/** One page of the history through the REST list's own parsing and use case (never a copy of it). */
export async function loadVoidPage(
  accountId: string,
  filters: VoidFilters,
  limit: number,
): Promise<VoidPage> {
  try {
    const query = parseVoidListQuery(toListSearchParams(filters, limit));
    const page = await listVoids(accountId, filters.environment, query, withParsedRanges);
    return {
      ok: true,
      items: page.items,
      ...(page.nextToken !== undefined ? { nextToken: page.nextToken } : {}),
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
