import "server-only";

import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { expiredTailProven } from "@/lib/domain/gap-safety";
import {
  closingAuthorizations,
  type CloseRange,
  type CompanyProposal,
  type WithheldClose,
} from "@/lib/domain/year-end-close";
import { ALL_GAPS_MAX, findGaps, listStoredAuthorizations, type Gap } from "@/lib/server/ledger";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { checkRangesSent } from "@/lib/server/sequences-review";

/**
 * What the campaign proposes for one company, with what was checked for each range: the ledger's
 * gap finder gives the proven tails of expired authorizations (and its skipped numbers when asked);
 * for an authorization expiring by the year's end but still valid, its "closing" tail (the same
 * finder, from the authorization's first number: the coverage mark and the quiet period hold), whose
 * edges DGII is asked about, since the ledger cannot prove nobody issued there. The same function
 * runs again before every send.
 */
export async function proposeForCompany(input: {
  accountId: string;
  rnc: string;
  environment: Environment;
  year: number;
  includeSkipped: boolean;
  now?: number;
}): Promise<CompanyProposal> {
  const { accountId, environment } = input;
  const now = input.now ?? Date.now();
  const closing = closingAuthorizations(await listStoredAuthorizations(accountId, environment), input.year);
  const closingIds = new Set(closing.map((auth) => auth.id));
  const base = await findGaps({ accountId, environment, internalLimit: ALL_GAPS_MAX + 1, now });
  const withheld: WithheldClose[] = [];
  const ranges: CloseRange[] = [];
  let capped = base.gaps.length > ALL_GAPS_MAX;
  const closingKeys = new Set(closing.map((auth) => `${auth.serie}${auth.tipoeCF}`));
  for (const entry of base.checks.withheld) {
    if (!input.includeSkipped && !closingKeys.has(`${entry.serie}${entry.tipoeCF}`)) continue;
    withheld.push({
      serie: entry.serie,
      tipoeCF: entry.tipoeCF,
      secuenciaDesde: null,
      secuenciaHasta: null,
      reason: entry.reason,
    });
  }
  const expiry = new Map(closing.map((auth) => [auth.id, auth.expiresOn]));
  for (const gap of base.gaps.slice(0, ALL_GAPS_MAX)) {
    if (gap.kind === "vencida" && gap.authorizationId && closingIds.has(gap.authorizationId)) {
      ranges.push(rangeOf(gap, "vencida", expiry.get(gap.authorizationId) ?? null, "not-needed"));
    } else if (gap.kind === "salto" && input.includeSkipped) {
      ranges.push(rangeOf(gap, "salto", null, "not-needed"));
    }
  }
  const cutoff = base.checks.cutoff;
  if (cutoff === null) {
    for (const auth of closing) {
      if (withheld.some((entry) => `${entry.serie}${entry.tipoeCF}` === `${auth.serie}${auth.tipoeCF}`))
        continue;
      withheld.push({
        serie: auth.serie,
        tipoeCF: auth.tipoeCF,
        secuenciaDesde: null,
        secuenciaHasta: null,
        reason: "NO_COVERAGE_MARK",
      });
    }
    return { ranges, withheld, capped };
  }
  // Still valid (or not yet proven expired): the closing tail, each range asked of DGII.
  const today = santoDomingoDate(now);
  const open = closing.filter((auth) => !expiredTailProven(auth.expiresOn, today, cutoff));
  const tails: Gap[] = [];
  for (const auth of open) {
    const page = await findGaps({
      accountId,
      environment,
      cierreDesde: formatEncf(auth.serie, auth.tipoeCF as EcfType, auth.desde),
      internalLimit: ALL_GAPS_MAX + 1,
      now,
    });
    tails.push(...page.gaps.filter((gap) => gap.kind === "cierre" && gap.authorizationId === auth.id));
  }
  if (tails.length > 0) {
    const answers = await checkRangesSent({
      accountId,
      rnc: input.rnc,
      environment,
      ranges: tails.map((gap) => ({
        secuenciaDesde: gap.secuenciaDesde,
        secuenciaHasta: gap.secuenciaHasta,
      })),
      now,
    });
    for (const [index, gap] of tails.entries()) {
      const verdict = answers.ranges[index]?.verdict ?? "not-asked";
      if (verdict === "never-received") {
        ranges.push(rangeOf(gap, "vigente", expiry.get(gap.authorizationId!) ?? null, "never-received"));
      } else {
        withheld.push({
          serie: gap.serie,
          tipoeCF: gap.tipoeCF,
          secuenciaDesde: gap.secuenciaDesde,
          secuenciaHasta: gap.secuenciaHasta,
          reason: verdict === "received" ? "DGII_RECEIVED" : "DGII_UNKNOWN",
        });
      }
    }
  }
  if (ranges.length > ALL_GAPS_MAX) {
    ranges.length = ALL_GAPS_MAX;
    capped = true;
  }
  return { ranges, withheld, capped };
}

function rangeOf(
  gap: Gap,
  kind: CloseRange["kind"],
  expiresOn: string | null,
  dgii: CloseRange["checked"]["dgii"],
): CloseRange {
  return {
    kind,
    serie: gap.serie,
    tipoeCF: gap.tipoeCF,
    secuenciaDesde: gap.secuenciaDesde,
    secuenciaHasta: gap.secuenciaHasta,
    cantidad: gap.cantidad,
    authorizationId: gap.authorizationId,
    expiresOn: expiresOn
      ? `${expiresOn.slice(8, 10)}-${expiresOn.slice(5, 7)}-${expiresOn.slice(0, 4)}`
      : null,
    checked: {
      coverageMark: gap.checked.coverageMark,
      quietPeriodHours: gap.checked.quietPeriodHours,
      higherIssued: gap.checked.higherIssued,
      dgii,
    },
  };
}
