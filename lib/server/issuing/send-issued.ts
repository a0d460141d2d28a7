import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { updateDocument } from "@/lib/server/ledger";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { trackInFlight } from "@/lib/server/platform/ops/in-flight";
import type { SigningCredential } from "@/lib/server/platform/signing";
import type { ReceptionOutcome } from "@/lib/server/platform/taxauth";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import type { IssuedRow } from "./issued-documents";

/** Signed and stored, not (yet) received by DGII: the number is used from this moment. */
export const PENDING_SEND = "Pendiente de envío";
/** DGII gave it a trackId and is validating it (consultaresultado's codigo 3). */
export const IN_PROCESS = "En Proceso";

export interface StoredIssued extends IssuedRow {
  accountId: string;
  environment: Environment;
  rnc: string;
  signedXml: string;
}

/**
 * Sends a stored e-CF to DGII's reception and records what it said, waiting up to `budgetMs` (the
 * configured ECF_SEND_BUDGET_MS by default; 0 for `Prefer: respond-async`). Past the budget the
 * send goes on in the background (tracked, so a shutdown waits for it) and the answer is the
 * stored state, Pendiente de envío. Never throws for DGII's sake: a document signed and stored is
 * answered, whatever DGII did.
 */
export async function sendIssuedWithinBudget(
  stored: StoredIssued,
  credential: SigningCredential,
  budgetMs: number = loadConfig().ecfSendBudgetMs,
): Promise<{ document: IssuedRow; inBackground: boolean }> {
  const sending = trackInFlight(sendAndRecord(stored, credential));
  if (budgetMs <= 0) return { document: stored, inBackground: true };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  try {
    const recorded = await Promise.race([sending, late]);
    return recorded ? { document: recorded, inBackground: false } : { document: stored, inBackground: true };
  } finally {
    clearTimeout(timer);
  }
}

async function sendAndRecord(stored: StoredIssued, credential: SigningCredential): Promise<IssuedRow> {
  const fileName = `${stored.rnc}${stored.ncf}.xml`;
  let outcome: ReceptionOutcome;
  try {
    outcome = await getTaxAuthClient().sendEcf(
      stored.environment,
      stored.rnc,
      credential,
      stored.signedXml,
      fileName,
    );
  } catch (error) {
    outcome = { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  try {
    return await recordReception(stored, outcome);
  } catch (error) {
    // The document stays Pendiente de envío, as stored; DGII's copy is found by its e-NCF later.
    logger.error(
      { err: error, ecf: stored.ncf, rnc: stored.rnc },
      "issued e-CF: DGII's reception could not be recorded",
    );
    return stored;
  }
}

/**
 * What DGII's reception said, on the stored document: a trackId makes it En Proceso (its verdict
 * is read by that trackId), with a document.status_changed event in the same transaction. A refusal
 * or a failure leaves it Pendiente de envío with the answer kept among its DGII answers, so nothing
 * DGII said is lost; whether it was received after all is asked by its e-NCF before any resend.
 */
async function recordReception(stored: StoredIssued, outcome: ReceptionOutcome): Promise<IssuedRow> {
  const db = await getDb();
  const now = Date.now();
  const answer =
    outcome.kind === "received"
      ? { trackId: outcome.trackId, estado: IN_PROCESS, recibido: true }
      : {
          recibido: false,
          error: outcome.reason,
          resultado: outcome.kind === "refused" ? "rechazado" : "sin respuesta",
        };
  const status = outcome.kind === "received" ? IN_PROCESS : PENDING_SEND;
  const trackId = outcome.kind === "received" ? outcome.trackId : stored.trackId;
  await inTransaction(db, async (tx) => {
    const current = await tx.document.findFirst({
      where: { id: stored.id },
      select: { id: true, ncf: true, status: true, trackId: true, taxauthResponse: true },
    });
    if (!current || current.status !== PENDING_SEND) return;
    const answers = Array.isArray(current.taxauthResponse) ? current.taxauthResponse : [];
    await updateDocument(tx, current, {
      status,
      trackId,
      taxauthResponse: [...answers, JSON.stringify(answer)],
      // Not checkedAt: DGII's verdict was not asked yet, and the status refresh asks at once.
      updateAt: BigInt(now),
    });
    if (status !== current.status) {
      await writeEvent(tx, {
        type: "document.status_changed",
        accountId: stored.accountId,
        environment: stored.environment,
        subjectId: stored.id,
        now,
        payload: {
          documentId: stored.id,
          ncf: stored.ncf,
          customerId: stored.rnc,
          environment: stored.environment,
          previousStatus: current.status,
          status,
          via: "issue",
        },
      });
    }
  });
  if (outcome.kind !== "received") {
    logger.warn(
      { ecf: stored.ncf, rnc: stored.rnc, outcome: outcome.kind, reason: outcome.reason },
      "issued e-CF not received by DGII",
    );
  }
  return { ...stored, status, trackId };
}
