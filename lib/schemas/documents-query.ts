import { SECURITY_CODE_PATTERN } from "@/lib/domain/ecf-types";
import { readEncf } from "@/lib/domain/encf";
import { AppError } from "@/lib/errors";

/**
 * GET /{environment}/documentos-ecf?ecf=<e-NCF> (spec endpoint 3), and the two record shapes the
 * document endpoints answer with (spec "Document record").
 */

const PROBLEM_TEXT = {
  INVALID_ENCF_LENGTH: "debe tener 13 posiciones",
  INVALID_ENCF_FORMAT: "debe ser una letra de serie E a Z (excepto P) seguida de 12 dígitos",
  INVALID_TIPO_ECF: "tiene un tipo de e-CF que no existe",
  INVALID_SEQUENCE: "tiene secuencia cero",
} as const;

/** The `ecf` query parameter: 400 MISSING_ECF when absent or empty, 400 INVALID_ECF when malformed. */
export function parseDocumentQuery(searchParams: URLSearchParams): string {
  const values = searchParams.getAll("ecf");
  const ecf = values[0] ?? "";
  if (ecf === "")
    throw new AppError("MISSING_ECF", "Indique el e-NCF en el parámetro ecf (?ecf=E310000000001).");
  if (values.length > 1) {
    throw new AppError("INVALID_ECF", "Envíe un solo parámetro ecf; para varios use POST …/status/batch.");
  }
  const parsed = readEncf(ecf);
  if (typeof parsed === "string") {
    throw new AppError("INVALID_ECF", `El e-NCF "${ecf.slice(0, 40)}" ${PROBLEM_TEXT[parsed]}.`, {
      errors: [{ field: "ecf", code: parsed, message: PROBLEM_TEXT[parsed] }],
    });
  }
  return ecf;
}

/**
 * The extension parameter `codigoSeguridad` (optional): the e-CF's 6-character security code, which
 * DGII needs to find a consumer-invoice summary (type 32 under RD$250,000). 400 INVALID_PARAMETER
 * when repeated or not 6 characters.
 */
export function parseSecurityCodeParameter(searchParams: URLSearchParams): string | undefined {
  const values = searchParams.getAll("codigoSeguridad");
  if (values.length === 0) return undefined;
  if (values.length > 1 || !SECURITY_CODE_PATTERN.test(values[0]!)) {
    throw new AppError(
      "INVALID_PARAMETER",
      "codigoSeguridad debe ser un solo valor de 6 caracteres (los 6 primeros del SignatureValue del e-CF).",
      { extra: { parameter: "codigoSeguridad" } },
    );
  }
  return values[0];
}

/** Spec "Single query response fields": every field present, null when the value is not known. */
export interface DocumentRecord {
  fileName: string | null;
  updateAt: number;
  customerReceivedAt: string | null;
  documentType: string | null;
  customerResponse: string | null;
  status: string;
  /** Each a JSON-encoded authority response. */
  taxauthResponse: string[];
  /** MSeller ECF's name for taxauthResponse: the same array. */
  dgiiResponse: string[];
  createdAt: number;
  securityCode: string | null;
  signedXml: string | null;
  ncf: string;
  internalTrackId: string | null;
  customerReceived: string | null;
  qr_url: string | null;
  /** RNC of the account (the issuer). */
  customerId: string;
  source: DocumentSource;
  checkedAt: number | null;
  reviewReason: IssuedReviewReason | null;
  /** Only when true: the status is not final and DGII could not be asked now (the store's answer). */
  stale?: true;
  /** Only for an e-CF signed here that DGII has not received: its age and deadline. */
  deadline?: DocumentDeadlineView;
}

/**
 * Extension field `deadline` of an e-CF signed here that DGII has not received yet ("Pendiente de
 * envío"), as lib/domain/ecf-deadline.ts computes it for the portal too.
 */
export interface DocumentDeadlineView {
  state: "none" | "running" | "approaching" | "missed" | "dgii_unavailable";
  ageMs: number;
  inContingency: boolean;
  basis: "contingency" | "deferred" | null;
  windowHours: number | null;
  deadlineAt: number | null;
  approachingAt: number | null;
  timeLeftMs: number | null;
}

/** Where Anula got a document (extension field `source`). */
export const DOCUMENT_SOURCES = ["imported", "issued", "dgii"] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/**
 * Why an e-CF issued here waits for a person ("Por confirmar", extension field `reviewReason`):
 * NO_VERDICT (DGII gave a trackId and no verdict for a day), NOT_RECEIVED (DGII did not take it
 * after every send round), CANNOT_ASK_DGII (CerteCF: whether DGII has it cannot be asked).
 */
export const ISSUED_REVIEW_REASONS = ["NO_VERDICT", "NOT_RECEIVED", "CANNOT_ASK_DGII"] as const;
export type IssuedReviewReason = (typeof ISSUED_REVIEW_REASONS)[number];

export function isIssuedReviewReason(value: unknown): value is IssuedReviewReason {
  return typeof value === "string" && (ISSUED_REVIEW_REASONS as readonly string[]).includes(value);
}

/** A status answer's text for a document DGII did not answer about (batch `status`). */
export const NO_DGII_ANSWER_STATUS = "Sin respuesta de la DGII";
/** Why DGII did not answer about a document Anula does not hold (extension field `reason`). */
export const LOOKUP_REASONS = [
  "NOT_ASKABLE",
  "TAXAUTH_TIMEOUT",
  "TAXAUTH_UNAVAILABLE",
  "RATE_LIMITED",
] as const;
export type LookupReason = (typeof LOOKUP_REASONS)[number];

/** Spec "Batch result data object fields": absent fields are omitted; summarySignedXml only for type 32. */
export interface DocumentBatchData {
  buyerRnc?: string;
  createdAt: number;
  customerReceived?: string;
  customerReceivedAt?: string;
  customerResponse?: string;
  taxauthResponse: string[];
  /** MSeller ECF's name for taxauthResponse: the same array. */
  dgiiResponse: string[];
  documentType?: string;
  fileName?: string;
  internalTrackId?: string;
  invoiceTotal?: number;
  ncf: string;
  qr_url?: string;
  secretId?: string;
  securityCode?: string;
  signedXml?: string;
  summarySignedXml?: string;
  status: string;
  updateAt: number;
  customerId: string;
  source: DocumentSource;
  checkedAt: number | null;
  reviewReason: IssuedReviewReason | null;
  /** Only when true: the status is not final and DGII could not be asked now (the store's answer). */
  stale?: true;
  /** Only for an e-CF signed here that DGII has not received: its age and deadline. */
  deadline?: DocumentDeadlineView;
}
