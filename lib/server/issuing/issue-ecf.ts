import "server-only";

import { v7 as uuidv7 } from "uuid";

import { ecfTypeName } from "@/lib/domain/ecf-types";
import { buyerRncOf, ecfAmountsOf, fechaEmisionOf, needsFullSubmission } from "@/lib/domain/ecf-rules";
import type { Environment } from "@/lib/domain/environments";
import { buildQrUrl } from "@/lib/domain/qr-url";
import { AppError } from "@/lib/errors";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { checkNumberIssuable, insertAbsentDocuments, newDocumentId } from "@/lib/server/ledger";
import { getDb, inTransaction, isUniqueViolation, lockNumberSeries } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";
import { signXml, type SigningCredential } from "@/lib/server/platform/signing";

import { ECF_VALIDATION_MESSAGE, ecfValidationError } from "./ecf-validation-error";
import {
  issuedAnswerOf,
  findIssuedByIdempotencyKey,
  findIssuedByNcf,
  type IssuedAnswer,
} from "./issued-documents";
import { refuseUncertifiedIssuer } from "./issuer-certification";
import { sendClaimMs } from "./follow-up/schedule";
import { PENDING_SEND, sendIssuedWithinBudget } from "./send-issued";
import { sendStoredSummary, signedSummaryOf } from "./send-summary";
import { securityCodeOf } from "./security-code";
import { validateIssue, type ValidIssue } from "./validate-issue";

export interface IssueEcfInput {
  accountId: string;
  rnc: string;
  environment: Environment;
  /** The request's JSON body: `{ "ECF": { … } }`. */
  body: unknown;
  idempotencyKey?: string;
  /** `?validate=true`: every check, nothing signed, stored, sent or consumed. */
  validateOnly?: boolean;
  /** `Prefer: respond-async`: answer once stored; DGII's reception goes on in the background. */
  respondAsync?: boolean;
  now?: number;
}

export type IssueEcfResult =
  | { kind: "valid"; message: string }
  | { kind: "issued"; answer: IssuedAnswer; replayed: boolean; sentInBackground: boolean };

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Issuing an e-CF as MSeller's clients do (POST …/documentos-ecf), in the order a sale must never be
 * lost nor issued twice: validate everything (400 ECF_VALIDATION_FAILED, nothing signed or used);
 * the same Idempotency-Key or the same body for the same e-NCF answers what was stored; eCF only for
 * a certified issuer; the company's certificate; sign; then under the series lock (the one every
 * void takes) the ledger's check and the signed document stored, in one transaction, before anything
 * leaves — from then on the number is used and a crash loses nothing. Last, DGII's reception, waited
 * for up to a budget; a document signed and stored is always answered 200, never an error.
 */
export async function issueEcf(input: IssueEcfInput): Promise<IssueEcfResult> {
  const now = input.now ?? Date.now();
  if (input.idempotencyKey !== undefined) checkIdempotencyKey(input.idempotencyKey);
  const validation = await timedStep("validate", async () => validateIssue(input.body, input.rnc, now));
  if (!validation.ok) throw ecfValidationError(validation.errors);
  const { issue } = validation;
  if (input.idempotencyKey !== undefined) {
    const stored = await findIssuedByIdempotencyKey(input.accountId, input.environment, input.idempotencyKey);
    if (stored && stored.requestHash !== issue.requestHash) {
      throw new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        `El Idempotency-Key ya se usó para otro e-CF (${stored.ncf}); use una clave nueva para otro documento.`,
        { extra: { ecf: stored.ncf } },
      );
    }
    if (stored) return replayed(stored);
  }
  await refuseUncertifiedIssuer(input.accountId, input.environment);
  // Checked before signing as well, so a used number costs no signature; the check that holds is
  // the one under the lock below.
  const db = await getDb();
  const held = await checkNumberIssuable(
    db,
    input.accountId,
    input.environment,
    issue.encf,
    issue.requestHash,
    todayOf(now),
  );
  if (held) {
    const stored = await findIssuedByNcf(input.accountId, input.environment, issue.encf.value);
    if (input.validateOnly) {
      return {
        kind: "valid",
        message: `${ECF_VALIDATION_MESSAGE} Este mismo e-CF ya fue emitido; enviarlo de nuevo devuelve lo guardado.`,
      };
    }
    if (stored) return replayed(stored);
  }
  if (input.validateOnly) {
    return { kind: "valid", message: `${ECF_VALIDATION_MESSAGE} No se firmó, guardó ni envió nada.` };
  }
  const credential = await getActiveSigningCredential(input.accountId);
  const signed = await timedStep("sign", async () => signedDocument(issue, input, credential));
  const stored = await timedStep("write_ahead", () => storeUnderLock(input, issue, signed, now));
  if (stored.replayed) return replayed(stored.answer);
  const document = {
    ...stored.answer,
    accountId: input.accountId,
    environment: input.environment,
    rnc: input.rnc,
    signedXml: signed.xml,
  };
  const budgetMs = input.respondAsync ? 0 : undefined;
  // A type 32 under RD$250,000 reaches DGII as its summary (RFCE) alone; the full e-CF is kept.
  const sent = signed.summaryXml
    ? await sendIssuedWithinBudget(
        { ...document, summarySignedXml: signed.summaryXml },
        credential,
        budgetMs,
        sendStoredSummary,
      )
    : await sendIssuedWithinBudget(document, credential, budgetMs);
  return {
    kind: "issued",
    answer: issuedAnswerOf(sent.document),
    replayed: false,
    sentInBackground: sent.inBackground,
  };
}

function replayed(stored: Parameters<typeof issuedAnswerOf>[0]): IssueEcfResult {
  return { kind: "issued", answer: issuedAnswerOf(stored), replayed: true, sentInBackground: false };
}

interface SignedDocument {
  xml: string;
  securityCode: string;
  qrUrl: string;
  /** The signed RFCE of a type 32 under RD$250,000 (what DGII receives instead of the e-CF). */
  summaryXml: string | null;
}

function signedDocument(
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
    // DGII's QR omits the buyer for minor expenses and payments abroad (no buyer RNC there).
    rncComprador: issue.tipo === "43" || issue.tipo === "47" ? null : (buyerRncOf(issue.ecf) ?? null),
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
async function storeUnderLock(
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
        todayOf(now),
      );
      if (held) {
        const stored = await findIssuedByNcf(accountId, environment, issue.encf.value, tx);
        if (stored) return { replayed: true, answer: stored };
      }
      await insertAbsentDocuments(tx, [document]);
      await writeEvent(tx, {
        type: "document.status_changed",
        accountId,
        environment,
        subjectId: document.id,
        now,
        payload: {
          documentId: document.id,
          ncf: document.ncf,
          customerId: rnc,
          environment,
          previousStatus: null,
          status: PENDING_SEND,
          via: "issue",
        },
      });
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

function checkIdempotencyKey(key: string): void {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(
      "INVALID_PARAMETER",
      "Idempotency-Key debe tener de 1 a 255 caracteres visibles ASCII.",
      {
        extra: { parameter: "Idempotency-Key" },
      },
    );
  }
}

/** yyyy-MM-dd in Santo Domingo (UTC−4 all year): authorizations expire by its dates. */
function todayOf(now: number): string {
  return new Date(now - 4 * 3_600_000).toISOString().slice(0, 10);
}
