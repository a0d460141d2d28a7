import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";

/**
 * A company's deadline settings (portal form and action): the deferred-sending window outside a
 * contingency (hours, empty: none — Anula sets no default, the rule is not confirmed) and the share
 * of a window at which document.deadline_approaching fires; and, for one environment, the days the
 * company gives itself to void a gap the ledger proposes (empty: none — no rule we know fixes one).
 * Without `environment` the gap window is left as it is. With it, the inventory's forecast settings
 * of that environment too: the lead time to request the next authorization (days) and the share of
 * an authorization forecast unused at expiry that raises the alert (percent); absent: unchanged.
 */
export const deadlineSettingsSchema = z.object({
  deferredWindowHours: z.union([
    z.literal("").transform(() => null),
    z.coerce.number().int().min(1).max(720),
  ]),
  approachingPercent: z.coerce.number().int().min(1).max(99),
  environment: z.enum(ENVIRONMENTS).optional(),
  gapWindowDays: z
    .union([z.literal("").transform(() => null), z.coerce.number().int().min(1).max(3650)])
    .optional(),
  forecastLeadDays: z.coerce.number().int().min(1).max(365).optional(),
  forecastUnusedPercent: z.coerce.number().int().min(1).max(99).optional(),
});

export type DeadlineSettingsInput = z.input<typeof deadlineSettingsSchema>;
