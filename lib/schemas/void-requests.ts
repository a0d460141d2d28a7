import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { VOID_REASON_CODES } from "@/lib/domain/void-reasons";
import { REJECTION_REASON_MAX, VOID_REQUEST_STATUSES } from "@/lib/domain/void-requests";

import { LIST_LIMIT_MAX } from "./void-ncf-list";
import { voidAcceptedResponseSchema, voidRejectedResponseSchema } from "./void-ncf-responses";

/**
 * Approvals: the approval policy form, a rejection, and the void-requests list's query.
 * One schema per request, shared by the portal's forms and the server's handlers.
 */

/** Largest threshold: the void document's total has 10 digits. */
export const MIN_SEQUENCES_MAX = 9_999_999_999;

/** The policy of one environment (portal settings; setApprovalPolicy). */
export const approvalPolicySchema = z.strictObject({
  environment: z.enum(ENVIRONMENTS),
  enabled: z.boolean(),
  minSequences: z
    .number()
    .int({ message: "El umbral debe ser un número entero de secuencias." })
    .min(0, { message: "El umbral no puede ser negativo." })
    .max(MIN_SEQUENCES_MAX, { message: "El umbral no puede pasar de 9,999,999,999." })
    .nullable()
    .describe("null: every void needs approval; n: only voids of more than n sequences"),
});
export type ApprovalPolicyInput = z.infer<typeof approvalPolicySchema>;

/** POST …/void-requests/{requestId}/reject, and the portal's reject form. */
export const rejectVoidRequestSchema = z.strictObject({
  reason: z
    .string({ message: "Indique el motivo del rechazo." })
    .trim()
    .min(1, { message: "Indique el motivo del rechazo." })
    .max(REJECTION_REASON_MAX, {
      message: `El motivo del rechazo admite hasta ${REJECTION_REASON_MAX} caracteres.`,
    })
    .describe("Why the request is rejected (shown to the requester, kept in the activity log)"),
});
export type RejectVoidRequestInput = z.infer<typeof rejectVoidRequestSchema>;

/** GET /{environment}/customer/void-requests query parameters (paged like the void list). */
export const voidRequestListQuerySchema = z.object({
  status: z
    .enum(VOID_REQUEST_STATUSES, {
      error: () => "debe ser Pendiente, Aprobada, Rechazada, Vencida o Enviada",
    })
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/, { message: "debe ser un entero de 1 a 100" })
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIST_LIMIT_MAX, { message: "debe ser un entero de 1 a 100" })
    .optional(),
  nextToken: z.string().min(1).max(500).optional(),
});
export type VoidRequestListQuery = z.infer<typeof voidRequestListQuerySchema>;

// --- Answers (documented in the OpenAPI document; lib/server/approvals/void-request-answers.ts writes them) -------

const epochMs = z.number().int().describe("Epoch milliseconds");

const voidRequestFields = {
  requestId: z.string().describe("UUIDv7 of the request"),
  status: z
    .enum(VOID_REQUEST_STATUSES)
    .describe(
      "Pendiente (waiting for an approver), Aprobada (approved, being sent: transient), Enviada (the void was " +
        "sent: see voidId), Rechazada (rejectionReason says why), Vencida (no decision within 7 days)",
    ),
  environment: z.enum(ENVIRONMENTS),
  totalVoided: z.number().int().describe("How many e-NCF the ranges hold"),
  rangeCount: z.number().int(),
  motivo: z
    .strictObject({
      codigo: z.enum(VOID_REASON_CODES).describe("DGII's 608 void reason code (01–10)"),
      descripcion: z.string().nullable(),
    })
    .nullable()
    .describe("The reason sent with the void (request `motivo`), or null"),
  fechaHoraAnulacion: z
    .string()
    .nullable()
    .describe(
      "The fecha the requester fixed (dd-MM-yyyy HH:mm:ss), or null: the approval's instant is signed",
    ),
  requestedBy: z.string().describe('Who asked, e.g. "ana@empresa.do (API)"'),
  requestedAt: epochMs,
  expiresAt: epochMs.describe("Epoch milliseconds: Vencida from then on unless decided"),
  decidedBy: z.string().nullable().describe("The approver who approved or rejected it"),
  decidedAt: epochMs.nullable(),
  rejectionReason: z.string().nullable(),
  voidId: z.string().nullable().describe("Once Enviada: the void record (GET …/void-ncf?voidId=)"),
  warnings: z
    .array(
      z.strictObject({
        code: z.literal("OUTSIDE_AUTHORIZATION"),
        tipoeCF: z.string(),
        secuenciaDesde: z.string(),
        secuenciaHasta: z.string(),
        cantidad: z.number().int().min(1),
        message: z.string(),
      }),
    )
    .describe("The pre-void checks' warnings when the request was made (ranges outside every authorization)"),
  lastError: z
    .strictObject({ code: z.string(), message: z.string(), at: epochMs })
    .nullable()
    .describe(
      "Why the last approval could not send it (the checks run again: ALREADY_VOIDED, SEQUENCE_USED, DGII's " +
        "maintenance…): the request stayed Pendiente; nothing was sent",
    ),
};

/** One request in a list page (no ranges: a request may hold 100,000). */
export const voidRequestSummarySchema = z.strictObject(voidRequestFields);

/** GET …/void-requests/{requestId}: the request with its ranges. */
export const voidRequestSchema = z.strictObject({
  ...voidRequestFields,
  ranges: z.array(
    z.strictObject({
      tipoeCF: z.string(),
      secuenciaDesde: z.string(),
      secuenciaHasta: z.string(),
      cantidad: z.number().int(),
    }),
  ),
});

/** GET …/void-requests: a page, shaped like the void list's. */
export const voidRequestListResponseSchema = z.strictObject({
  items: z.array(voidRequestSummarySchema),
  nextToken: z.string().optional().describe("Absent on the last page"),
  metadata: z.strictObject({ itemsPerPage: z.number().int().min(1).max(LIST_LIMIT_MAX) }),
});

/** 202 of POST void-ncf with `Prefer: respond-async` under the approval policy. */
export const voidRequestHeldResponseSchema = z.strictObject({
  message: z.string(),
  ...voidRequestSchema.shape,
});

const requestIdOfApproval = {
  requestId: z.string().describe("The request approved (now Enviada, with this voidId)"),
};

/** 200 of POST …/void-requests/{requestId}/approve: the void accepted, as POST void-ncf answers it. */
export const voidApprovedAcceptedResponseSchema = voidAcceptedResponseSchema.extend(requestIdOfApproval);

/** 422 of POST …/approve: DGII rejected the void sent on approval (the request is Enviada all the same). */
export const voidApprovedRejectedResponseSchema = voidRejectedResponseSchema.extend(requestIdOfApproval);
