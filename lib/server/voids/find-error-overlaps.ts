import "server-only";
import type { Environment } from "@/lib/domain/environments";
import type { VoidContent } from "./types";
import { findErrorAttempts } from "./void-repository";
import { overlapping, serieTipoKey } from "@/lib/domain/intervals";
import {
  storedRangeGroups,
  storedRequestRanges,
  type StoredRequestRange,
} from "../platform/db/stored-ranges";

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
  const requestGroups = storedRangeGroups(request.storedRanges);
  const overlaps: ErrorOverlap[] = [];
  for (const record of records) {
    const line = firstOverlappingLine(requestGroups, record.storedRanges);
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

/**
 * The lowest request line overlapping any range of a stored attempt: each stored range is looked up
 * in its group of the request by binary search (lib/domain/intervals `overlapping`).
 */
export function firstOverlappingLine(
  requestGroups: Map<string, StoredRequestRange[]>,
  storedRanges: string,
): number | undefined {
  let stored: StoredRequestRange[];
  try {
    stored = storedRequestRanges(storedRanges);
  } catch {
    return undefined;
  }
  let best: number | undefined;
  for (const range of stored) {
    const group = requestGroups.get(serieTipoKey(range.serie, range.tipoeCF));
    if (!group) continue;
    for (const hit of overlapping(group, range)) if (best === undefined || hit.line < best) best = hit.line;
  }
  return best;
}
