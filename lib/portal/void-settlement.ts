import "server-only";

import type { SettlementExtension } from "@/lib/domain/void-settlement";
import { countPending, findSettlementExtensions } from "@/lib/server/voids/settlement-repository";
import type { Environment } from "@/lib/domain/environments";
import { countIssuedInReview } from "@/lib/server/issuing";
import { findVoidStatusFacts, type VoidStatusFactsRow } from "@/lib/server/voids/void-status-facts";

/** A void's settling extension for its page (scoped by the company: another's voidId has none). */
export async function loadVoidSettlement(
  accountId: string,
  voidId: string,
): Promise<SettlementExtension | undefined> {
  return (await findSettlementExtensions(accountId, [voidId])).get(voidId);
}

/**
 * The status facts of some of the company's voids (a history page, the search's hits), by voidId, for
 * their status's words (settled by hand or by a resend, flagged for review). Scoped by the company:
 * another's voidId is absent.
 */
export async function statusFactsOf(
  accountId: string,
  voidIds: readonly string[],
): Promise<Map<string, VoidStatusFactsRow>> {
  return findVoidStatusFacts(voidIds.map((voidId) => ({ accountId, voidId })));
}

/**
 * The navigation's badge on "Por confirmar": how many of the company's voids and issued e-CF wait
 * for a person in this environment (the page lists both).
 */
export async function pendingVoidCount(accountId: string, environment: Environment): Promise<number> {
  const [voids, issued] = await Promise.all([
    countPending(accountId, environment),
    countIssuedInReview(accountId, environment),
  ]);
  return voids + issued;
}
