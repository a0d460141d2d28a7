import "server-only";

import { decidingReception } from "@/lib/domain/dgii-submissions";
import { answerStrings } from "@/lib/server/ledger";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { writeIssuedChange } from "../issued-writes";
import { IN_PROCESS, PENDING_SEND, REFUSED, sendStored } from "../send-issued";
import { sendStoredSummary, SUMMARY_SOURCE } from "../send-summary";
import type { ClaimedIssued } from "./claim";
import { roundCredential } from "./round-credentials";
import { backoffMs, FIRST_VERDICT_CHECK_MS, MAX_SEND_ROUNDS, NO_VERDICT_AFTER_MS } from "./schedule";

/** DGII's verdicts: consultaresultado's codigo 1, 2 and 4. */
const VERDICT_CODES = new Set([1, 2, 4]);
const FINAL_ESTADOS = new Set(["Aceptado", "Rechazado", "Aceptado Condicional"]);

/** Why an issued e-CF waits for a person, as reviewReason holds it. */
export const REVIEW_REASONS = {
  /** DGII gave a trackId and no verdict for a day. */
  NO_VERDICT: "NO_VERDICT",
  /** DGII did not take it after every send round (refused, or unreachable). */
  NOT_RECEIVED: "NOT_RECEIVED",
  /** Whether DGII has it cannot be asked (CerteCF has no consultatrackids), so nothing is resent blindly. */
  CANNOT_ASK_DGII: "CANNOT_ASK_DGII",
} as const;

/**
 * One follow-up round of a claimed issued e-CF, until DGII's verdict:
 * - En Proceso: ask consultaresultado by its trackId; a verdict ends the follow-up (the ledger and a
 *   document.status_changed event follow), otherwise ask again after the backoff; a day without a
 *   verdict goes to a person.
 * - Pendiente de envío: never a blind resend. Unless DGII's last answer was a refusal (nothing
 *   received), ask consultatrackids first: a reception found is adopted (its trackId, its estado);
 *   only "no submission" lets the stored bytes go again. Where that cannot be asked (CerteCF) the
 *   document goes to a person instead.
 * - Pendiente de envío, a type 32 under RD$250,000 (its summary, RFCE, is what DGII receives): unless
 *   DGII refused the last send, ask consultarfce by the security code first (every environment has
 *   it): a summary found is adopted with its verdict; only "not found" lets the stored summary's
 *   bytes go again.
 * Errors talking to DGII only move the round to later; the claim is always released.
 */
export async function followUpDocument(document: ClaimedIssued, now: number): Promise<void> {
  const credential = await roundCredential(document.accountId);
  if (!credential) return later(document, now, "no active certificate");
  if (document.status === IN_PROCESS && document.trackId) {
    return askVerdict(document, document.trackId, credential, now);
  }
  if (document.status === PENDING_SEND && document.summary) {
    return sendSummaryAgain(document, credential, now);
  }
  if (document.status === PENDING_SEND) return sendAgain(document, credential, now);
  // A verdict written meanwhile (a status query's refresh): nothing left to do.
  await writeIssuedChange(document, { followUpAt: null }, now);
}

async function askVerdict(
  document: ClaimedIssued,
  trackId: string,
  credential: SigningCredential,
  now: number,
): Promise<void> {
  let result;
  try {
    result = await getTaxAuthClient().queryStatus(document.environment, document.rnc, credential, trackId);
  } catch (error) {
    return later(document, now, messageOf(error));
  }
  if (VERDICT_CODES.has(result.codigo)) {
    await writeIssuedChange(
      document,
      { status: result.estado, answer: asAnswer(result.raw), followUpAt: null, followUpAttempts: 0 },
      now,
    );
    return;
  }
  if (now - document.issuedAt >= NO_VERDICT_AFTER_MS) {
    await writeIssuedChange(document, { followUpAt: null, reviewReason: REVIEW_REASONS.NO_VERDICT }, now);
    return;
  }
  await writeIssuedChange(
    document,
    {
      followUpAt: now + backoffMs(document.followUpAttempts),
      followUpAttempts: document.followUpAttempts + 1,
    },
    now,
  );
}

