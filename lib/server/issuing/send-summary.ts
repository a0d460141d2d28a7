import "server-only";

import type { EcfJson } from "@/lib/domain/ecf-validation";
import { rfceOf } from "@/lib/domain/rfce";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/server/platform/config/logger";
import { signXml, type SigningCredential } from "@/lib/server/platform/signing";
import type { SummaryOutcome } from "@/lib/server/platform/taxauth/classify-summary-answer";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";

import { buildEcfXml } from "./ecf-schema";
import type { IssuedRow } from "./issued-documents";
import { writeIssuedChange } from "./issued-writes";
import { fileNameOf, notReceived, uploadAndRecord, type StoredIssued } from "./send-issued";

/** Where a summary's answers say they came from (taxauthResponse's `fuente`). */
export const SUMMARY_SOURCE = "recepcionfc";

/** A type 32 under RD$250,000 as stored: the full e-CF kept, its signed summary (RFCE) the one sent. */
export interface StoredSummary extends StoredIssued {
  summarySignedXml: string;
}

/**
 * The signed RFCE of a type 32 under RD$250,000: made from the validated e-CF (rfceOf), built by
 * the walk of DGII's RFCE XSD and signed as the e-CF is. Every value of an XSD-valid e-CF 32 fits
 * the RFCE's types (the same enumerations and patterns, the amounts written with two decimals), so
 * the walk refusing one is a fault of this service, not of the client's document: an internal error,
 * raised before anything is stored, so the number stays free.
 */
export function signedSummaryOf(ecf: EcfJson, securityCode: string, credential: SigningCredential): string {
  const built = buildEcfXml("RFCE", rfceOf(ecf, securityCode));
  if (!built.ok) {
    logger.error({ errors: built.errors }, "issued e-CF 32: its RFCE does not fit DGII's schema");
    throw new AppError(
      "INTERNAL_ERROR",
      "No se pudo construir el resumen (RFCE) de la factura de consumo; no se guardó ni envió nada.",
    );
  }
  return signXml(built.xml, credential);
}

/**
 * One upload of the stored summary's bytes to recepcionfc (never signed again) and what DGII said,
 * recorded: the verdict at once — DGII's answer stored as it came, so the ledger reads its
 * secuenciaUtilizada — or Pendiente de envío after the backoff when DGII did not take it (a refusal
 * marked so, letting the next round send without asking consultarfce first).
 */
export function sendStoredSummary(stored: StoredSummary, credential: SigningCredential): Promise<IssuedRow> {
  return uploadAndRecord(
    stored,
    () =>
      getTaxAuthClient().sendSummary({
        environment: stored.environment,
        rnc: stored.rnc,
        credential,
        xml: stored.summarySignedXml,
        fileName: fileNameOf(stored),
      }),
    recordSummaryAnswer,
  );
}

function recordSummaryAnswer(stored: StoredSummary, outcome: SummaryOutcome, now: number) {
  if (outcome.kind === "verdict") {
    return writeIssuedChange(
      stored,
      {
        status: outcome.estado,
        answer: { ...outcome.raw, fuente: SUMMARY_SOURCE },
        followUpAt: null,
        followUpAttempts: 0,
      },
      now,
    );
  }
  return notReceived(stored, SUMMARY_SOURCE, outcome, now);
}
