import "server-only";
import type { Environment } from "@/lib/domain/environments";
import type { ValidatedRange } from "@/lib/domain/void-request";
import { getDb } from "@/lib/server/db";

/** An earlier void attempt still in `Error` that shares sequences with the request. */
export interface ErrorOverlap {
  voidId: string;
  /** The request line (1-based position in `ranges`) that overlaps it. */
  line: number;
  createdAt: number;
  fechaHoraAnulacion: string;
}

interface StoredInterval {
  key: string;
  desde: number;
  hasta: number;
}

/** Error records are rare (a failed transit); a bound keeps a pathological account cheap. */
const MAX_ERROR_RECORDS_SCANNED = 500;

/**
 * Earlier attempts of the account and environment still in `Error` whose ranges overlap `ranges`
 * (same series and type, intersecting numbers), newest first, one entry per record. Such a void may
 * have reached the authority: spec retry rule 2 says to check that record before sending again, so
 * the portal warns (it does not block, unlike an Aceptado overlap).
 */
export async function findErrorOverlaps(
  accountId: string,
  environment: Environment,
  ranges: readonly ValidatedRange[],
): Promise<ErrorOverlap[]> {
  if (ranges.length === 0) return [];
  const db = await getDb();
  const records = await db.voidRecord.findMany({
    where: { accountId, environment, status: "Error" },
    select: { id: true, ranges: true, createdAt: true, fechaHoraAnulacion: true },
    orderBy: { createdAt: "desc" },
    take: MAX_ERROR_RECORDS_SCANNED,
  });
  if (records.length === 0) return [];
  const requestGroups = groupRequest(ranges);
  const overlaps: ErrorOverlap[] = [];
  for (const record of records) {
    const line = firstOverlappingLine(requestGroups, parseStoredIntervals(record.ranges));
    if (line !== undefined) {
      overlaps.push({
        voidId: record.id,
        line,
        createdAt: Number(record.createdAt),
        fechaHoraAnulacion: record.fechaHoraAnulacion,
      });
    }
  }
  return overlaps;
}

/** Request ranges by series+type, each group sorted by start (for binary search). */
function groupRequest(ranges: readonly ValidatedRange[]): Map<string, ValidatedRange[]> {
  const groups = new Map<string, ValidatedRange[]>();
  for (const range of ranges) {
    const key = range.serie + range.tipoeCF;
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.desde - b.desde);
  return groups;
}

/**
 * The stored column is JSON text of [tipoeCF, desde, hasta, cantidad] tuples (objects accepted too,
 * like void-repository's reader). Series and numbers come from the e-NCF text itself.
 */
function parseStoredIntervals(text: string): StoredInterval[] {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const intervals: StoredInterval[] = [];
  for (const item of stored as unknown[]) {
    const [desde, hasta] = Array.isArray(item)
      ? [item[1], item[2]]
      : [
          (item as Record<string, unknown>)?.secuenciaDesde,
          (item as Record<string, unknown>)?.secuenciaHasta,
        ];
    if (typeof desde !== "string" || typeof hasta !== "string" || desde.length !== 13) continue;
    intervals.push({ key: desde.slice(0, 3), desde: Number(desde.slice(3)), hasta: Number(hasta.slice(3)) });
  }
  return intervals;
}

/** The lowest request line overlapping any stored interval: O(m log n) by binary search per interval. */
function firstOverlappingLine(
  groups: Map<string, ValidatedRange[]>,
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
