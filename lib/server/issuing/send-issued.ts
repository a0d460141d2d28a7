import "server-only";

import { IN_PROCESS, PENDING_SEND } from "@/lib/domain/dgii-submissions";
import type { Environment } from "@/lib/domain/environments";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { trackInFlight } from "@/lib/server/platform/ops/in-flight";
import type { SigningCredential } from "@/lib/server/platform/signing";
import type { ReceptionOutcome } from "@/lib/server/platform/taxauth";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { backoffMs, FIRST_VERDICT_CHECK_MS } from "./follow-up/schedule";
import type { IssuedRow } from "./issued-documents";
import { writeIssuedChange } from "./issued-writes";

export { IN_PROCESS, PENDING_SEND };

export interface StoredIssued extends IssuedRow {
  accountId: string;
  environment: Environment;
  rnc: string;
  signedXml: string;
  /** Failed sends so far (the backoff grows with them). */
  followUpAttempts?: number;
  /**
   * DGII's answers as stored, when the caller holds the row as written (the request's write-ahead):
   * recording the reception is then one statement while the row still stands so (writeIssuedChange).
   */
  taxauthResponse?: unknown;
}

/** The row as `stored` knows it, when it knows its answers (writeIssuedChange's `known`). */
export function knownRow(stored: StoredIssued) {
  return stored.taxauthResponse === undefined
    ? undefined
    : {
        id: stored.id,
        ncf: stored.ncf,
        status: stored.status,
        trackId: stored.trackId,
        taxauthResponse: stored.taxauthResponse,
      };
}

/**
 * Sends a stored e-CF to DGII's reception and records what it said, waiting up to `budgetMs` (the
 * configured ECF_SEND_BUDGET_MS by default; 0 for `Prefer: respond-async`). Past the budget the
 * send goes on in the background (tracked, so a shutdown waits for it) and the answer is the
 * stored state, Pendiente de envío. Never throws for DGII's sake: a document signed and stored is
 * answered, whatever DGII did. `send` is the upload and its record: the whole e-CF's by default, a
 * consumer invoice's summary (send-summary.ts) under the same budget.
 */
export async function sendIssuedWithinBudget<Stored extends StoredIssued>(
  stored: Stored,
  credential: SigningCredential,
  budgetMs: number = loadConfig().ecfSendBudgetMs,
  send: (stored: Stored, credential: SigningCredential) => Promise<IssuedRow> = sendStored,
): Promise<{ document: IssuedRow; inBackground: boolean }> {
  const sending = trackInFlight(send(stored, credential));
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

/**
 * One upload of the stored bytes (never signed again: the printed security code and QR depend on
 * them) and what DGII said, recorded. The request's first send and the follow-up's resends are this.
 */
export function sendStored(stored: StoredIssued, credential: SigningCredential): Promise<IssuedRow> {
  return uploadAndRecord(
    stored,
    () =>
      getTaxAuthClient().sendEcf({
        environment: stored.environment,
        rnc: stored.rnc,
        credential,
        xml: stored.signedXml,
        fileName: fileNameOf(stored),
      }),
    recordReception,
  );
}

/** The file name DGII expects for an issued document: RNCEmisor + e-NCF + ".xml". */
export function fileNameOf(stored: { rnc: string; ncf: string }): string {
  return `${stored.rnc}${stored.ncf}.xml`;
}

/**
 * An upload (the e-CF, or a consumer invoice's summary) and what DGII said, recorded. A recording
 * that fails leaves the document as stored, Pendiente de envío: its claim runs out and the follow-up
 * asks DGII whether it has it before anything is sent again.
 */
export async function uploadAndRecord<S extends StoredIssued, O>(
  stored: S,
  upload: () => Promise<O>,
  record: (
    stored: S,
    outcome: O | { kind: "failed"; reason: string },
    now: number,
  ) => Promise<{ status: string; trackId: string | null } | null>,
): Promise<IssuedRow> {
  let outcome: O | { kind: "failed"; reason: string };
  try {
    outcome = await upload();
  } catch (error) {
    outcome = { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  try {
    const written = await record(stored, outcome, Date.now());
    return written ? { ...stored, ...written } : stored;
  } catch (error) {
    logger.error(
      { err: error, ecf: stored.ncf, rnc: stored.rnc },
      "issued e-CF: DGII's answer could not be recorded",
    );
    return stored;
  }
}

/**
 * DGII did not take the document (a refusal: nothing received; a failure: no readable answer, it
 * may have been): Pendiente de envío with the answer kept, the next round after the backoff. A
 * refusal is marked so, letting that round send again without asking DGII first.
 */
export function notReceived(
  stored: StoredIssued,
  fuente: string,
  outcome: { kind: "refused" | "failed"; reason: string },
  now: number,
) {
  const attempts = stored.followUpAttempts ?? 0;
  logger.warn(
    { ecf: stored.ncf, rnc: stored.rnc, fuente, outcome: outcome.kind, reason: outcome.reason },
    "issued e-CF not received by DGII",
  );
  return writeIssuedChange(
    stored,
    {
      answer: {
        fuente,
        recibido: false,
        resultado: outcome.kind === "refused" ? REFUSED : "sin respuesta",
        error: outcome.reason,
      },
      followUpAt: now + backoffMs(attempts),
      followUpAttempts: attempts + 1,
    },
    now,
    knownRow(stored),
  );
}

/**
 * DGII's reception, on the stored document: a trackId makes it En Proceso, its verdict asked a
 * second later. A refusal (DGII answered and did not take it) or a failure (no readable answer: it
 * may have been received) leaves it Pendiente de envío with the answer kept, the next round after
 * the backoff; a refusal is marked as such, so that round may send again without asking DGII first.
 */
function recordReception(stored: StoredIssued, outcome: ReceptionOutcome, now: number) {
  if (outcome.kind === "received") {
    return writeIssuedChange(
      stored,
      {
        status: IN_PROCESS,
        trackId: outcome.trackId,
        answer: { fuente: "recepcion", trackId: outcome.trackId, estado: IN_PROCESS },
        followUpAt: now + FIRST_VERDICT_CHECK_MS,
        followUpAttempts: 0,
      },
      now,
      knownRow(stored),
    );
  }
  return notReceived(stored, "recepcion", outcome, now);
}

/** The mark of a reception DGII answered without taking the document (nothing received). */
export const REFUSED = "rechazado";
