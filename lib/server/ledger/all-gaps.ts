import "server-only";

import type { Environment } from "@/lib/domain/environments";

import { findGaps } from "./gaps";

/** Ranges one "select every gap" gathers at most (ten voids of 10,000 ranges of one type). */
export const ALL_GAPS_MAX = 100_000;

/**
 * Every gap findGaps proposes, following nextToken page after page (the same rules, the same order),
 * up to `max` ranges: `capped` says more were left. The portal's "select every gap" feeds it to
 * splitIntoVoids, which splits past 10,000 ranges of a type. One pass by default (a page of
 * max + 1 gaps: the extra one says the cap cut it): paging by 1,000 re-ran every read of findGaps
 * up to 100 times. `pageSize` pages anyway (tests walk nextToken with it).
 */
export async function collectGaps(query: {
  accountId: string;
  environment: Environment;
  cierreDesde?: string | null;
  max?: number;
  pageSize?: number;
  now?: number;
}): Promise<{ ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>; capped: boolean }> {
  const max = query.max ?? ALL_GAPS_MAX;
  const ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }> = [];
  let nextToken: string | undefined;
  do {
    const page = await findGaps({
      accountId: query.accountId,
      environment: query.environment,
      cierreDesde: query.cierreDesde,
      internalLimit: query.pageSize ?? max + 1,
      nextToken,
      now: query.now,
    });
    for (const gap of page.gaps) {
      if (ranges.length >= max) return { ranges, capped: true };
      ranges.push({ secuenciaDesde: gap.secuenciaDesde, secuenciaHasta: gap.secuenciaHasta });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return { ranges, capped: false };
}
