import "server-only";

import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

/** What each error code means, for the documentation's table (the status comes from ERROR_STATUS). */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  MISSING_RANGES: "ranges absent or empty",
  MISSING_SEQUENCE: "secuenciaDesde or secuenciaHasta missing in a line",
  INVALID_ENCF_LENGTH: "an e-NCF does not have 13 positions",
  INVALID_ENCF_FORMAT: "series outside E–Z (P reserved) or invalid digits",
  SERIE_MISMATCH: "the two ends of a range use different series",
  TIPO_MISMATCH: "the ends have different types, or tipoeCF contradicts the e-NCF",
  INVALID_TIPO_ECF: "type not among 31, 32, 33, 34, 41, 43, 44, 45, 46, 47",
  INVALID_SEQUENCE: "the sequential number is zero",
  INVALID_RANGE_ORDER: "the last e-NCF is lower than the first",
  OVERLAPPING_RANGES: "two lines overlap for the same series and type",
  TOO_MANY_TIPOS: "more than 10 e-CF types in one request",
  TOO_MANY_RANGES: "more than 10,000 ranges for one type",
  INVALID_FECHA: "fechaHoraAnulacion is not a real dd-MM-yyyy HH:mm:ss date-time",
  TOTAL_TOO_LARGE: "the header total does not fit 10 digits",
  INVALID_FIELD_TYPE: "a field has the wrong JSON type",
  INVALID_MOTIVO:
    'extension motivo: not an object, codigo missing or not one of DGII\'s 608 reason codes "01"–"10" (a two-digit string), or descripcion not a string or over 250 characters',
  VALIDATION_FAILED:
    "the body does not match the documented schema, or a text holds U+0000, a lone surrogate or a control character other than tab, LF and CR (every problem in errors, each naming its field)",
  ECF_VALIDATION_FAILED:
    "issuing an e-CF: the document breaks DGII's XSD for its type or DGII's rules beyond it (the e-NCF's type, fields a type requires, the amounts: Anula refuses what DGII would only accept conditionally) or RNCEmisor is not the caller's company; every problem is in `details.validationErrors` as `{ code, field, details, name }` with `field` a JSON path. Nothing was signed, stored or sent",
  EMPTY_BODY: "the body is empty",
  INVALID_JSON: "the body is not valid JSON",
  PAYLOAD_TOO_LARGE: "the body is over the endpoint's limit (16 MiB for voids and imports)",
  UNSUPPORTED_MEDIA_TYPE:
    "the body's Content-Type is not JSON (send application/json; parameters and +json types are accepted, no Content-Type is read as JSON)",
  INVALID_PARAMETER:
    "a query parameter, header (e.g. Idempotency-Key) or id in the path is invalid: a parameter sent twice, or a control character (U+0000–U+001F, U+007F) or lone surrogate in a parameter or id",
  INVALID_NEXT_TOKEN: "nextToken is not a cursor this service issued",
  INVALID_LIMIT: "limit is not an integer from 1 to 100",
  INVALID_STATUS: "status is not Aceptado, Rechazado or Error",
  INVALID_DATE: "fromDate/toDate are not epoch milliseconds, or fromDate > toDate",
  INVALID_PERIOD: "from/to (audit pack) missing, not real yyyy-MM-dd days, or from after to",
  PERIOD_TOO_LONG: "the audit pack's period is over 366 days",
  MISSING_ECF: "the ecf query parameter is missing",
  INVALID_ECF: "the ecf query parameter is not a valid e-NCF",
  MISSING_ECFS: "ecfs absent or empty",
  TOO_MANY_ECFS: "more than 100 entries in ecfs",
  UNAUTHORIZED:
    "the Bearer idToken is absent, expired or invalid, or was issued for another environment (customer/authentication)",
  INVALID_CREDENTIALS: "wrong username or password",
  INVALID_REFRESH_TOKEN:
    "the refreshToken is unknown, expired, already used (its whole session is then revoked), revoked, of another environment, or its user is disabled: sign in again",
  OTP_REQUIRED:
    "the user signs in with a second factor: send the current 6-digit code of their authenticator app as otp",
  RNC_REQUIRED:
    "the user belongs to several companies: send rnc (the body's companies lists those the user may act for)",
  SECOND_FACTOR_SETUP_REQUIRED:
    "the organization requires a second factor of this user, who has not set one up: do it in the portal first",
  PASSWORD_CHANGE_REQUIRED:
    "the user's password is temporary (an invitation or a reset): they must choose their own in the portal first",
  ALREADY_EXISTS: "a company with that RNC, or a user with that e-mail, exists already",
  SETUP_CLOSED: "first-run setup: the deployment already has a user, or the setup token is wrong or expired",
  INVALID_API_KEY:
    "X-API-KEY absent, unknown or revoked (403, as MSeller answers: 401 is for the token only)",
  API_KEY_WRONG_ENVIRONMENT:
    "the X-API-KEY is limited to another environment than the path's (keys are valid in one environment or in all)",
  FORBIDDEN:
    "the API key belongs to another company, the caller's roles (or a service account's scopes) do not allow it, or the rnc asked for is not one of the caller's companies",
  NOT_FOUND:
    "no endpoint at this path (any unknown path under /{environment}/ or /auth/); portal: the object does not exist",
  ENVIRONMENT_NOT_FOUND: "the first path segment is not TesteCF, CerteCF or eCF",
  VOID_NOT_FOUND: "no void attempt with that voidId in this environment",
  DOCUMENT_NOT_FOUND: "no document with that e-NCF in this environment",
  METHOD_NOT_ALLOWED: "the path exists, but not with this method (the Allow header lists its methods)",
  IDEMPOTENCY_KEY_REUSED: "the Idempotency-Key was used with another body",
  ALREADY_VOIDED: "a range overlaps an Aceptado void (its voidId is named); nothing was sent",
  VOID_IN_PROGRESS:
    "a send of this void (the first one or a resend) is still waiting for DGII's answer: wait for it, then look again. " +
    "On POST void-ncf: a range overlaps an Error void whose send is still waiting (its voidId and the line are named); nothing was sent",
  VOID_NOT_UNKNOWN:
    "only an Error void (outcome unknown) can be settled or resent: DGII's own answer made this one Aceptado or Rechazado",
  VOID_ALREADY_SETTLED: "the void was already settled (by a person, or by an accepted resend)",
  DGII_QUERY_NOT_OFFERED:
    "portal only: DGII was not asked about the void because DGII offers no consultatrackids in its environment (CerteCF)",
  SEQUENCE_USED:
    "a range holds numbers the ledger holds as used: the company's imported or issued e-CF, or a submission DGII said it received (first 20 listed in `numbers`, each with its `source` — import or dgii — and status in `sources`; `total` counts them): DGII voids only unused numbers; cancel a used one with a credit note (e-CF 34). Nothing was signed, stored or sent",
  SEQUENCE_NOT_AUTHORIZED:
    "issuing an e-CF: authorizations are entered for its series and type and none holds the e-NCF in force (outside them, or the one holding it expired): DGII would reject it. Nothing was signed or sent",
  ISSUER_NOT_CERTIFIED:
    "issuing in eCF (production) before an administrator recorded DGII's certification of the company as an electronic issuer (PUT …/emisor/certificacion); TesteCF and CerteCF issue without it",
  CONTINGENCY_ALREADY_DECLARED:
    "declaring a connectivity contingency while one is declared in the environment (end it first)",
  CONTINGENCY_NOT_DECLARED: "ending a connectivity contingency when none is declared in the environment",
  AUTHORIZATION_OVERLAP:
    "the range overlaps an authorization already entered for the same series and type (`authorizationId`)",
  AUTHORIZATION_NOT_FOUND: "no authorization with that id in this company and environment",
  CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION:
    "portal only: the E34 sub-range reserved for the portal's credit notes is not wholly inside one registered E34 authorization",
  CREDIT_NOTE_RANGE_OVERLAP:
    "portal only: the sub-range overlaps one already reserved for the portal's credit notes",
  CREDIT_NOTE_RANGE_NOT_FOUND: "portal only: no reserved credit-note sub-range with that id",
  CREDIT_NOTE_RANGE_MISSING: "portal only: no E34 sub-range is reserved for the portal's credit notes",
  CREDIT_NOTE_RANGE_EXHAUSTED: "portal only: every number of the reserved E34 sub-ranges is used or voided",
  CREDIT_NOTE_NOT_APPLICABLE: "portal only: the e-CF was not issued here or is not accepted by DGII",
  CREDIT_NOTE_NOTHING_LEFT: "portal only: earlier credit notes already credit the e-CF's whole amount",
  APPROVAL_REQUIRED:
    "the company's approval policy holds this void for a second person: a void request was created (its id in `requestId`, follow it at GET …/void-requests/{requestId}); nothing was signed, stored as a void or sent. Send `Prefer: respond-async` to get 202 with the request instead",
  APPROVERS_REQUIRED:
    "an approval policy cannot be switched on while fewer than two active people of the company may approve (role approver)",
  VOID_REQUEST_NOT_FOUND: "no void request with that id in this company and environment",
  VOID_REQUEST_NOT_PENDING:
    "the void request is no longer Pendiente (approved, rejected, sent or expired: `status` says which)",
  REQUESTER_CANNOT_APPROVE:
    "the requester of a void request never approves or rejects it: another approver must",
  YEAR_END_CLOSE_NOT_FOUND: "no year-end close with that id in the organization, or no such company in it",
  YEAR_END_CLOSE_NOT_READY:
    "the year-end close or the company is not in the state the action needs (a company to confirm or decide, or the campaign already started)",
  INVALID_SETTLEMENT:
    "outcome must be Aceptado or Rechazado and note is required (1–2000 characters); action, if present, must be resend, with only confirmation beside it; the body's parameter names the field",
  INVALID_DOCUMENT_DECISION:
    'decision must be "received" (with trackId and estado: En Proceso, Aceptado, Aceptado Condicional or Rechazado) or "resend" (without them), and note is required (1–2000 characters); the body\'s parameter names the field',
  DOCUMENT_NOT_IN_REVIEW:
    "the issued e-CF does not wait for a person (no reviewReason): the follow-up is still deciding it alone, or a person already decided",
  EVIDENCE_TOO_LARGE: "the evidence file is over 10 MB",
  EVIDENCE_TYPE_NOT_ALLOWED:
    "the evidence file is not a PDF, PNG or JPEG (read from its content, not its name)",
  RESEND_NOT_CONFIRMED:
    'the typed confirmation of a resend is not "REENVIAR" nor the voidId\'s last 6 characters; nothing was sent',
  WEBHOOK_NOT_FOUND: "no webhook endpoint with this id in the company and environment",
  WEBHOOK_DELIVERY_NOT_FOUND: "no delivery with this id to this endpoint",
  WEBHOOK_LIMIT_REACHED: "the company already has 20 webhook endpoints in this environment: delete one first",
  WEBHOOK_DISABLED:
    "the endpoint is disabled (by hand or after 3 days of failures): enable it before a test or a replay",
  INVALID_WEBHOOK_URL:
    "the webhook URL is not https://, carries a user, password or fragment, or names a private, loopback, link-local or reserved address (http:// to loopback only with the DGII simulator)",
  RATE_LIMITED:
    "too many voids per minute for the account, or too many failed sign-ins from the client's address (for that username, or for any); see Retry-After",
  SERVICE_UNAVAILABLE: "the instance is shutting down; retry (see Retry-After)",
  CERTIFICATE_NOT_CONFIGURED: "the account has no active certificate (.p12); upload it in the portal",
  CERTIFICATE_UNAVAILABLE: "the stored certificate could not be loaded",
  CERTIFICATE_WRONG_PASSWORD: "portal: wrong .p12 password",
  CERTIFICATE_CORRUPT: "portal: the file is not a readable .p12",
  CERTIFICATE_NO_PRIVATE_KEY: "portal: the .p12 holds no private key",
  CERTIFICATE_EXPIRED: "portal: the certificate has expired",
  CERTIFICATE_NOT_YET_VALID: "portal: the certificate is not valid yet",
  CERTIFICATE_HOLDER_MISMATCH:
    "portal: the certificate's holder (subject serialNumber) is another RNC than the company's; upload again confirming that holder",
  SIGN_ERROR: "signing the void document failed; nothing was stored or sent",
  TAXAUTH_AUTH_ERROR: "authentication with the tax authority failed; the attempt is stored as Error",
  TAXAUTH_VOID_ERROR:
    "the authority did not confirm the void in time; the attempt is stored as Error — fetch it by voidId, never retry blindly",
  TAXAUTH_STATUS_ERROR: "the authority's status service failed",
  TAXAUTH_UNAVAILABLE:
    "DGII's status service announces Anulación Rangos of this environment in a maintenance window or down (checked only when the server has a DGII status API key); nothing was stored or sent — retry after Retry-After seconds (the window's end, at most 3600)",
  TAXAUTH_TIMEOUT:
    "a document Anula does not hold was looked up at DGII, which did not answer within the request's budget (DOCUMENT_LOOKUP_BUDGET_MS); the lookup goes on and a repeat in a few seconds finds it",
  INTERNAL_ERROR: "unexpected failure; the message carries the request id for support",
  CONFIGURATION_ERROR: "the server is misconfigured",
};

