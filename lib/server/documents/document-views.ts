import "server-only";

import { isConsumerInvoice } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import {
  isIssuedReviewReason,
  type DocumentBatchData,
  type DocumentDeadlineView,
  type DocumentRecord,
  type DocumentSource,
  type IssuedReviewReason,
} from "@/lib/schemas/documents-query";
import type { Document } from "@/prisma/generated/client";

/**
 * A stored document as the status endpoints use it: timestamps and the total as numbers (the
 * batch lookup reads rows as JSON, see findDocumentsByNcf; Prisma rows are converted to the same).
 */
export interface StoredDocument {
  id: string;
  accountId: string;
  environment: Environment;
  customerId: string;
  ncf: string;
  trackId: string | null;
  internalTrackId: string | null;
  fileName: string | null;
  documentType: string | null;
  status: string;
  buyerRnc: string | null;
  invoiceTotal: number | null;
  customerReceived: string | null;
  customerReceivedAt: string | null;
  customerResponse: string | null;
  taxauthResponse: unknown;
  securityCode: string | null;
  secretId: string | null;
  signedXml: string | null;
  summarySignedXml: string | null;
  qrUrl: string | null;
  createdAt: number;
  updateAt: number;
  checkedAt: number | null;
  /** How the document reached Anula: "import", "dgii" (looked up), "issued" (Anula issued it). */
  source: string;
  /** An e-CF issued here that waits for a person ("Por confirmar"): why. */
  reviewReason: string | null;
  /** Not a column: this query needed DGII's answer on it and could not get one (refresh-documents). */
  stale?: boolean;
}

/** The columns of StoredDocument, for the raw lookup (kept next to the type so they agree). */
export const STORED_DOCUMENT_COLUMNS = [
  "id",
  "accountId",
  "environment",
  "customerId",
  "ncf",
  "trackId",
  "internalTrackId",
  "fileName",
  "documentType",
  "status",
  "buyerRnc",
  "invoiceTotal",
  "customerReceived",
  "customerReceivedAt",
  "customerResponse",
  "taxauthResponse",
  "securityCode",
  "secretId",
  "signedXml",
  "summarySignedXml",
  "qrUrl",
  "createdAt",
  "updateAt",
  "checkedAt",
  "source",
  "reviewReason",
] as const satisfies ReadonlyArray<keyof StoredDocument>;

export function fromPrismaDocument(document: Document): StoredDocument {
  return {
    ...document,
    invoiceTotal: document.invoiceTotal === null ? null : document.invoiceTotal.toNumber(),
    createdAt: Number(document.createdAt),
    updateAt: Number(document.updateAt),
    checkedAt: document.checkedAt === null ? null : Number(document.checkedAt),
  };
}

/** The stored taxauthResponse (a JSON array) as the array of strings the spec returns. */
export function taxauthResponsesOf(document: Pick<StoredDocument, "taxauthResponse">): string[] {
  const value = document.taxauthResponse;
  if (!Array.isArray(value)) return [];
  // Anything that is not already a string (written by hand, by an older version) is re-encoded.
  return value.map((entry) => (typeof entry === "string" ? entry : JSON.stringify(entry)));
}

/**
 * A stored document as its deadline needs it (lib/server/contingency's deadlinesOf): an e-CF issued
 * here is stored as it is signed, so its createdAt is its signing.
 */
export function deadlineSubjectOf(document: Pick<StoredDocument, "ncf" | "source" | "status" | "createdAt">) {
  return {
    ncf: document.ncf,
    source: document.source,
    status: document.status,
    signedAt: document.createdAt,
  };
}

/** Extension field `deadline`: the computed deadline's fields, no more (the answers are strict). */
function deadlineViewOf(deadline: DocumentDeadlineView): DocumentDeadlineView {
  const { state, ageMs, inContingency, basis, windowHours, deadlineAt, approachingAt, timeLeftMs } = deadline;
  return { state, ageMs, inContingency, basis, windowHours, deadlineAt, approachingAt, timeLeftMs };
}

