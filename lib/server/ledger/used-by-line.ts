import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { overlapping, serieTipoKey, type Interval } from "@/lib/domain/intervals";

import { usedSetsIn } from "./issued";

/** A request line holding used numbers: exactly which, so the portal marks it and can cut them out. */
export interface UsedLine {
  /** 1-based position in the request's ranges. */
  line: number;
  serie: string;
  tipoeCF: string;
  /** The used numbers of this line, as disjoint sorted intervals. */
  used: Interval[];
}

/** Lines reported per check, as for the already-voided lines: a paste is fixed screen by screen. */
export const MAX_USED_LINES = 500;

/**
 * The request's lines holding numbers the ledger counts as used (the same sets SEQUENCE_USED reads),
 * each with its used parts, in line order, at most MAX_USED_LINES. One read per series+type, then
 * each line looks its parts up in memory (a binary search), so 10,000 lines cost no more reads.
 */
export async function usedNumbersByLine(
  accountId: string,
  environment: Environment,
  lines: ReadonlyArray<{ line: number; serie: string; tipoeCF: string; desde: number; hasta: number }>,
): Promise<UsedLine[]> {
  const sets = new Map(
    (await usedSetsIn(accountId, environment, lines)).map((set) => [
      serieTipoKey(set.serie, set.tipoeCF),
      set.used,
    ]),
  );
  const found: UsedLine[] = [];
  for (const line of [...lines].sort((a, b) => a.line - b.line)) {
    if (found.length >= MAX_USED_LINES) break;
    const used = sets.get(serieTipoKey(line.serie, line.tipoeCF));
    if (!used || used.length === 0) continue;
    const parts = overlapping(used, line).map((part) => ({
      desde: Math.max(part.desde, line.desde),
      hasta: Math.min(part.hasta, line.hasta),
    }));
    if (parts.length > 0)
      found.push({ line: line.line, serie: line.serie, tipoeCF: line.tipoeCF, used: parts });
  }
  return found;
}
