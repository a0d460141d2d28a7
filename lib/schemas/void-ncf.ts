import { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "@/lib/domain/locale";
import { validateVoidRequest, type VoidPlan } from "@/lib/domain/void-request";
import { VOID_REASON_CODES, VOID_REASON_DGII_NAMES, VOID_REASON_TEXT_MAX } from "@/lib/domain/void-reasons";
import { voidValidationError } from "@/lib/domain/void-validation-error";

/**
 * POST /{environment}/customer/void-ncf. The rules live in lib/domain (validateVoidRequest) so that the
 * portal's editor, this schema and the REST handler give the same codes and messages; this file adapts
 * them to zod (for react-hook-form's zodResolver and the OpenAPI document).
 */

/** DGII's 608 reason codes with their names, for the documentation. */
const REASON_LIST = VOID_REASON_CODES.map((code) => `${code} ${VOID_REASON_DGII_NAMES[code]}`).join("; ");

/** Extension `motivo`, as requests send it and void records return it. */
export const voidMotivoShape = z.object({
  codigo: z.enum(VOID_REASON_CODES).describe(`DGII's 608 void reason, a two-digit string: ${REASON_LIST}`),
  descripcion: z
    .string()
    .max(VOID_REASON_TEXT_MAX)
    .nullable()
    .optional()
    .describe(`Free text, at most ${VOID_REASON_TEXT_MAX} characters (trimmed; blank is none)`),
});

/** The documented shape of the body (spec "Request body"); the rules are enforced by the refinement. */
export const voidNcfBodyShape = z.object({
  ranges: z
    .array(
      z.object({
        secuenciaDesde: z.string().length(13).describe("First e-NCF of the range, 13 positions"),
        secuenciaHasta: z.string().length(13).describe("Last e-NCF; same series and type, ≥ secuenciaDesde"),
        tipoeCF: z.string().optional().describe("Optional; must equal the type coded in the e-NCF"),
      }),
    )
    .min(1),
  fechaHoraAnulacion: z
    .string()
    .optional()
    .describe("dd-MM-yyyy HH:mm:ss; default: now in America/Santo_Domingo"),
  motivo: voidMotivoShape
    .nullable()
    .optional()
    .describe(
      "Extension, optional: why the numbers are voided — a code of DGII's 608 catalogue of void " +
        "reasons and free text. Stored with the record and returned as `motivo` (null when none was sent). " +
        "Not part of the signed ANECF (DGII's format has no such field). A wrong one answers 400 INVALID_MOTIVO; " +
        "a body with `motivo` is a different body for Idempotency-Key than the same one without it.",
    ),
});

/** The validating schema: any JSON in, the derived VoidPlan out, one zod issue per problem. */
export function voidNcfRequestSchema(locale: Locale = DEFAULT_LOCALE, now?: number) {
  return z.unknown().transform((body, ctx): VoidPlan => {
    const result = validateVoidRequest(body, { locale, now });
    if (result.ok) return result.plan;
    for (const problem of result.issues) {
      ctx.addIssue({
        code: "custom",
        message: problem.message,
        path:
          problem.line !== undefined ? ["ranges", problem.line - 1] : problem.field ? [problem.field] : [],
        params: { code: problem.code, line: problem.line, relatedLine: problem.relatedLine },
      });
    }
    return z.NEVER;
  });
}

/** For the REST handler: the plan, or the spec's 400 AppError listing every problem. */
export function parseVoidNcfRequest(
  body: unknown,
  options: { locale?: Locale; now?: number } = {},
): VoidPlan {
  const result = validateVoidRequest(body, options);
  if (!result.ok) throw voidValidationError(result.issues, result.issueCount, options.locale);
  return result.plan;
}
