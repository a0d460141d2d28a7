import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { normalize, overlapping, serieTipoKey, type Interval } from "@/lib/domain/intervals";
import { getDb } from "@/lib/server/platform/db";

import {
  storedRangeGroups,
  storedRequestRanges,
  type StoredRequestRange,
} from "../platform/db/stored-ranges";
import type { VoidContent } from "./types";

/** A request line sharing numbers with earlier accepted voids: which voids, and exactly which numbers. */
export interface AcceptedLineOverlap {
  /** 1-based position in the request's ranges. */
  line: number;
  serie: string;
  tipoeCF: string;
  /** The earlier accepted voids (first found first). */
  voidIds: string[];
  /** The numbers of this line already voided, as disjoint sorted intervals. */
  voided: Interval[];
}

/** Lines reported per check: enough to fix a paste screen by screen, bounded for a 100,000-line request. */
export const MAX_ACCEPTED_LINES = 500;

/**
 * Every request line overlapping an earlier Aceptado void of the company and environment, with the
 * intersection (lib/domain/intervals), so the portal marks each line and can cut the voided part out.
 * Candidates come from the voidedBlock bounding-box index, as in acceptedCandidatesRead.
 */
export async function findAcceptedOverlapsByLine(
  accountId: string,
  environment: Environment,
  request: Pick<VoidContent, "boxes" | "storedRanges">,
): Promise<AcceptedLineOverlap[]> {
  const db = await getDb();
  let requestGroups: Map<string, StoredRequestRange[]> | undefined;
  const byLine = new Map<number, { range: StoredRequestRange; voidIds: string[]; parts: Interval[] }>();
  const seen = new Set<string>();
  for (const box of request.boxes) {
    const candidates = await db.voidedBlock.findMany({
      where: {
        accountId,
        environment,
        serie: box.serie,
        tipoeCF: box.tipoeCF,
        minDesde: { lte: BigInt(box.maxHasta) },
        maxHasta: { gte: BigInt(box.minDesde) },
      },
      select: { voidId: true },
      orderBy: { minDesde: "asc" },
    });
    const key = serieTipoKey(box.serie, box.tipoeCF);
    for (const { voidId } of candidates) {
      if (seen.has(`${key}|${voidId}`)) continue;
      seen.add(`${key}|${voidId}`);
      const row = await db.voidRecord.findFirst({
        where: { id: voidId, accountId, environment, status: "Aceptado" },
        select: { ranges: true },
      });
      if (!row) continue;
      requestGroups ??= storedRangeGroups(request.storedRanges);
      const group = requestGroups.get(key) ?? [];
      for (const voided of storedRequestRanges(row.ranges)) {
        if (serieTipoKey(voided.serie, voided.tipoeCF) !== key) continue;
        for (const hit of overlapping(group, voided)) {
          let entry = byLine.get(hit.line);
          if (!entry) byLine.set(hit.line, (entry = { range: hit, voidIds: [], parts: [] }));
          if (!entry.voidIds.includes(voidId)) entry.voidIds.push(voidId);
          entry.parts.push({
            desde: Math.max(hit.desde, voided.desde),
            hasta: Math.min(hit.hasta, voided.hasta),
          });
        }
      }
    }
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, MAX_ACCEPTED_LINES)
    .map(([line, { range, voidIds, parts }]) => ({
      line,
      serie: range.serie,
      tipoeCF: range.tipoeCF,
      voidIds,
      voided: [...normalize(parts)].map(({ desde, hasta }) => ({ desde, hasta })),
    }));
}
