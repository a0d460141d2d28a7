import "server-only";

import { readEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { planTrackIdQueries, type ProposedRange } from "@/lib/domain/gap-proposal";
import type { NumberAnswer, RangeAnswer } from "@/lib/domain/ledger-views";
import { isAppError } from "@/lib/errors";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { recordDgiiSubmissions } from "@/lib/server/ledger";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

/** How long an answer of DGII is reused (per company, environment and e-NCF). */
export const TRACKIDS_CACHE_MS = 10 * 60_000;
/** Cache entries kept at most (oldest dropped first): 200 numbers a review, many reviews. */
const CACHE_MAX_ENTRIES = 20_000;

export type { NumberAnswer, RangeAnswer };

/**
 * In memory, per process: a cache is only a saving (an answer at most 10 minutes old, or a new call),
 * so instances behind a load balancer each keeping their own is correct, just less thrifty.
 */
interface CacheEntry {
  at: number;
  answer: NumberAnswer;
}
const holder = globalThis as typeof globalThis & { __anulaTrackIdsCache?: Map<string, CacheEntry> };
const cache: Map<string, CacheEntry> = (holder.__anulaTrackIdsCache ??= new Map());

export function clearTrackIdsCacheForTests(): void {
  cache.clear();
}

/**
 * "Was this number ever sent?" for the gap review: DGII's consultatrackids for the edges of each
 * range (≤ 2 per range) and the numbers the user typed, ≤ 200 DGII calls per review, answers cached
 * 10 minutes. A failed or unreadable answer is "unknown", never "never received": a void is irreversible.
 */
export async function checkRangesSent(input: {
  accountId: string;
  rnc: string;
  environment: Environment;
  ranges: readonly ProposedRange[];
  numbers?: readonly string[];
  now?: number;
}): Promise<{ ranges: RangeAnswer[]; numbers: NumberAnswer[]; calls: number }> {
  const now = input.now ?? Date.now();
  const extra = (input.numbers ?? []).map((encf) => encf.trim().toUpperCase()).filter((encf) => encf !== "");
  const plan = planTrackIdQueries(input.ranges, extra);
  const answers = new Map<string, NumberAnswer>();
  let calls = 0;
  let credential: Awaited<ReturnType<typeof getActiveSigningCredential>> | undefined;
  let credentialProblem: string | undefined;
  for (const encf of plan.numbers) {
    if (typeof readEncf(encf) === "string") {
      answers.set(encf, { encf, kind: "unknown", reason: "INVALID_ENCF" });
      continue;
    }
    const key = `${input.accountId}|${input.environment}|${encf}`;
    const cached = cache.get(key);
    if (cached && now - cached.at < TRACKIDS_CACHE_MS) {
      answers.set(encf, cached.answer);
      continue;
    }
    if (!credential && !credentialProblem) {
      try {
        credential = await getActiveSigningCredential(input.accountId);
      } catch (error) {
        if (!isAppError(error)) throw error;
        credentialProblem = error.code;
      }
    }
    if (!credential) {
      answers.set(encf, { encf, kind: "unknown", reason: credentialProblem ?? "CERTIFICATE_NOT_CONFIGURED" });
      continue;
    }
    calls += 1;
    let answer: NumberAnswer;
    try {
      const trackIds = await getTaxAuthClient().queryTrackIds(input.environment, input.rnc, credential, encf);
      answer =
        trackIds.length === 0 ? { encf, kind: "never-received" } : { encf, kind: "received", trackIds };
      // DGII received it: the ledger keeps that (never proposed again, refused before a void).
      if (trackIds.length > 0) {
        await recordDgiiSubmissions({
          accountId: input.accountId,
          rnc: input.rnc,
          environment: input.environment,
          encf,
          submissions: trackIds,
          now,
        });
      }
      cache.delete(key);
      cache.set(key, { at: now, answer });
      if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    } catch (error) {
      if (!isAppError(error)) throw error;
      answer = { encf, kind: "unknown", reason: error.code };
    }
    answers.set(encf, answer);
  }
  const ranges = input.ranges.map((range, index): RangeAnswer => {
    if (index >= plan.askedRanges) return { range, verdict: "not-asked", numbers: [] };
    const numbers = [range.secuenciaDesde, range.secuenciaHasta]
      .filter((encf, position) => position === 0 || encf !== range.secuenciaDesde)
      .map((encf) => answers.get(encf)!);
    const verdict = numbers.some((answer) => answer.kind === "received")
      ? "received"
      : numbers.some((answer) => answer.kind === "unknown")
        ? "unknown"
        : "never-received";
    return { range, verdict, numbers };
  });
  const numbers = extra
    .slice(0, plan.extraAsked)
    .map((encf) => answers.get(encf) ?? { encf, kind: "unknown" as const, reason: "NOT_ASKED" });
  return { ranges, numbers, calls };
}