/** A markdown table of every code, status and meaning (the ErrorCode schema's description). */
export function errorCodeTable(): string {
  const rows = (Object.keys(ERROR_STATUS) as ErrorCode[]).map(
    (code) => `| \`${code}\` | ${ERROR_STATUS[code]} | ${ERROR_MEANINGS[code]} |`,
  );
  return ["| code | HTTP | meaning |", "|---|---|---|", ...rows].join("\n");
}

const VOID_VALIDATION: ErrorCode[] = [
  "MISSING_RANGES",
  "MISSING_SEQUENCE",
  "INVALID_ENCF_LENGTH",
  "INVALID_ENCF_FORMAT",
  "SERIE_MISMATCH",
  "TIPO_MISMATCH",
  "INVALID_TIPO_ECF",
  "INVALID_SEQUENCE",
  "INVALID_RANGE_ORDER",
  "OVERLAPPING_RANGES",
  "TOO_MANY_TIPOS",
  "TOO_MANY_RANGES",
  "INVALID_FECHA",
  "TOTAL_TOO_LARGE",
  "INVALID_FIELD_TYPE",
  "INVALID_MOTIVO",
];
/** Every JSON body: read-json-body.ts refuses unsafe text (safe-text.ts) with VALIDATION_FAILED. */
const BODY: ErrorCode[] = [
  "EMPTY_BODY",
  "INVALID_JSON",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "VALIDATION_FAILED",
];
const BEARER: ErrorCode[] = ["UNAUTHORIZED", "ENVIRONMENT_NOT_FOUND"];
const API_KEY: ErrorCode[] = [...BEARER, "INVALID_API_KEY", "API_KEY_WRONG_ENVIRONMENT", "FORBIDDEN"];
/** Every route: the wrapper checks path ids and query parameters first (request-input.ts). */
const ALWAYS: ErrorCode[] = ["INVALID_PARAMETER", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];
/** What a sign-in with credentials may answer besides the body's problems. */
const SIGN_IN: ErrorCode[] = [
  "INVALID_CREDENTIALS",
  "OTP_REQUIRED",
  "RNC_REQUIRED",
  "FORBIDDEN",
  "SECOND_FACTOR_SETUP_REQUIRED",
  "PASSWORD_CHANGE_REQUIRED",
];

