import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";
import { COMPANY_CLOSE_STATES, YEAR_END_CLOSE_STATUSES } from "@/lib/domain/year-end-close";

/**
 * The year-end close ("Cierre de año"): the campaign's creation, a company's decision, and the
 * campaign as the API answers it. One schema per request, shared by the portal's forms and the handlers.
 */

/** POST /{environment}/organizacion/cierres-de-ano: the year whose expiring authorizations close. */
export const createYearEndCloseSchema = z.strictObject({
  year: z
    .number({ message: "Indique el año (p. ej. 2026)." })
    .int({ message: "El año debe ser un número entero." })
    .min(2019, { message: "El año debe ser 2019 o posterior." })
    .max(2100, { message: "El año debe ser 2100 o anterior." }),
  includeSkipped: z
    .boolean()
    .optional()
    .describe('Also propose the ledger\'s skipped numbers ("salto"), not only the tails (default false)'),
});
export type CreateYearEndCloseInput = z.infer<typeof createYearEndCloseSchema>;

/** POST …/cierres-de-ano/{closeId}/empresas/{companyId}/decision. */
export const yearEndCloseDecisionSchema = z.strictObject({
  decision: z.enum(["approve", "reject"], { message: "decision debe ser approve o reject." }),
});

const closeRangeSchema = z.object({
  kind: z
    .enum(["vencida", "vigente", "salto"])
    .describe(
      "vencida: an expired authorization's tail the ledger proves unused; vigente: the tail of an authorization " +
        "still valid (sent only after a person confirms the company stopped issuing from it); salto: a skipped number",
    ),
  serie: z.string(),
  tipoeCF: z.string(),
  secuenciaDesde: z.string(),
  secuenciaHasta: z.string(),
  cantidad: z.number().int(),
  authorizationId: z.string().nullable(),
  expiresOn: z.string().nullable().describe("The authorization's last day, dd-MM-yyyy"),
  checked: z.object({
    coverageMark: z.number().int().describe("The company's import-coverage mark (epoch ms)"),
    quietPeriodHours: z.number(),
    higherIssued: z.string().nullable(),
    dgii: z
      .enum(["never-received", "not-needed"])
      .describe("DGII asked about the range's edges: never received"),
  }),
});

const chunkSchema = z.object({
  index: z.number().int(),
  idempotencyKey: z.string(),
  ranges: z.number().int(),
  sequences: z.number().int(),
  voidId: z.string().nullable(),
  status: z.enum(["Aceptado", "Rechazado", "Error", "withdrawn", "refused"]).nullable(),
  partial: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});

export const yearEndCloseSchema = z.object({
  id: z.string(),
  environment: z.enum(ENVIRONMENTS),
  year: z.number().int(),
  includeSkipped: z.boolean(),
  status: z.enum(YEAR_END_CLOSE_STATUSES),
  createdBy: z.string(),
  createdAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  companies: z.array(
    z.object({
      accountId: z.string(),
      rnc: z.string(),
      name: z.string(),
      state: z.enum(COMPANY_CLOSE_STATES),
      approvalRequired: z
        .boolean()
        .describe("The company's approval policy asks one of its approvers to decide"),
      ranges: z
        .array(closeRangeSchema)
        .describe("The first 200 ranges proposed (rangeCount counts them all)"),
      rangeCount: z.number().int(),
      sequences: z.number().int(),
      withheld: z.array(
        z.object({
          serie: z.string(),
          tipoeCF: z.string(),
          secuenciaDesde: z.string().nullable(),
          secuenciaHasta: z.string().nullable(),
          reason: z.enum(["NO_COVERAGE_MARK", "QUIET_PERIOD", "DGII_RECEIVED", "DGII_UNKNOWN"]),
        }),
      ),
      capped: z.boolean(),
      certificateNotAfter: z.number().int().nullable(),
      confirmedBy: z.string().nullable(),
      confirmedAt: z.number().int().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.number().int().nullable(),
      blockedReason: z
        .string()
        .nullable()
        .describe("CERTIFICATE_MISSING, CERTIFICATE_EXPIRED or NOTHING_LEFT"),
      chunks: z
        .array(chunkSchema)
        .describe("The voids sent, one per chunk of at most 10,000 ranges per type"),
    }),
  ),
  progress: z.object({ finished: z.number().int(), total: z.number().int() }),
  summary: z.object({
    accepted: z.number().int(),
    rejected: z.number().int(),
    partial: z.number().int(),
    toSettle: z.number().int(),
    notSent: z.number().int(),
    blockedCompanies: z.number().int(),
    doneCompanies: z.number().int(),
    companies: z.number().int(),
  }),
});

export const yearEndCloseListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      environment: z.enum(ENVIRONMENTS),
      year: z.number().int(),
      status: z.enum(YEAR_END_CLOSE_STATUSES),
      createdAt: z.number().int(),
    }),
  ),
});
