import "server-only";

import { VERDICT_CODES } from "@/lib/domain/dgii-submissions";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { SigningCredential } from "@/lib/server/platform/signing";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { writeIssuedChange } from "../issued-writes";
import { sendStoredSummary } from "../send-summary";
import type { ClaimedIssued } from "./claim";
import { asAnswer, later, lastSendRefused, messageOf, REVIEW_REASONS } from "./round-outcomes";
import { MAX_SEND_ROUNDS } from "./schedule";

/**
 * The follow-up of a consumer invoice under RD$250,000, which DGII receives as its summary (RFCE):
 * DGII answers a summary at once and lists it nowhere but consultarfce, by its security code.
 */

export async function sendSummaryAgain(
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
    const found = await adoptSummaryVerdict(document, document.securityCode, credential, now);
    if (found !== "not found") return;
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

/**
 * consultarfce by the summary's security code: a verdict found is written ("adopted"); DGII's
 * lookup failing moves the round to later ("later"); "not found": DGII has no such summary.
 */
async function adoptSummaryVerdict(
  document: ClaimedIssued,
  securityCode: string,
  credential: SigningCredential,
  now: number,
): Promise<"adopted" | "later" | "not found"> {
  let result;
  try {
    result = await getTaxAuthClient().querySummary({
      environment: document.environment,
      rnc: document.rnc,
      credential,
      encf: document.ncf,
      securityCode,
    });
  } catch (error) {
    await later(document, now, messageOf(error));
    return "later";
  }
  if (!VERDICT_CODES.has(result.codigo)) return "not found";
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
  return "adopted";
}

/** A summary said to be at DGII: its verdict by its code; not there yet, asked again later. */
export async function askSummaryVerdict(
  document: ClaimedIssued,
  credential: SigningCredential,
  now: number,
): Promise<void> {
  if (!document.securityCode) {
    await writeIssuedChange(
      document,
      { followUpAt: null, reviewReason: REVIEW_REASONS.CANNOT_ASK_DGII },
      now,
    );
    return;
  }
  const found = await adoptSummaryVerdict(document, document.securityCode, credential, now);
  if (found === "not found") await later(document, now, "consultarfce does not list the summary yet");
}
