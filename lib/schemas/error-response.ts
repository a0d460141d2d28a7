import { z } from "zod";

import { LOOKUP_REASONS } from "./documents-query";

import { VOID_REQUEST_STATUSES } from "@/lib/domain/void-requests";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

/**
 * The one JSON error body of every REST endpoint (AppError.toBody()): `{ message, code }`, every
 * problem in `errors`, and the few extra fields some codes carry. Strict on purpose: a new field in a
 * real error answer fails the documentation tests until it is described here.
 */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES).describe("Machine-readable error code (see the table).");

export const errorDetailSchema = z.strictObject({
  line: z.number().int().min(1).optional().describe("1-based line of the request's ranges"),
  relatedLine: z.number().int().min(1).optional().describe("OVERLAPPING_RANGES: the other line"),
  field: z.string().optional().describe("Field or parameter, e.g. `ecfs[3]`"),
  code: errorCodeSchema,
  message: z.string(),
});

export const errorResponseSchema = z.strictObject({
  message: z.string().describe("Human-readable, in Spanish; names the line and the values"),
  code: errorCodeSchema,
  errors: z.array(errorDetailSchema).optional().describe("Every problem found, so all can be fixed at once"),
  voidId: z
    .string()
    .optional()
    .describe("The attempt concerned (502, ALREADY_VOIDED, IDEMPOTENCY_KEY_REUSED)"),
  status: z
    .enum(["Error", ...VOID_REQUEST_STATUSES])
    .optional()
    .describe(
      "502 of POST void-ncf: the stored status of the attempt (Error); VOID_REQUEST_NOT_PENDING: the request's status",
    ),
  requestId: z
    .string()
    .optional()
    .describe(
      "APPROVAL_REQUIRED: the void request created (GET …/void-requests/{requestId}); the request concerned " +
        "(VOID_REQUEST_*, REQUESTER_CANNOT_APPROVE, IDEMPOTENCY_KEY_REUSED of a request, answers of …/approve, " +
        "VOID_IN_PROGRESS of an e-CF in a pending void request); ECF_VALIDATION_FAILED: the request's x-request-id",
    ),
  totalVoided: z.number().int().optional().describe("502 of POST void-ncf"),
  fileName: z.string().optional().describe("502 of POST void-ncf: the signed XML's name"),
  detail: z.string().optional().describe("502 of POST void-ncf: what went wrong in transit"),
  motivo: z
    .strictObject({ codigo: z.string(), descripcion: z.string().nullable() })
    .nullable()
    .optional()
    .describe(
      "502 of POST void-ncf: the 608 reason the attempt was sent with, or null (as on the void record)",
    ),
  line: z.number().int().optional().describe("ALREADY_VOIDED: the request line that overlaps"),
  parameter: z.string().optional().describe("INVALID_* of a query parameter or header: its name"),
  retryAfter: z
    .number()
    .int()
    .optional()
    .describe("RATE_LIMITED, TAXAUTH_UNAVAILABLE: seconds (also in Retry-After)"),
  ecf: z
    .string()
    .optional()
    .describe(
      "DOCUMENT_NOT_FOUND, TAXAUTH_TIMEOUT, TAXAUTH_UNAVAILABLE of GET documentos-ecf: the e-NCF asked for; " +
        "IDEMPOTENCY_KEY_REUSED of POST documentos-ecf: the e-CF issued under that key",
    ),
  askedDgii: z
    .boolean()
    .optional()
    .describe(
      "DOCUMENT_NOT_FOUND of GET documentos-ecf: Anula does not hold it, asked DGII, and DGII lists no submission of it",
    ),
  reason: z
    .enum(LOOKUP_REASONS)
    .optional()
    .describe(
      "GET documentos-ecf of a document Anula does not hold, when DGII gave no answer: NOT_ASKABLE (with " +
        "DOCUMENT_NOT_FOUND: no active certificate, CerteCF, or a type 32 summary without codigoSeguridad), " +
        "TAXAUTH_TIMEOUT, TAXAUTH_UNAVAILABLE, RATE_LIMITED",
    ),
  notBefore: z.string().optional().describe("CERTIFICATE_NOT_YET_VALID: ISO date"),
  notAfter: z.string().optional().describe("CERTIFICATE_EXPIRED: ISO date"),
  authorizationId: z
    .string()
    .optional()
    .describe("AUTHORIZATION_OVERLAP: the id of the authorization the range overlaps"),
  numbers: z
    .array(z.string())
    .optional()
    .describe(
      "SEQUENCE_USED: the first 20 used e-NCF of the ranges (imported or issued, or received by DGII)",
    ),
  total: z.number().int().optional().describe("SEQUENCE_USED: how many e-NCF of the ranges were issued"),
  totalCapped: z
    .boolean()
    .optional()
    .describe("SEQUENCE_USED: true when total stopped counting at 1,000,000 (there are more)"),
  sources: z
    .array(
      z.strictObject({
        encf: z.string().describe("One of `numbers`"),
        source: z
          .enum(["issued", "import", "dgii"])
          .describe(
            "issued: Anula issued it; import: the company's own documents say it was issued; dgii: a lookup found DGII received it",
          ),
        status: z.string().describe("The status the ledger holds for it (DGII's estado)"),
      }),
    )
    .optional()
    .describe("SEQUENCE_USED: where the ledger learned that each named number is used"),
  remedy: z
    .string()
    .optional()
    .describe("SEQUENCE_USED: what to do instead (a credit note, e-CF 34, per issued e-CF)"),
  details: z
    .strictObject({
      validationErrors: z.array(
        z.strictObject({
          code: z
            .string()
            .describe("What is wrong, e.g. REQUIRED, PATTERN, TIPO_ECF_MISMATCH, AMOUNT_MISMATCH"),
          field: z.string().describe("The JSON path, e.g. ECF.Encabezado.IdDoc.TipoeCF"),
          details: z.string().describe("What is wrong and what is expected, in Spanish"),
          name: z.string().describe("The element's name in DGII's schema"),
        }),
      ),
    })
    .optional()
    .describe("ECF_VALIDATION_FAILED (MSeller's shape): every problem of the e-CF"),
  companies: z
    .array(
      z.strictObject({
        rnc: z.string().describe("The company's RNC: send it as rnc"),
        name: z.string().describe("The company's name"),
      }),
    )
    .optional()
    .describe("RNC_REQUIRED: the companies the user may act for (sign in again naming one in rnc)"),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