/** Spec endpoint 3: every single-query field, null when unknown; `deadline` when one is given. */
export function toDocumentRecord(document: StoredDocument, deadline?: DocumentDeadlineView): DocumentRecord {
  return {
    fileName: document.fileName,
    updateAt: document.updateAt,
    customerReceivedAt: document.customerReceivedAt,
    documentType: document.documentType,
    customerResponse: document.customerResponse,
    status: document.status,
    taxauthResponse: taxauthResponsesOf(document),
    dgiiResponse: taxauthResponsesOf(document),
    createdAt: document.createdAt,
    securityCode: document.securityCode,
    signedXml: signedXmlOf(document),
    ncf: document.ncf,
    internalTrackId: document.internalTrackId,
    customerReceived: document.customerReceived,
    qr_url: document.qrUrl,
    customerId: document.customerId,
    source: sourceOf(document),
    checkedAt: document.checkedAt,
    reviewReason: reviewReasonOf(document),
    ...(document.stale ? { stale: true as const } : {}),
    ...(deadline ? { deadline: deadlineViewOf(deadline) } : {}),
  };
}

/** The stored source as the API names it (extension field `source`). */
export function sourceOf(document: Pick<StoredDocument, "source">): DocumentSource {
  if (document.source === "dgii") return "dgii";
  return document.source === "issued" ? "issued" : "imported";
}

/** The stored reviewReason as the API names it: one of the known reasons, or null. */
function reviewReasonOf(document: Pick<StoredDocument, "reviewReason">): IssuedReviewReason | null {
  return isIssuedReviewReason(document.reviewReason) ? document.reviewReason : null;
}

/**
 * signedXml as the API gives it: for an e-CF issued here, the path that serves the signed document
 * (GET /{environment}/documentos-ecf/{ecf}/xml: tens of kilobytes stay out of every status answer);
 * for an imported one, what the issuer's system sent.
 */
function signedXmlOf(
  document: Pick<StoredDocument, "source" | "signedXml" | "environment" | "ncf">,
): string | null {
  if (document.source === "issued" && document.signedXml !== null) {
    return `/${document.environment}/documentos-ecf/${document.ncf}/xml`;
  }
  return document.signedXml;
}

/** Spec endpoint 4's `data`: unknown fields omitted; summarySignedXml only for type 32; `deadline` when given. */
export function toDocumentBatchData(
  document: StoredDocument,
  deadline?: DocumentDeadlineView,
): DocumentBatchData {
  const data: DocumentBatchData = {
    createdAt: document.createdAt,
    taxauthResponse: taxauthResponsesOf(document),
    dgiiResponse: taxauthResponsesOf(document),
    ncf: document.ncf,
    status: document.status,
    updateAt: document.updateAt,
    customerId: document.customerId,
    source: sourceOf(document),
    checkedAt: document.checkedAt,
    reviewReason: reviewReasonOf(document),
  };
  if (document.stale) data.stale = true;
  if (deadline) data.deadline = deadlineViewOf(deadline);
  if (document.buyerRnc !== null) data.buyerRnc = document.buyerRnc;
  if (document.customerReceived !== null) data.customerReceived = document.customerReceived;
  if (document.customerReceivedAt !== null) data.customerReceivedAt = document.customerReceivedAt;
  if (document.customerResponse !== null) data.customerResponse = document.customerResponse;
  if (document.documentType !== null) data.documentType = document.documentType;
  if (document.fileName !== null) data.fileName = document.fileName;
  if (document.internalTrackId !== null) data.internalTrackId = document.internalTrackId;
  if (document.invoiceTotal !== null) data.invoiceTotal = document.invoiceTotal;
  if (document.qrUrl !== null) data.qr_url = document.qrUrl;
  if (document.secretId !== null) data.secretId = document.secretId;
  if (document.securityCode !== null) data.securityCode = document.securityCode;
  const signedXml = signedXmlOf(document);
  if (signedXml !== null) data.signedXml = signedXml;
  const summarySignedXml = summarySignedXmlOf(document);
  if (summarySignedXml !== null) data.summarySignedXml = summarySignedXml;
  return data;
}

/**
 * summarySignedXml as the API gives it, for a type 32 only: for one issued here (under RD$250,000),
 * the path that serves its signed summary (RFCE), as signedXml is for the e-CF; for an imported one,
 * what the issuer's system sent.
 */
function summarySignedXmlOf(
  document: Pick<StoredDocument, "source" | "summarySignedXml" | "environment" | "ncf">,
): string | null {
  if (document.summarySignedXml === null || !isConsumerInvoice(document.ncf)) return null;
  if (document.source === "issued") {
    return `/${document.environment}/documentos-ecf/${document.ncf}/xml?summary=true`;
  }
  return document.summarySignedXml;
}
