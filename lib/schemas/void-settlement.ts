import { z } from "zod";

import { VOID_STATUSES } from "./void-ncf-list";

/**
 * Settling unknown outcomes (extensions of the void record, and the body of POST
 * …/void-ncf/{voidId}/resolution). Each extension field is present only when it says something, so
 * the spec's record keeps its shape.
 */

export const SETTLEMENT_OUTCOMES = ["Aceptado", "Rechazado"] as const;

export const voidEvidenceSchema = z.strictObject({
  id: z.string().describe("The file's id"),
  fileName: z.string(),
  contentType: z.enum(["application/pdf", "image/png", "image/jpeg"]).describe("Read from the file's bytes"),
  size: z.number().int().describe("Bytes"),
});

export const voidSettlementSchema = z
  .strictObject({
    by: z
      .string()
      .nullable()
      .describe("Who settled it: the person, or the person who asked for the accepted resend"),
    at: z.number().int().describe("Epoch milliseconds"),
    outcome: z.enum(SETTLEMENT_OUTCOMES),
    note: z.string().nullable().describe("What the person saw in DGII's OFV (Consulta de Anulaciones)"),
    evidence: z
      .array(voidEvidenceSchema)
      .describe("Files attached to the settlement (download in the portal)"),
  })
  .describe(
    "Extension, only on a settled record: a person confirmed the outcome in DGII's Oficina Virtual (or a resend " +
      "of the same signed document was accepted). DGII's own fields (taxauthCode/Name/Response) stay as DGII gave " +
      "them: null when DGII never answered.",
  );

export const voidSendAttemptSchema = z.strictObject({
  attemptNumber: z.number().int().min(2).describe("2, 3, … (the first send is the record itself)"),
  kind: z
    .enum(["resend", "late-answer"])
    .describe(
      "resend: the same signed ANECF sent again; late-answer: DGII's answer after a manual settlement",
    ),
  requestedBy: z.string().nullable(),
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable().describe("null while the exchange still waits"),
  outcome: z.enum(VOID_STATUSES).nullable().describe("What this exchange alone said; null while it waits"),
  taxauthCode: z.string().nullable(),
  taxauthName: z.string().nullable(),
  taxauthResponse: z.array(z.string()),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});

/** The record's extension fields of settling (spread into the void record schema). */
export const settlementExtension = {
  settlement: voidSettlementSchema.optional(),
  needsReview: z
    .literal(true)
    .optional()
    .describe(
      "Extension, only when true: DGII answered after a manual settlement and its answer disagrees (see `attempts`). " +
        "Neither was overwritten: a person must review it.",
    ),
  attempts: z
    .array(voidSendAttemptSchema)
    .optional()
    .describe(
      "Extension, only when there are some: resends of the same signed document and late DGII answers. A rejected " +
        "resend never makes the record Rechazado.",
    ),
};

/** POST …/resolution as JSON (no file): a person's confirmed outcome. */
export const voidSettleRequestSchema = z
  .strictObject({
    outcome: z.enum(SETTLEMENT_OUTCOMES).describe("What DGII's OFV shows: every range voided, or none"),
    note: z.string().min(1).max(2000).describe("Required: what the person saw and where"),
  })
  .describe("Registrar resultado: the outcome a person confirmed in DGII's OFV");

/** POST …/resolution as JSON: "Reenviar el mismo documento". */
export const voidResendRequestSchema = z
  .strictObject({
    action: z.literal("resend"),
    confirmation: z
      .string()
      .describe('Typed confirmation: "REENVIAR" or the voidId\'s last 6 characters (any case)'),
  })
  .describe(
    "Reenviar el mismo documento: the stored signed ANECF sent again, byte for byte, as a new attempt of the same voidId",
  );

/** POST …/resolution as JSON: settle, or resend. */
export const voidResolutionRequestSchema = z.union([voidSettleRequestSchema, voidResendRequestSchema]);

/** POST …/resolution as multipart/form-data (with the optional evidence file). */
export const voidResolutionMultipartSchema = z.strictObject({
  outcome: z.enum(SETTLEMENT_OUTCOMES),
  note: z.string().min(1).max(2000),
  evidence: z
    .string()
    .optional()
    .meta({ format: "binary" })
    .describe("Optional file: PDF, PNG or JPEG (recognized by its bytes), at most 10 MB"),
});
