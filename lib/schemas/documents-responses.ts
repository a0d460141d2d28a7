import { z } from "zod";

import { DOCUMENT_STATUSES } from "./documents-import";
import type { DocumentBatchData, DocumentRecord } from "./documents-query";
import {
  DOCUMENT_SOURCES,
  ISSUED_REVIEW_REASONS,
  NO_DGII_ANSWER_STATUS,
  LOOKUP_REASONS,
} from "./documents-query";
import { MSELLER_SAME } from "./void-ncf-responses";

/**
 * The answers of the document endpoints (spec endpoints 3 and 4, and the import extension) as zod,
 * for the OpenAPI document and the tests that run the real handlers. The TypeScript interfaces in
 * documents-query.ts stay the handlers' types; the checks at the end keep both in step.
 */

const epochMs = z.number().int().describe("Epoch milliseconds");
const status = z
  .string()
  .describe(
    `Document status: ${DOCUMENT_STATUSES.join(", ")} (or "No encontrado" / "${NO_DGII_ANSWER_STATUS}" in a batch). ` +
      'An e-CF issued here goes "Pendiente de envío" (signed and stored, its number used, not yet received by DGII) → ' +
      '"En Proceso" (DGII gave a trackId) → DGII\'s verdict (Aceptado, Aceptado Condicional, Rechazado). ' +
      "A document Anula looked up at DGII carries DGII's estado verbatim: one of these, or any state DGII " +
      "adds (e.g. an Anulado), which is never mapped to a guess",
  );
const taxauthResponses = z
  .array(z.string())
  .describe(
    "Authority answers, each a JSON-encoded object (submission: trackId, error, mensaje; " +
      "status: trackId, codigo, estado, rnc, encf, secuenciaUtilizada, fechaRecepcion, mensajes). " +
      'For a document of source "dgii" these are DGII\'s query answers, not a submission answer: one ' +
      '{fuente: "consultatrackids", trackId, estado, codigo?, fechaRecepcion?} per reception DGII lists, ' +
      "then consultaresultado's answer about the reception that decides. On an e-CF issued here, a person's " +
      'decision on it while "Por confirmar" adds {fuente: "persona", decision, trackId?, estado?, by, at}',
  );
const durationMs = z.number().int().describe("Milliseconds");
/** Extension `deadline` (lib/domain/ecf-deadline.ts, the rule the portal and the deadline scan apply). */
export const documentDeadlineSchema = z
  .strictObject({
    state: z
      .enum(["none", "running", "approaching", "missed", "dgii_unavailable"])
      .describe(
        "none: no window applies (signed outside a contingency and no deferred-sending window set); running; " +
          "approaching (past the company's share of the window: document.deadline_approaching); missed " +
          "(document.deadline_missed); dgii_unavailable: DGII's reception service is down or in maintenance " +
          'now ("DGII no disponible"), never shown as missed nor approaching while the company cannot send',
      ),
    ageMs: durationMs.describe("Since it was signed"),
    inContingency: z
      .boolean()
      .describe("Signed while a connectivity contingency was declared (72-hour window)"),
    basis: z
      .enum(["contingency", "deferred"])
      .nullable()
      .describe(
        "Where the window comes from: the contingency rule, or the company's deferred-sending window",
      ),
    windowHours: z.number().int().nullable(),
    deadlineAt: epochMs.nullable().describe("When DGII must have received it; null without a window"),
    approachingAt: epochMs.nullable().describe("When it becomes approaching; null without a window"),
    timeLeftMs: z
      .number()
      .int()
      .nullable()
      .describe("deadlineAt minus now (negative once passed); null without a window"),
  })
  .describe(
    'Extension, only for an e-CF signed here that DGII has not received yet (status "Pendiente de envío"): ' +
      "its age and, signed in a declared contingency (72 hours from signing) or under the company's " +
      "deferred-sending window (GET …/emisor/plazos), its deadline",
  );

/** Extensions: where the record came from and when DGII was last asked. */
const extensions = {
  deadline: documentDeadlineSchema.optional(),
  source: z
    .enum(DOCUMENT_SOURCES)
    .describe(
      'Extension. Where Anula got the document: "imported" (POST documentos-ecf/import or a file), ' +
        '"issued" (Anula issued it), "dgii" (looked up at DGII because Anula did not hold it: securityCode, ' +
        "signedXml, qr_url and fileName are then null — only the issuer's system knows them)",
    ),
  checkedAt: epochMs.nullable().describe("Extension. When DGII was last asked about it; null: never"),
  stale: z
    .literal(true)
    .optional()
    .describe(
      "Extension, only when true: the status is not final and DGII could not be asked during this query " +
        "(an announced maintenance window, DGII failing or not answering within DOCUMENT_REFRESH_TIMEOUT_MS, " +
        "no active certificate): the answer is the store's, as of checkedAt",
    ),
  reviewReason: z
    .enum(ISSUED_REVIEW_REASONS)
    .nullable()
    .describe(
      'Extension. An e-CF issued here that waits for a person ("Por confirmar": GET …/documentos-ecf/por-confirmar, ' +
        "decided with POST …/documentos-ecf/{ecf}/resolution): NO_VERDICT (DGII gave a trackId and no verdict for " +
        "a day), NOT_RECEIVED (DGII did not take it after every send round), CANNOT_ASK_DGII (CerteCF: whether " +
        "DGII has it cannot be asked, so nothing was sent again). null: it does not wait for anyone",
    ),
};

