import "server-only";

import { VOID_QUESTION_CONTENT_TYPE, type VoidDgiiQuestion } from "@/lib/domain/void-dgii-question";
import type { EvidenceView, SettlementExtension } from "@/lib/domain/void-settlement";
import {
  countPending,
  findEvidence,
  findSettlementExtensions,
  listEvidenceOfType,
} from "@/lib/server/voids/settlement-repository";
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

/** A void's stored "Consultar a la DGII" files, oldest first, and the latest one's answers (for its page). */
export interface DgiiQuestions {
  files: EvidenceView[];
  latest: VoidDgiiQuestion | null;
}

/** The void's "Consultar a la DGII" answers kept as evidence (scoped by the company). */
export async function loadDgiiQuestions(accountId: string, voidId: string): Promise<DgiiQuestions> {
  const files = await listEvidenceOfType(accountId, voidId, VOID_QUESTION_CONTENT_TYPE);
  const last = files.at(-1);
  const stored = last ? await findEvidence(accountId, voidId, last.id) : null;
  if (!stored) return { files, latest: null };
  try {
    return { files, latest: JSON.parse(Buffer.from(stored.content).toString("utf8")) as VoidDgiiQuestion };
  } catch {
    return { files, latest: null };
  }
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
