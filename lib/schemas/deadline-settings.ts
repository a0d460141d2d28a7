import { z } from "zod";

/**
 * A company's deadline settings (portal form and action): the deferred-sending window outside a
 * contingency (hours, empty: none — Anula sets no default, the rule is not confirmed) and the share
 * of a window at which document.deadline_approaching fires.
 */
export const deadlineSettingsSchema = z.object({
  deferredWindowHours: z.union([
    z.literal("").transform(() => null),
    z.coerce.number().int().min(1).max(720),
  ]),
  approachingPercent: z.coerce.number().int().min(1).max(99),
});

export type DeadlineSettingsInput = z.input<typeof deadlineSettingsSchema>;