async function sendAgain(document: ClaimedIssued, credential: SigningCredential, now: number): Promise<void> {
  if (document.followUpAttempts >= MAX_SEND_ROUNDS) {
    await writeIssuedChange(document, { followUpAt: null, reviewReason: REVIEW_REASONS.NOT_RECEIVED }, now);
    return;
  }
  if (!lastSendRefused(document) && !personFoundItMissing(document)) {
    if (document.environment === "CerteCF") {
      await writeIssuedChange(
        document,
        { followUpAt: null, reviewReason: REVIEW_REASONS.CANNOT_ASK_DGII },
        now,
      );
      return;
    }
    let receptions;
    try {
      receptions = await getTaxAuthClient().queryTrackIds(
        document.environment,
        document.rnc,
        credential,
        document.ncf,
      );
    } catch (error) {
      return later(document, now, messageOf(error));
    }
    if (receptions.length > 0) {
      const reception = decidingReception(receptions);
      const final = FINAL_ESTADOS.has(reception.estado.trim());
      await writeIssuedChange(
        document,
        {
          status: final ? reception.estado.trim() : IN_PROCESS,
          trackId: reception.trackId,
          answer: { fuente: "consultatrackids", ...reception },
          followUpAt: final ? null : now + FIRST_VERDICT_CHECK_MS,
          followUpAttempts: 0,
        },
        now,
      );
      return;
    }
  }
  const db = await getDb();
  const stored = await db.document.findUnique({ where: { id: document.id }, select: { signedXml: true } });
  if (!stored?.signedXml) {
    logger.error({ ecf: document.ncf }, "issued e-CF without its signed XML: left for a person");
    await writeIssuedChange(document, { followUpAt: null, reviewReason: REVIEW_REASONS.NOT_RECEIVED }, now);
    return;
  }
  await sendStored(
    {
      ...document,
      customerId: document.rnc,
      internalTrackId: null,
      securityCode: null,
      qrUrl: null,
      signedDate: null,
      requestHash: null,
      signedXml: stored.signedXml,
    },
    credential,
  );
}

async function sendSummaryAgain(
  document: ClaimedIssued,
  credential: SigningCredential,
  now: number,
): Promise<void> {
  if (document.followUpAttempts >= MAX_SEND_ROUNDS) {
    await writeIssuedChange(document, { followUpAt: null, reviewReason: REVIEW_REASONS.NOT_RECEIVED }, now);
    return;
  }
  if (!lastSendRefused(document)) {
    if (!document.securityCode) {
      // consultarfce finds a summary by its code only: without it, nothing is resent blindly.
      await writeIssuedChange(
        document,
        { followUpAt: null, reviewReason: REVIEW_REASONS.CANNOT_ASK_DGII },
        now,
      );
      return;
    }
    let result;
    try {
      result = await getTaxAuthClient().querySummary(
        document.environment,
        document.rnc,
        credential,
        document.ncf,
        document.securityCode,
      );
    } catch (error) {
      return later(document, now, messageOf(error));
    }
    if (VERDICT_CODES.has(result.codigo)) {
      await writeIssuedChange(
        document,
        {
          status: result.estado,
          answer: { fuente: "consultarfce", ...asAnswer(result.raw) },
          followUpAt: null,
          followUpAttempts: 0,
        },
        now,
      );
      return;
    }
  }
  const db = await getDb();
  const stored = await db.document.findUnique({
    where: { id: document.id },
    select: { signedXml: true, summarySignedXml: true },
  });
  if (!stored?.summarySignedXml) {
    logger.error({ ecf: document.ncf }, "issued e-CF 32 without its signed summary: left for a person");
    await writeIssuedChange(document, { followUpAt: null, reviewReason: REVIEW_REASONS.NOT_RECEIVED }, now);
    return;
  }
  // The same bytes again: a summary signed anew would be another document for DGII.
  await sendStoredSummary(
    {
      ...document,
      customerId: document.rnc,
      internalTrackId: null,
      qrUrl: null,
      signedDate: null,
      requestHash: null,
      signedXml: stored.signedXml ?? "",
      summarySignedXml: stored.summarySignedXml,
    },
    credential,
  );
}

/** DGII's last answer to a send said it did not take the document: nothing of it was received. */
function lastSendRefused(document: ClaimedIssued): boolean {
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
function personFoundItMissing(document: ClaimedIssued): boolean {
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
async function later(document: ClaimedIssued, now: number, reason: string): Promise<void> {
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

function asAnswer(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { raw };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
