import "server-only";

import { answerStrings } from "@/lib/server/ledger";
import { logger } from "@/lib/server/platform/config/logger";

import { writeIssuedChange } from "../issued-writes";
import { REFUSED } from "../send-issued";
import { SUMMARY_SOURCE } from "../send-summary";
import type { ClaimedIssued } from "./claim";
import { backoffMs } from "./schedule";

/** What a follow-up round reads from a document's answers and writes when it cannot act now. */

/** Why an issued e-CF waits for a person, as reviewReason holds it. */
export const REVIEW_REASONS = {
  /** DGII gave a trackId and no verdict for a day. */
  NO_VERDICT: "NO_VERDICT",
  /** DGII did not take it after every send round (refused, or unreachable). */
  NOT_RECEIVED: "NOT_RECEIVED",
  /** Whether DGII has it cannot be asked (CerteCF has no consultatrackids), so nothing is resent blindly. */
  CANNOT_ASK_DGII: "CANNOT_ASK_DGII",
} as const;

/** DGII's last answer to a send said it did not take the document: nothing of it was received. */
export function lastSendRefused(document: ClaimedIssued): boolean {
  const last = answerStrings(document.taxauthResponse).at(-1);
  if (!last) return false;
  try {
    const answer = JSON.parse(last) as { fuente?: unknown; resultado?: unknown };
    return (
      (answer.fuente === "recepcion" || answer.fuente === SUMMARY_SOURCE) && answer.resultado === REFUSED
    );
  } catch {
    return false;
  }
}

/**
 * The last entry is a person's decision that DGII does not have it (they looked in DGII's OFV,
 * POST …/resolution "resend"): the stored bytes go once without asking. Once sent, DGII's answer
 * follows it, so any later round asks again.
 */
export function personFoundItMissing(document: ClaimedIssued): boolean {
  const last = answerStrings(document.taxauthResponse).at(-1);
  if (!last) return false;
  try {
    const answer = JSON.parse(last) as { fuente?: unknown; decision?: unknown };
    return answer.fuente === "persona" && answer.decision === "resend";
  } catch {
    return false;
  }
}

/** The round could not be done now: the same question after the backoff. */
export async function later(document: ClaimedIssued, now: number, reason: string): Promise<void> {
  logger.warn({ ecf: document.ncf, reason }, "issued e-CF follow-up postponed");
  await writeIssuedChange(
    document,
    {
      followUpAt: now + backoffMs(document.followUpAttempts),
      followUpAttempts: document.followUpAttempts + 1,
    },
    now,
  );
}

export function asAnswer(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { raw };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