/** The error codes each operation can answer (keyed by operationId). */
const OPERATION_ERROR_LISTS: Record<string, ErrorCode[]> = {
  createIdToken: [...BODY, "VALIDATION_FAILED", ...SIGN_IN, "RATE_LIMITED", ...ALWAYS],
  signIn: [...BODY, "VALIDATION_FAILED", ...SIGN_IN, "ENVIRONMENT_NOT_FOUND", "RATE_LIMITED", ...ALWAYS],
  refreshSession: [
    ...BODY,
    "VALIDATION_FAILED",
    "INVALID_REFRESH_TOKEN",
    "SECOND_FACTOR_SETUP_REQUIRED",
    "ENVIRONMENT_NOT_FOUND",
    ...ALWAYS,
  ],
  createVoid: [
    ...VOID_VALIDATION,
    ...BODY,
    "INVALID_PARAMETER",
    ...BEARER,
    "IDEMPOTENCY_KEY_REUSED",
    "ALREADY_VOIDED",
    "SEQUENCE_USED",
    "VOID_IN_PROGRESS",
    "CERTIFICATE_NOT_CONFIGURED",
    "APPROVAL_REQUIRED",
    "RATE_LIMITED",
    "CERTIFICATE_UNAVAILABLE",
    "SIGN_ERROR",
    "TAXAUTH_AUTH_ERROR",
    "TAXAUTH_VOID_ERROR",
    "TAXAUTH_UNAVAILABLE",
    ...ALWAYS,
  ],
  listVoids: [
    "INVALID_LIMIT",
    "INVALID_STATUS",
    "INVALID_DATE",
    "INVALID_NEXT_TOKEN",
    "INVALID_PARAMETER",
    ...BEARER,
    "VOID_NOT_FOUND",
    ...ALWAYS,
  ],
  getVoidXml: [...BEARER, "VOID_NOT_FOUND", ...ALWAYS],
  listVoidRequests: [
    "INVALID_LIMIT",
    "INVALID_STATUS",
    "INVALID_NEXT_TOKEN",
    "INVALID_PARAMETER",
    ...BEARER,
    "FORBIDDEN",
    ...ALWAYS,
  ],
  getVoidRequest: [...BEARER, "FORBIDDEN", "VOID_REQUEST_NOT_FOUND", ...ALWAYS],
  approveVoidRequest: [
    ...BODY,
    ...BEARER,
    "FORBIDDEN",
    "REQUESTER_CANNOT_APPROVE",
    "VOID_REQUEST_NOT_FOUND",
    "VOID_REQUEST_NOT_PENDING",
    "ALREADY_VOIDED",
    "SEQUENCE_USED",
    "VOID_IN_PROGRESS",
    "CERTIFICATE_NOT_CONFIGURED",
    "RATE_LIMITED",
    "CERTIFICATE_UNAVAILABLE",
    "SIGN_ERROR",
    "TAXAUTH_AUTH_ERROR",
    "TAXAUTH_VOID_ERROR",
    "TAXAUTH_UNAVAILABLE",
    ...ALWAYS,
  ],
  rejectVoidRequest: [
    ...BODY,
    "VALIDATION_FAILED",
    ...BEARER,
    "FORBIDDEN",
    "REQUESTER_CANNOT_APPROVE",
    "VOID_REQUEST_NOT_FOUND",
    "VOID_REQUEST_NOT_PENDING",
    ...ALWAYS,
  ],
  getAuditPack: ["INVALID_PERIOD", "PERIOD_TOO_LONG", ...BEARER, "FORBIDDEN", ...ALWAYS],
  listYearEndCloses: [...BEARER, "FORBIDDEN", ...ALWAYS],
  createYearEndClose: [...BODY, "VALIDATION_FAILED", ...BEARER, "FORBIDDEN", ...ALWAYS],
  getYearEndClose: [...BEARER, "FORBIDDEN", "YEAR_END_CLOSE_NOT_FOUND", ...ALWAYS],
  confirmYearEndCloseCompany: [
    ...BODY,
    ...BEARER,
    "FORBIDDEN",
    "YEAR_END_CLOSE_NOT_FOUND",
    "YEAR_END_CLOSE_NOT_READY",
    ...ALWAYS,
  ],
  decideYearEndCloseCompany: [
    ...BODY,
    "VALIDATION_FAILED",
    ...BEARER,
    "FORBIDDEN",
    "REQUESTER_CANNOT_APPROVE",
    "YEAR_END_CLOSE_NOT_FOUND",
    "YEAR_END_CLOSE_NOT_READY",
    ...ALWAYS,
  ],
  startYearEndClose: [
    ...BODY,
    ...BEARER,
    "FORBIDDEN",
    "YEAR_END_CLOSE_NOT_FOUND",
    "YEAR_END_CLOSE_NOT_READY",
    ...ALWAYS,
  ],
  settleVoid: [
    ...BODY,
    "INVALID_SETTLEMENT",
    "RESEND_NOT_CONFIRMED",
    ...BEARER,
    "FORBIDDEN",
    "VOID_NOT_FOUND",
    "VOID_NOT_UNKNOWN",
    "VOID_ALREADY_SETTLED",
    "VOID_IN_PROGRESS",
    "EVIDENCE_TOO_LARGE",
    "EVIDENCE_TYPE_NOT_ALLOWED",
    // A resend signs nothing, but sends with the company's certificate (its DGII token).
    "CERTIFICATE_NOT_CONFIGURED",
    "CERTIFICATE_UNAVAILABLE",
    ...ALWAYS,
  ],
  getDocument: [
    "MISSING_ECF",
    "INVALID_ECF",
    "INVALID_PARAMETER",
    ...API_KEY,
    "DOCUMENT_NOT_FOUND",
    "RATE_LIMITED",
    "TAXAUTH_UNAVAILABLE",
    "TAXAUTH_TIMEOUT",
    ...ALWAYS,
  ],
  issueEcf: [
    ...BODY,
    "ECF_VALIDATION_FAILED",
    ...API_KEY,
    "IDEMPOTENCY_KEY_REUSED",
    "ISSUER_NOT_CERTIFIED",
    "SEQUENCE_USED",
    "ALREADY_VOIDED",
    "VOID_IN_PROGRESS",
    "SEQUENCE_NOT_AUTHORIZED",
    "CERTIFICATE_NOT_CONFIGURED",
    "CERTIFICATE_UNAVAILABLE",
    "SIGN_ERROR",
    ...ALWAYS,
  ],
  getIssuedEcfXml: [...API_KEY, "DOCUMENT_NOT_FOUND", ...ALWAYS],
  getIssuedEcfPdf: [...API_KEY, "DOCUMENT_NOT_FOUND", ...ALWAYS],
  listIssuedInReview: [...API_KEY, ...ALWAYS],
  decideIssuedReview: [
    ...BODY,
    "INVALID_DOCUMENT_DECISION",
    ...API_KEY,
    "DOCUMENT_NOT_FOUND",
    "DOCUMENT_NOT_IN_REVIEW",
    "EVIDENCE_TOO_LARGE",
    "EVIDENCE_TYPE_NOT_ALLOWED",
    ...ALWAYS,
  ],
  getIssuerCertification: [...BEARER, ...ALWAYS],
  getContingency: [...BEARER, ...ALWAYS],
  declareContingency: [...BEARER, "FORBIDDEN", "CONTINGENCY_ALREADY_DECLARED", ...ALWAYS],
  endContingency: [...BEARER, "FORBIDDEN", "CONTINGENCY_NOT_DECLARED", ...ALWAYS],
  setIssuerCertification: [...BEARER, "FORBIDDEN", ...ALWAYS],
  withdrawIssuerCertification: [...BEARER, "FORBIDDEN", ...ALWAYS],
  getDocumentsStatusBatch: [
    ...BODY,
    "MISSING_ECFS",
    "TOO_MANY_ECFS",
    "INVALID_FIELD_TYPE",
    "VALIDATION_FAILED",
    ...API_KEY,
    ...ALWAYS,
  ],
  importDocuments: [...BODY, "VALIDATION_FAILED", ...API_KEY, ...ALWAYS],
  getSequenceInventory: [...BEARER, "FORBIDDEN", ...ALWAYS],
  listSequenceGaps: [
    "INVALID_LIMIT",
    "INVALID_NEXT_TOKEN",
    "INVALID_PARAMETER",
    ...BEARER,
    "FORBIDDEN",
    ...ALWAYS,
  ],
  getSequenceRemedy: ["INVALID_ECF", "INVALID_PARAMETER", ...BEARER, "FORBIDDEN", ...ALWAYS],
  listSequenceAuthorizations: [...BEARER, "FORBIDDEN", ...ALWAYS],
  createSequenceAuthorization: [
    ...BODY,
    "VALIDATION_FAILED",
    ...BEARER,
    "FORBIDDEN",
    "AUTHORIZATION_OVERLAP",
    ...ALWAYS,
  ],
  deleteSequenceAuthorization: [...BEARER, "FORBIDDEN", "AUTHORIZATION_NOT_FOUND", ...ALWAYS],
  listWebhooks: [...BEARER, "FORBIDDEN", ...ALWAYS],
  createWebhook: [
    ...BODY,
    "VALIDATION_FAILED",
    "INVALID_WEBHOOK_URL",
    ...BEARER,
    "FORBIDDEN",
    "WEBHOOK_LIMIT_REACHED",
    ...ALWAYS,
  ],
  getWebhook: [...BEARER, "FORBIDDEN", "WEBHOOK_NOT_FOUND", ...ALWAYS],
  updateWebhook: [
    ...BODY,
    "VALIDATION_FAILED",
    "INVALID_WEBHOOK_URL",
    ...BEARER,
    "FORBIDDEN",
    "WEBHOOK_NOT_FOUND",
    ...ALWAYS,
  ],
  deleteWebhook: [...BEARER, "FORBIDDEN", "WEBHOOK_NOT_FOUND", ...ALWAYS],
  testWebhook: [...BEARER, "FORBIDDEN", "WEBHOOK_NOT_FOUND", "WEBHOOK_DISABLED", ...ALWAYS],
  rotateWebhookSecret: [...BEARER, "FORBIDDEN", "WEBHOOK_NOT_FOUND", ...ALWAYS],
  listWebhookDeliveries: [
    "INVALID_LIMIT",
    "INVALID_STATUS",
    "INVALID_NEXT_TOKEN",
    "INVALID_PARAMETER",
    ...BEARER,
    "FORBIDDEN",
    "WEBHOOK_NOT_FOUND",
    ...ALWAYS,
  ],
  getWebhookDelivery: [...BEARER, "FORBIDDEN", "WEBHOOK_NOT_FOUND", "WEBHOOK_DELIVERY_NOT_FOUND", ...ALWAYS],
  replayWebhookDelivery: [
    ...BEARER,
    "FORBIDDEN",
    "WEBHOOK_NOT_FOUND",
    "WEBHOOK_DELIVERY_NOT_FOUND",
    "WEBHOOK_DISABLED",
    ...ALWAYS,
  ],
  getHealth: [],
  getReadiness: [],
  getMetrics: ["UNAUTHORIZED", "NOT_FOUND"],
  getOpenApi: [],
};

/** The error codes each operation can answer (keyed by operationId), each once. */
export const OPERATION_ERRORS: Record<string, ErrorCode[]> = Object.fromEntries(
  Object.entries(OPERATION_ERROR_LISTS).map(([operationId, codes]) => [operationId, [...new Set(codes)]]),
);
