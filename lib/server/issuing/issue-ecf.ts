import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { santoDomingoDate } from "@/lib/domain/fecha";
import { AppError } from "@/lib/errors";
import { activeCertificateRead, signingCredentialOf } from "@/lib/server/certificates";
import { issueHoldsRead, refuseUnissuable } from "@/lib/server/ledger";
import { getDb } from "@/lib/server/platform/db";
import { readTagged } from "@/lib/server/platform/db/tagged-reads";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";

import { ECF_VALIDATION_MESSAGE, ecfValidationError } from "./ecf-validation-error";
import { signedDocument, storeUnderLock } from "./issue-write-ahead";
import {
  issuedAnswerOf,
  findIssuedByIdempotencyKey,
  findIssuedByNcf,
  type IssuedAnswer,
} from "./issued-documents";
import { refuseUncertifiedIssuer } from "./issuer-certification";
import { sendIssuedWithinBudget } from "./send-issued";
import { sendStoredSummary } from "./send-summary";
import { validateIssue } from "./validate-issue";

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
    if (stored && input.validateOnly) return alreadyIssued();
    if (stored) return replayed(stored);
  }
  await refuseUncertifiedIssuer(input.accountId, input.environment);
  // Checked before signing as well, so a used number costs no signature; the check that holds is
  // the one under the lock below. The company's active certificate is read by the same statement
  // (one round trip on every e-CF), and judged only where it was before: after the check and never
  // for ?validate=true.
  const [holds, activeCertificate] = await readTagged(await getDb(), [
    issueHoldsRead(input.accountId, input.environment, issue.encf),
    activeCertificateRead(input.accountId),
  ]);
  const held = refuseUnissuable(holds, issue.encf, issue.requestHash, santoDomingoDate(now));
  if (held) {
    const stored = await findIssuedByNcf(input.accountId, input.environment, issue.encf.value);
    if (input.validateOnly) return alreadyIssued();
    if (stored) return replayed(stored);
  }
  if (input.validateOnly) {
    return { kind: "valid", message: `${ECF_VALIDATION_MESSAGE} No se firmó, guardó ni envió nada.` };
  }
  const credential = await signingCredentialOf(activeCertificate);
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

/** ?validate=true of an e-CF already issued from the same body: valid, and sending it again replays. */
function alreadyIssued(): IssueEcfResult {
  return {
    kind: "valid",
    message: `${ECF_VALIDATION_MESSAGE} Este mismo e-CF ya fue emitido; enviarlo de nuevo devuelve lo guardado.`,
  };
}

function replayed(stored: Parameters<typeof issuedAnswerOf>[0]): IssueEcfResult {
  return { kind: "issued", answer: issuedAnswerOf(stored), replayed: true, sentInBackground: false };
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
