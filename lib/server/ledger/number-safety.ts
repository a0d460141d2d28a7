import "server-only";

import type { ParsedEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { gapCutoff, type NumberSafetyFacts } from "@/lib/domain/gap-safety";
import { getDb } from "@/lib/server/platform/db";
import { loadConfig } from "@/lib/server/platform/config";

import { listStoredAuthorizations } from "./authorizations";
import { getCoverageMark } from "./coverage";
import { highestIssuedBefore, issuedInRanges, issuedSummaries } from "./issued";

/**
 * What the gap finder's safety rules (lib/domain/gap-safety.ts) need to judge one number, read as
 * findGaps reads them for a whole series: the coverage mark, the quiet period, the highest used
 * number issued by the cutoff, where skipped numbers start, the authorization holding the number
 * and, to say which rule stands in the way, the next used number above it.
 */
export async function numberSafetyFacts(
  accountId: string,
  environment: Environment,
  encf: ParsedEncf,
  now: number,
): Promise<NumberSafetyFacts> {
  const quietPeriodHours = loadConfig().ledgerQuietPeriodHours;
  const db = await getDb();
  const [mark, summaries, authorizations, next] = await Promise.all([
    getCoverageMark(accountId, environment),
    issuedSummaries(accountId, environment),
    listStoredAuthorizations(accountId, environment),
    db.document.findFirst({
      where: {
        accountId,
        environment,
        serie: encf.serie,
        tipoeCF: encf.tipo,
        sequenceReusable: false,
        secuencia: { gt: BigInt(encf.secuencia) },
      },
      orderBy: { secuencia: "asc" },
      select: { ncf: true, createdAt: true },
    }),
  ]);
  const cutoff = gapCutoff(mark?.coveredUntil ?? null, now, quietPeriodHours);
  const auths = authorizations.filter((a) => a.serie === encf.serie && a.tipoeCF === encf.tipo);
  const holding = (n: number) => auths.find((a) => a.desde <= n && n <= a.hasta);
  const summary = summaries.find((s) => s.serie === encf.serie && s.tipoeCF === encf.tipo);
  const authorization = holding(encf.secuencia);
  const [proof, inAuthorization] = await Promise.all([
    cutoff !== null && summary
      ? highestIssuedBefore(accountId, environment, encf.serie, encf.tipo, cutoff)
      : null,
    authorization ? issuedInRanges(accountId, environment, [authorization]) : null,
  ]);
  return {
    secuencia: encf.secuencia,
    now,
    today: santoDomingoDate(now),
    quietPeriodHours,
    coveredUntil: mark?.coveredUntil ?? null,
    provenUpTo: proof?.secuencia ?? null,
    skippedFrom: summary ? Math.min(summary.lowest, holding(summary.lowest)?.desde ?? summary.lowest) : null,
    nextAbove: next ? { ncf: next.ncf, issuedAt: Number(next.createdAt) } : null,
    authorization: authorization
      ? { expiresOn: authorization.expiresOn, highestUsed: inAuthorization?.[0]?.highest ?? null }
      : null,
  };
}
