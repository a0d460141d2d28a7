import "server-only";

import { decidingReception, FINAL_ESTADOS, VERDICT_CODES } from "@/lib/domain/dgii-submissions";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { writeIssuedChange } from "../issued-writes";
import { IN_PROCESS, PENDING_SEND, sendStored } from "../send-issued";
import type { ClaimedIssued } from "./claim";
import { askSummaryVerdict, sendSummaryAgain } from "./follow-up-summary";
import { roundCredential } from "./round-credentials";
import {
  asAnswer,
  later,
  lastSendRefused,
  messageOf,
  personFoundItMissing,
  REVIEW_REASONS,
} from "./round-outcomes";
import { backoffMs, FIRST_VERDICT_CHECK_MS, MAX_SEND_ROUNDS, NO_VERDICT_AFTER_MS } from "./schedule";

export { REVIEW_REASONS };

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
  // A summary has no trackId (DGII's answer to it is synchronous): a person who saw it at DGII set it
  // En Proceso; its verdict is asked by its security code.
  if (document.status === IN_PROCESS && document.summary) return askSummaryVerdict(document, credential, now);
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
