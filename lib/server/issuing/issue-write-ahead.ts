import "server-only";

import { v7 as uuidv7 } from "uuid";

import { ecfTypeName } from "@/lib/domain/ecf-types";
import {
  buyerRncOf,
  ecfAmountsOf,
  fechaEmisionOf,
  ncfModificadoOf,
  needsFullSubmission,
} from "@/lib/domain/ecf-rules";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { buildQrUrl, qrBuyerRnc } from "@/lib/domain/qr-url";
import { AppError } from "@/lib/errors";
import { checkNumberIssuable, insertAbsentDocuments, newDocumentId } from "@/lib/server/ledger";
import { getDb, inTransaction, isUniqueViolation, lockNumberSeries } from "@/lib/server/platform/db";
import { documentStatusChangedEvent } from "@/lib/server/platform/events/document-status-event";
import { signXml, type SigningCredential } from "@/lib/server/platform/signing";

import { sendClaimMs } from "./follow-up/schedule";
import type { IssueEcfInput } from "./issue-ecf";
import { findIssuedByIdempotencyKey, findIssuedByNcf, type issuedAnswerOf } from "./issued-documents";
import { PENDING_SEND } from "./send-issued";
import { signedSummaryOf } from "./send-summary";
import { securityCodeOf } from "./security-code";
import type { ValidIssue } from "./validate-issue";

/**
 * An issued e-CF's signature and its write-ahead: signed with the company's certificate (its security
 * code, QR and, for a consumer invoice under RD$250,000, its signed summary), then stored under the
 * series lock every void takes, before anything leaves.
 */

export interface SignedDocument {
  xml: string;
  securityCode: string;
  qrUrl: string;
  /** The signed RFCE of a type 32 under RD$250,000 (what DGII receives instead of the e-CF). */
  summaryXml: string | null;
}

export function signedDocument(
  issue: ValidIssue,
  input: IssueEcfInput,
  credential: SigningCredential,
): SignedDocument {
  const xml = signXml(issue.xml, credential);
  const securityCode = securityCodeOf(xml);
  const amounts = ecfAmountsOf(issue.ecf);
  const qrUrl = buildQrUrl({
    environment: input.environment,
    rncEmisor: input.rnc,
    encf: issue.encf.value,
    montoTotal: amounts.montoTotal,
    codigoSeguridad: securityCode,
    rncComprador: qrBuyerRnc(issue.tipo, buyerRncOf(issue.ecf)),
    fechaEmision: fechaEmisionOf(issue.ecf) ?? null,
    fechaFirma: issue.signedDate,
  });
  const summaryXml = needsFullSubmission(issue.ecf)
    ? null
    : signedSummaryOf(issue.ecf, securityCode, credential);
  return { xml, securityCode, qrUrl, summaryXml };
}

/**
 * The write-ahead: under the series lock, the ledger's check again on what is committed (a replay
 * of the same body answers what was stored), then the signed document, Pendiente de envío.
 */
export async function storeUnderLock(
  input: IssueEcfInput,
  issue: ValidIssue,
  signed: SignedDocument,
  now: number,
): Promise<{ replayed: boolean; answer: Parameters<typeof issuedAnswerOf>[0] }> {
  const db = await getDb();
  const { accountId, environment, rnc } = input;
  const amounts = ecfAmountsOf(issue.ecf);
  const document = {
    id: newDocumentId(),
    accountId,
    environment,
    customerId: rnc,
    ncf: issue.encf.value,
    status: PENDING_SEND,
    internalTrackId: uuidv7(),
    fileName: `${rnc}${issue.encf.value}.xml`,
    documentType: ecfTypeName(issue.tipo),
    buyerRnc: buyerRncOf(issue.ecf) ?? null,
    invoiceTotal: amounts.montoTotalPesos,
    taxauthResponse: [],
    securityCode: signed.securityCode,
    signedXml: signed.xml,
    summarySignedXml: signed.summaryXml,
    qrUrl: signed.qrUrl,
    createdAt: now,
    updateAt: now,
    issuedAt: now,
    source: "issued" as const,
    requestHash: issue.requestHash,
    idempotencyKey: input.idempotencyKey ?? null,
    signedDate: issue.signedDate,
    ncfModificado: ncfModificadoOf(issue.ecf) ?? null,
    // This request sends it (the whole e-CF, or a consumer invoice's summary) and holds it until
    // DGII answered or the upload timed out; should the instance die meanwhile, the follow-up takes
    // over when the hold ends.
    followUpAt: now + sendClaimMs(),
    followUpClaimedUntil: now + sendClaimMs(),
  };
  try {
    return await inTransaction(db, async (tx) => {
      await lockNumberSeries(tx, accountId, environment, [{ serie: issue.encf.serie, tipoeCF: issue.tipo }]);
      const held = await checkNumberIssuable(
        tx,
        accountId,
        environment,
        issue.encf,
        issue.requestHash,
        santoDomingoDate(now),
      );
      if (held) {
        const stored = await findIssuedByNcf(accountId, environment, issue.encf.value, tx);
        if (stored) return { replayed: true, answer: stored };
      }
      // The row and its event in one statement: the event is written only if the row was.
      const inserted = await insertAbsentDocuments(
        tx,
        [document],
        [
          documentStatusChangedEvent(
            { id: document.id, ncf: document.ncf, accountId, environment },
            { customerId: rnc, previousStatus: null, status: PENDING_SEND, via: "issue", now },
          ),
        ],
      );
      // The check above ran under the lock every writer of this series takes: a row there now would
      // be a writer that skipped it. Refuse rather than answer for a document that was not stored.
      if (!inserted.has(document.ncf)) {
        throw new AppError("SEQUENCE_USED", `El e-NCF ${document.ncf} ya fue usado; no se envió nada.`, {
          extra: { numbers: [document.ncf], total: 1 },
        });
      }
      return { replayed: false, answer: { ...document, trackId: null } };
    });
  } catch (error) {
    // Two requests with one Idempotency-Key at once: the unique index let one through.
    if (input.idempotencyKey !== undefined && isUniqueViolation(error)) {
      const stored = await findIssuedByIdempotencyKey(accountId, environment, input.idempotencyKey);
      if (stored && stored.requestHash === issue.requestHash) return { replayed: true, answer: stored };
    }
    throw error;
  }
}