/** 200 of GET documentos-ecf (spec "Single query response fields"): every field, null when unknown. */
export const documentRecordSchema = z.strictObject({
  fileName: z.string().nullable(),
  updateAt: epochMs,
  customerReceivedAt: z.string().nullable().describe("dd-MM-yyyy HH:mm:ss"),
  documentType: z.string().nullable(),
  customerResponse: z.string().nullable().describe("The buyer's response XML as JSON text"),
  status,
  taxauthResponse: taxauthResponses,
  dgiiResponse: taxauthResponses.describe(MSELLER_SAME("taxauthResponse")),
  createdAt: epochMs,
  securityCode: z.string().nullable(),
  signedXml: z.string().nullable().describe("Path of the signed XML"),
  ncf: z.string(),
  internalTrackId: z.string().nullable(),
  customerReceived: z.string().nullable(),
  qr_url: z.string().nullable().describe("DGII's QR query URL"),
  customerId: z.string().describe("RNC of the account (the issuer)"),
  ...extensions,
});

/** `data` of a found batch entry (spec "Batch result data object fields"): absent fields omitted. */
export const documentBatchDataSchema = z.strictObject({
  buyerRnc: z.string().optional(),
  createdAt: epochMs,
  customerReceived: z.string().optional(),
  customerReceivedAt: z.string().optional(),
  customerResponse: z.string().optional(),
  taxauthResponse: taxauthResponses,
  dgiiResponse: taxauthResponses.describe(MSELLER_SAME("taxauthResponse")),
  documentType: z.string().optional(),
  fileName: z.string().optional(),
  internalTrackId: z.string().optional(),
  invoiceTotal: z.number().optional(),
  ncf: z.string(),
  qr_url: z.string().optional(),
  secretId: z.string().optional(),
  securityCode: z.string().optional(),
  signedXml: z.string().optional(),
  summarySignedXml: z.string().optional().describe("Only for e-CF type 32"),
  status,
  updateAt: epochMs,
  customerId: z.string(),
  ...extensions,
});

/** 200 of POST documentos-ecf/status/batch: one result per queried entry, in request order. */
export const documentsBatchResponseSchema = z.strictObject({
  total: z.number().int().describe("Count of entries queried"),
  results: z.array(
    z.strictObject({
      ecf: z.string().describe("The entry as sent"),
      status,
      found: z.boolean(),
      data: documentBatchDataSchema.optional().describe("Only when found is true"),
      askedDgii: z
        .boolean()
        .optional()
        .describe(
          "Extension, only when found is false: Anula did not hold it and asked DGII, which lists no submission of it",
        ),
      reason: z
        .enum(LOOKUP_REASONS)
        .optional()
        .describe(
          `Extension, when found is false and DGII gave no answer: NOT_ASKABLE (status "No encontrado": DGII ` +
            "cannot be asked: no active certificate, CerteCF, a type 32 summary without codigoSeguridad); with " +
            `status "${NO_DGII_ANSWER_STATUS}": TAXAUTH_TIMEOUT (no answer within ` +
            "the budget; the lookup goes on and a repeat finds it), TAXAUTH_UNAVAILABLE (maintenance window or a " +
            "failed call), RATE_LIMITED (DGII calls per minute used up)",
        ),
      message: z.string().optional().describe("Extension, with reason: why, in Spanish"),
    }),
  ),
});

/** 200 of POST documentos-ecf/import: counts and one result per entry, in request order. */
export const documentsImportResponseSchema = z.strictObject({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  invalid: z.number().int(),
  results: z.array(
    z.union([
      z.strictObject({
        index: z.number().int().min(0),
        ncf: z.string(),
        result: z.enum(["created", "updated"]),
      }),
      z.strictObject({
        index: z.number().int().min(0),
        ncf: z.string().nullable(),
        result: z.literal("invalid"),
        errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
      }),
    ]),
  ),
  coverageMark: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      "Only when the request had coveredUntil: the import-coverage mark now set (epoch ms), or null when it was not set",
    ),
  coverageMarkIgnored: z
    .string()
    .optional()
    .describe("Only when coverageMark is null: why the requested mark was not set (an invalid entry)"),
});

// Compile-time: the zod shapes and the handlers' interfaces describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const recordMatches: Same<z.infer<typeof documentRecordSchema>, DocumentRecord> = true;
const batchDataMatches: Same<z.infer<typeof documentBatchDataSchema>, DocumentBatchData> = true;
void recordMatches;
void batchDataMatches;
