import { z } from "zod";

import { SETTLEMENT_NOTE_MAX } from "@/lib/domain/void-settlement";

import { ISSUED_REVIEW_REASONS } from "./documents-query";
import { documentDeadlineSchema } from "./documents-responses";

/**
 * Issued e-CF that wait for a person ("Por confirmar"): GET …/documentos-ecf/por-confirmar and the
 * decision, POST …/documentos-ecf/{ecf}/resolution. One schema for the API and the portal's form.
 */

/** The longest decision note kept: a void settlement's. */
export const DECISION_NOTE_MAX = SETTLEMENT_NOTE_MAX;

/** The estados a person may have seen in DGII's OFV for a reception (consultaresultado's words). */
export const RECEIVED_ESTADOS = ["En Proceso", "Aceptado", "Aceptado Condicional", "Rechazado"] as const;
export type ReceivedEstado = (typeof RECEIVED_ESTADOS)[number];

export const ISSUED_DECISIONS = ["received", "resend"] as const;
export type IssuedDecisionKind = (typeof ISSUED_DECISIONS)[number];

const note = z
  .string()
  .trim()
  .min(1)
  .max(DECISION_NOTE_MAX)
  .describe("Required: what the person checked in DGII's Oficina Virtual, and where");

/** The body of POST …/documentos-ecf/{ecf}/resolution (JSON, or the fields of a multipart form). */
export const issuedDecisionSchema = z
  .discriminatedUnion("decision", [
    z
      .strictObject({
        decision: z.literal("received"),
        trackId: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{1,64}$/)
          .describe("The trackId DGII's OFV shows for this e-NCF's reception"),
        estado: z.enum(RECEIVED_ESTADOS).describe("The estado the OFV shows for that reception"),
        note,
      })
      .describe(
        "DGII has it: the document takes that trackId and estado; En Proceso resumes the follow-up (it asks the verdict)",
      ),
    z
      .strictObject({ decision: z.literal("resend"), note })
      .describe(
        "DGII does not have it: the stored signed bytes are sent again now by the follow-up (never signed again)",
      ),
  ])
  .describe("A person's decision on an issued e-CF that waits for them");
export type IssuedDecision = z.infer<typeof issuedDecisionSchema>;

/** The same body as multipart/form-data, with the optional evidence file (for the OpenAPI document). */
export const issuedDecisionMultipartSchema = z.strictObject({
  decision: z.enum(ISSUED_DECISIONS),
  trackId: z.string().optional().describe('Only with decision "received"'),
  estado: z.enum(RECEIVED_ESTADOS).optional().describe('Only with decision "received"'),
  note: z.string().min(1).max(DECISION_NOTE_MAX),
  evidence: z
    .string()
    .optional()
    .meta({ format: "binary" })
    .describe("Optional file: PDF, PNG or JPEG (recognized by its bytes), at most 10 MB"),
});

const epochMs = z.number().int().describe("Epoch milliseconds");

/** One decision already taken on the document (it may wait again later, e.g. a trackId without verdict). */
export const issuedDecisionViewSchema = z.strictObject({
  decision: z.enum(ISSUED_DECISIONS),
  reviewReason: z.enum(ISSUED_REVIEW_REASONS).describe("Why it waited when the person decided"),
  trackId: z.string().nullable(),
  estado: z.string().nullable(),
  note: z.string(),
  by: z.string().describe("Who decided, e.g. ana@empresa.do (portal)"),
  at: epochMs,
  evidence: z
    .strictObject({
      fileName: z.string(),
      contentType: z.enum(["application/pdf", "image/png", "image/jpeg"]),
      size: z.number().int(),
    })
    .nullable(),
});
export type IssuedDecisionView = z.infer<typeof issuedDecisionViewSchema>;

/** One e-CF of GET …/documentos-ecf/por-confirmar: what the follow-up checked before it stopped. */
export const issuedInReviewSchema = z.strictObject({
  ncf: z.string(),
  status: z.string().describe("Pendiente de envío (DGII's reception unknown) or En Proceso (no verdict)"),
  trackId: z.string().nullable(),
  reviewReason: z.enum(ISSUED_REVIEW_REASONS),
  issuedAt: epochMs.nullable(),
  updateAt: epochMs,
  taxauthResponse: z
    .array(z.string())
    .describe("DGII's answers kept, each a JSON-encoded object (as the document record's)"),
  signedXml: z.string().describe("Path of the signed XML"),
  decisions: z.array(issuedDecisionViewSchema).describe("Earlier decisions of a person, oldest first"),
  deadline: documentDeadlineSchema.optional(),
});
export type IssuedInReview = z.infer<typeof issuedInReviewSchema>;

/** 200 of GET …/documentos-ecf/por-confirmar. */
export const issuedInReviewListSchema = z.strictObject({
  total: z.number().int().describe("How many wait in this environment (the list shows the newest 100)"),
  items: z.array(issuedInReviewSchema).describe("Newest first"),
});
export type IssuedInReviewList = z.infer<typeof issuedInReviewListSchema>;
