import "server-only";
import type { Environment } from "@/lib/domain/environments";
import type { VoidContent } from "./types";
import { findErrorAttempts } from "./void-repository";
import {
  groupBySerieTipo,
  parseStoredRanges,
  storedIntervals,
  storedRequestRanges,
  type StoredInterval,
  type StoredRequestRange,
} from "./stored-ranges";

/** An earlier void attempt still in `Error` that shares sequences with the request. */
export interface ErrorOverlap {
  voidId: string;
  /** The request line (1-based position in `ranges`) that overlaps it. */
  line: number;
  createdAt: number;
  fechaHoraAnulacion: string;
}

/** Error records are rare (a failed transit); a bound keeps a pathological account cheap. */
const MAX_ERROR_RECORDS_SCANNED = 500;

/**
 * Earlier attempts of the account and environment still in `Error` whose ranges overlap the
 * request's (same series and type, intersecting numbers), newest first, one entry per record. Such
 * a void may have reached the authority: spec retry rule 2 says to check that record before sending
 * again, so the portal warns (it does not block, unlike an Aceptado overlap). The request's ranges
 * are read from their stored form only when there are Error records to compare.
 */
export async function findErrorOverlaps(
  accountId: string,
  environment: Environment,
  request: Pick<VoidContent, "storedRanges">,
): Promise<ErrorOverlap[]> {
  const records = await findErrorAttempts(accountId, environment, MAX_ERROR_RECORDS_SCANNED);
  if (records.length === 0) return [];
  const requestGroups = groupBySerieTipo(storedRequestRanges(request.storedRanges));
  const overlaps: ErrorOverlap[] = [];
  for (const record of records) {
    const line = firstOverlappingLine(requestGroups, parseStoredIntervals(record.storedRanges));
    if (line !== undefined) {
      overlaps.push({
        voidId: record.voidId,
        line,
        createdAt: record.createdAt,
        fechaHoraAnulacion: record.fechaHoraAnulacion,
      });
    }
  }
  return overlaps;
}

function parseStoredIntervals(text: string): StoredInterval[] {
  try {
    return storedIntervals(parseStoredRanges(text));
  } catch {
    return [];
  }
}

/** The lowest request line overlapping any stored interval: O(m log n) by binary search per interval. */
function firstOverlappingLine(
  groups: Map<string, StoredRequestRange[]>,
  intervals: readonly StoredInterval[],
): number | undefined {
  let best: number | undefined;
  for (const interval of intervals) {
    const group = groups.get(interval.key);
    if (!group) continue;
    // Ranges starting at or before the interval's end; any of them reaching its start overlaps.
    let low = 0;
    let high = group.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (group[mid]!.desde <= interval.hasta) low = mid + 1;
      else high = mid;
    }
    for (let i = low - 1; i >= 0; i--) {
      const range = group[i]!;
      if (range.hasta >= interval.desde && (best === undefined || range.line < best)) best = range.line;
      // Sorted by start and the request has no internal overlaps (validated), so ends grow too.
      if (range.hasta < interval.desde) break;
    }
  }
  return best;
}
