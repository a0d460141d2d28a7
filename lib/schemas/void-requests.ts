import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { REJECTION_REASON_MAX, VOID_REQUEST_STATUSES } from "@/lib/domain/void-requests";

import { LIST_LIMIT_MAX } from "./void-ncf-list";

/**
 * Approvals (issue 20): the approval policy form, a rejection, and the void-requests list's query.
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
