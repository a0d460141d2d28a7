/**
 * Every error code Anula returns, with its HTTP status. One table, so the REST wrapper, the OpenAPI
 * document and the tests agree. Spec codes first, then the codes of DESIGN.md's decisions.
 */
export const ERROR_STATUS = {
  // Void validation (spec, 400)
  MISSING_RANGES: 400,
  MISSING_SEQUENCE: 400,
  INVALID_ENCF_LENGTH: 400,
  INVALID_ENCF_FORMAT: 400,
  SERIE_MISMATCH: 400,
  TIPO_MISMATCH: 400,
  INVALID_TIPO_ECF: 400,
  INVALID_SEQUENCE: 400,
  INVALID_RANGE_ORDER: 400,
  OVERLAPPING_RANGES: 400,
  TOO_MANY_TIPOS: 400,
  TOO_MANY_RANGES: 400,
  INVALID_FECHA: 400,
  TOTAL_TOO_LARGE: 400,
  INVALID_FIELD_TYPE: 400,
  /** Extension `motivo`: not an object, codigo outside DGII's 608 codes, descripcion not text or too long. */
  INVALID_MOTIVO: 400,
  VALIDATION_FAILED: 400,
  /**
   * Issuing an e-CF (POST …/documentos-ecf, MSeller's code): the document breaks DGII's XSD or its
   * rules; `details.validationErrors` lists every problem with its JSON path. Nothing signed or used.
   */
  ECF_VALIDATION_FAILED: 400,
  // Body / request (spec 400 + decisions)
  EMPTY_BODY: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_PARAMETER: 400,
  INVALID_NEXT_TOKEN: 400,
  INVALID_LIMIT: 400,
  INVALID_STATUS: 400,
  INVALID_DATE: 400,
  /** Audit pack: from/to missing, not real yyyy-MM-dd days, or from after to. */
  INVALID_PERIOD: 400,
  /** Audit pack: more than 366 days in one pack. */
  PERIOD_TOO_LONG: 400,
  MISSING_ECF: 400,
  INVALID_ECF: 400,
  MISSING_ECFS: 400,
  TOO_MANY_ECFS: 400,
  // Auth
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  /** The user has a second factor (TOTP): the sign-in needs its current code (`otp`). */
  OTP_REQUIRED: 401,
  /** The user belongs to several companies: the sign-in must name one (`rnc`); the body lists them. */
  RNC_REQUIRED: 400,
  /** The organization requires a second factor of this user, who has not set one up yet (portal). */
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  /** The password is temporary (invitation, reset): the user must choose their own in the portal first. */
  PASSWORD_CHANGE_REQUIRED: 403,
  // 401 only for the Bearer token and the credentials: a client that signs in again on 401 must not
  // loop on a bad X-API-KEY (MSeller answers those with 403 too).
  INVALID_API_KEY: 403,
  API_KEY_WRONG_ENVIRONMENT: 403,
  FORBIDDEN: 403,
  // Not found / conflicts
  NOT_FOUND: 404,
  ENVIRONMENT_NOT_FOUND: 404,
  VOID_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_KEY_REUSED: 409,
  ALREADY_VOIDED: 409,
  /** A send of this void (the first or a resend) still waits for DGII (a live lease). */
  VOID_IN_PROGRESS: 409,
  /** Settling or resending: DGII's own answer already made the record Aceptado or Rechazado. */
  VOID_NOT_UNKNOWN: 409,
  /** Settling or resending: a person (or an accepted resend) already settled the record. */
  VOID_ALREADY_SETTLED: 409,
  /** Portal, "Consultar a la DGII" on a void: DGII offers no consultatrackids in its environment (CerteCF). */
  DGII_QUERY_NOT_OFFERED: 409,
  /** A void range holds numbers the company's imported documents show as used: a credit note (e-CF 34) cancels those. */
  SEQUENCE_USED: 409,
  /** Issuing an e-CF whose e-NCF lies outside every authorization entered for its series and type. */
  SEQUENCE_NOT_AUTHORIZED: 409,
  /** Issuing in eCF (production) before an administrator recorded DGII's certification of the company. */
  ISSUER_NOT_CERTIFIED: 409,
  /** A connectivity contingency is already declared in the environment. */
  CONTINGENCY_ALREADY_DECLARED: 409,
  /** Ending a contingency when none is declared in the environment. */
  CONTINGENCY_NOT_DECLARED: 409,
  /** A sequence authorization overlaps one already entered for the same series and type. */
  AUTHORIZATION_OVERLAP: 409,
  AUTHORIZATION_NOT_FOUND: 404,
  /** A portal credit-note sub-range that is not wholly inside one registered E34 authorization. */
  CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION: 409,
  /** A portal credit-note sub-range overlapping one already reserved in the company and environment. */
  CREDIT_NOTE_RANGE_OVERLAP: 409,
  CREDIT_NOTE_RANGE_NOT_FOUND: 404,
  /** The portal issues a credit note only from a reserved sub-range: none is reserved. */
  CREDIT_NOTE_RANGE_MISSING: 409,
  /** Every number of the reserved sub-ranges is used or voided. */
  CREDIT_NOTE_RANGE_EXHAUSTED: 409,
  /** The portal prepares a credit note only for an e-CF issued here and accepted by DGII. */
  CREDIT_NOTE_NOT_APPLICABLE: 409,
  /** Earlier credit notes on the e-CF already credit its whole amount. */
  CREDIT_NOTE_NOTHING_LEFT: 409,
  /**
   * The company's approval policy holds this void: a request was created (body `requestId`) and
   * nothing was signed or sent. `Prefer: respond-async` turns it into 202 with the request.
   */
  APPROVAL_REQUIRED: 409,
  /** An approval policy cannot be switched on while fewer than two people of the company can approve. */
  APPROVERS_REQUIRED: 409,
  VOID_REQUEST_NOT_FOUND: 404,
  /** Approving or rejecting a request that is no longer Pendiente (decided, sent or expired). */
  VOID_REQUEST_NOT_PENDING: 409,
  /** The requester of a void request never approves or rejects it. */
  REQUESTER_CANNOT_APPROVE: 403,
  /** Year-end close: no campaign with that id in the organization (or no such company in it). */
  YEAR_END_CLOSE_NOT_FOUND: 404,
  /** Year-end close: the campaign or the company is not in the state the action needs (e.g. undecided companies at start). */
  YEAR_END_CLOSE_NOT_READY: 409,
  /** A settlement's outcome is not Aceptado/Rechazado, or its note is missing or too long. */
  INVALID_SETTLEMENT: 400,
  /** A decision on an issued e-CF "Por confirmar": decision, note, trackId or estado missing or wrong. */
  INVALID_DOCUMENT_DECISION: 400,
  /** Deciding on an issued e-CF that does not wait for a person (no reviewReason). */
  DOCUMENT_NOT_IN_REVIEW: 409,
  /** A settlement's evidence file is over 10 MB. */
  EVIDENCE_TOO_LARGE: 413,
  /** A settlement's evidence file is not a PDF, PNG or JPEG (read from its first bytes). */
  EVIDENCE_TYPE_NOT_ALLOWED: 415,
  /** Portal: the typed confirmation of a resend does not match. */
  RESEND_NOT_CONFIRMED: 400,
  /** Something with this identity exists already (an RNC, an e-mail). */
  ALREADY_EXISTS: 409,
  /** The first-run setup is over (a user exists), or its token is wrong or expired. */
  SETUP_CLOSED: 403,
  /** Webhooks: no endpoint with this id in the company and environment. */
  WEBHOOK_NOT_FOUND: 404,
  /** Webhooks: no delivery with this id to the endpoint. */
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  /** Webhooks: the company already has the most endpoints an environment may hold (20). */
  WEBHOOK_LIMIT_REACHED: 409,
  /** Webhooks: a test or replay to an endpoint that is disabled (enable it first). */
  WEBHOOK_DISABLED: 409,
  /** Webhooks: the URL is not one deliveries may go to (http, a private address, credentials…). */
  INVALID_WEBHOOK_URL: 400,
  RATE_LIMITED: 429,
  /** The instance is draining for a shutdown: retry (another instance will answer). */
  SERVICE_UNAVAILABLE: 503,
  // Certificates
  CERTIFICATE_NOT_CONFIGURED: 412,
  CERTIFICATE_UNAVAILABLE: 500,
  CERTIFICATE_WRONG_PASSWORD: 400,
  CERTIFICATE_CORRUPT: 400,
  CERTIFICATE_NO_PRIVATE_KEY: 400,
  CERTIFICATE_EXPIRED: 400,
  CERTIFICATE_NOT_YET_VALID: 400,
  /** The .p12's holder (subject serialNumber) is not the company's RNC and the upload did not confirm it. */
  CERTIFICATE_HOLDER_MISMATCH: 409,
  // Signing and the tax authority
  SIGN_ERROR: 500,
  TAXAUTH_AUTH_ERROR: 502,
  TAXAUTH_VOID_ERROR: 502,
  TAXAUTH_STATUS_ERROR: 502,
  /** DGII announces Anulación Rangos down or in maintenance: refused before anything is stored or sent. */
  TAXAUTH_UNAVAILABLE: 503,
  /** A document Anula does not hold was looked up at DGII, which did not answer within the request's budget. */
  TAXAUTH_TIMEOUT: 504,
  // Anything unexpected
  INTERNAL_ERROR: 500,
  CONFIGURATION_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
