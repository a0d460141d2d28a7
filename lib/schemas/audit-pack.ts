import { z } from "zod";

import { parseAuditPeriod } from "@/lib/domain/audit-period";
import { ENVIRONMENTS } from "@/lib/domain/environments";

/**
 * GET /{environment}/customer/audit-pack?from=&to= and the portal's Auditoría form: one rule
 * (lib/domain/audit-period.ts) for both. An issue's message is the error code (INVALID_PERIOD,
 * PERIOD_TOO_LONG): the API answers it with its Spanish message, the portal with its catalogue's.
 */
const periodShape = {
  from: z.string().describe("First day, yyyy-MM-dd (Santo Domingo), included"),
  to: z.string().describe("Last day, yyyy-MM-dd (Santo Domingo), included; at most 366 days after from"),
};

function checkPeriod(value: { from: string; to: string }, context: z.RefinementCtx): void {
  const result = parseAuditPeriod(value.from, value.to);
  if (!result.ok) context.addIssue({ code: "custom", path: ["to"], message: result.code });
}

/** The API's query (for the OpenAPI document and the handler). */
export const auditPackQueryObject = z.object(periodShape);
export const auditPackQuerySchema = auditPackQueryObject.superRefine(checkPeriod);

/** The portal's form: the period and the environment. */
export const auditPackFormSchema = z
  .object({ ...periodShape, environment: z.enum(ENVIRONMENTS) })
  .superRefine(checkPeriod);

export type AuditPackForm = z.infer<typeof auditPackFormSchema>;
