import { z } from "zod";

import { VOID_REASON_CODES } from "@/lib/domain/void-reasons";

/** GET /{environment}/customer/void-ncf query parameters (spec endpoint 2 and DESIGN.md's decisions). */
export const VOID_STATUSES = ["Aceptado", "Rechazado", "Error"] as const;
export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 100;
/** Extension `motivo` filter: a 608 reason code, or "none" for the voids made without a reason. */
export const VOID_REASON_FILTERS = [...VOID_REASON_CODES, "none"] as const;
export type VoidReasonFilter = (typeof VOID_REASON_FILTERS)[number];

const epochMs = z
  .string()
  .regex(/^\d{1,15}$/, { message: "debe ser una fecha en milisegundos epoch" })
  .transform(Number);

export const voidListQuerySchema = z
  .object({
    voidId: z.string().min(1).max(100).optional(),
    status: z.enum(VOID_STATUSES, { error: () => "debe ser Aceptado, Rechazado o Error" }).optional(),
    fromDate: epochMs.optional(),
    toDate: epochMs.optional(),
    limit: z
      .string()
      .regex(/^\d+$/, { message: "debe ser un entero de 1 a 100" })
      .transform(Number)
      .refine((n) => n >= 1 && n <= LIST_LIMIT_MAX, { message: "debe ser un entero de 1 a 100" })
      .optional(),
    nextToken: z.string().min(1).max(500).optional(),
    motivo: z
      .enum(VOID_REASON_FILTERS, { error: () => 'debe ser un código de motivo de "01" a "10", o none' })
      .optional()
      .describe(
        'Extension: only the voids with this 608 reason code ("01"–"10"), or `none`: those made ' +
          "without a reason",
      ),
  })
  .refine(
    (query) => query.fromDate === undefined || query.toDate === undefined || query.fromDate <= query.toDate,
    {
      path: ["fromDate"],
      message: "debe ser anterior o igual a toDate",
    },
  );

export type VoidListQuery = z.infer<typeof voidListQuerySchema>;
