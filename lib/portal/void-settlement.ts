import "server-only";

import type { SettlementExtension } from "@/lib/domain/void-settlement";
import { countPending, findSettlementExtensions } from "@/lib/server/voids/settlement-repository";
import type { Environment } from "@/lib/domain/environments";

/** A void's settling extension for its page (scoped by the company: another's voidId has none). */
export async function loadVoidSettlement(
  accountId: string,
  voidId: string,
): Promise<SettlementExtension | undefined> {
  return (await findSettlementExtensions(accountId, [voidId])).get(voidId);
}

/** The voidIds of a history page that a later DGII answer flags for review. */
export async function needsReviewIds(accountId: string, voidIds: string[]): Promise<Set<string>> {
  const extensions = await findSettlementExtensions(accountId, voidIds);
  return new Set([...extensions].filter(([, extension]) => extension.needsReview).map(([voidId]) => voidId));
}

/** The navigation's badge: how many voids of the company wait for a person in this environment. */
export async function pendingVoidCount(accountId: string, environment: Environment): Promise<number> {
  return countPending(accountId, environment);
}
