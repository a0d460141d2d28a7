import { z } from "zod";

import { ENVIRONMENTS } from "@/lib/domain/environments";

/**
 * The bounds of every deadline setting: the one place the portal form's inputs (min / max) and the
 * schema below (the portal's action and GET/PUT …/emisor/plazos) read them.
 */
export const DEADLINE_SETTING_BOUNDS = {
  deferredWindowHours: { min: 1, max: 720 },
  approachingPercent: { min: 1, max: 99 },
  gapWindowDays: { min: 1, max: 3650 },
  forecastLeadDays: { min: 1, max: 365 },
  forecastUnusedPercent: { min: 1, max: 99 },
} as const;

type BoundedSetting = keyof typeof DEADLINE_SETTING_BOUNDS;

/** A whole number within the setting's bounds (a form sends it as text, JSON as a number). */
function bounded(setting: BoundedSetting) {
  const { min, max } = DEADLINE_SETTING_BOUNDS[setting];
  return z.coerce
    .number({ error: `${setting} debe ser un número entero entre ${min} y ${max}.` })
    .int(`${setting} debe ser un número entero entre ${min} y ${max}.`)
    .min(min, `${setting} debe ser al menos ${min}.`)
    .max(max, `${setting} debe ser como mucho ${max}.`);
}

/** A setting that may be none: a form's empty field ("") or JSON's null. */
function orNone(setting: BoundedSetting) {
  return z.union([z.literal("").transform(() => null), z.null(), bounded(setting)], {
    error: (issue) =>
      issue.code === "invalid_union"
        ? `${setting} debe ser null (ninguno) o un número entero entre ${DEADLINE_SETTING_BOUNDS[setting].min} y ${DEADLINE_SETTING_BOUNDS[setting].max}.`
        : undefined,
  });
}

/**
 * A company's deadline settings (the portal's form and action, and PUT …/emisor/plazos, where the
 * environment is the path's): the deferred-sending window outside a contingency (hours, empty or
 * null: none — Anula sets no default, the rule is not confirmed) and the share of a window at which
 * document.deadline_approaching fires; and, for one environment, the days the company gives itself
 * to void a gap the ledger proposes (empty or null: none — no rule we know fixes one). Without
 * `environment` the gap window is left as it is. With it, the inventory's forecast settings of that
 * environment too: the lead time to request the next authorization (days) and the share of an
 * authorization forecast unused at expiry that raises the alert (percent); absent: unchanged.
 */
export const deadlineSettingsSchema = z
  .strictObject({
    deferredWindowHours: orNone("deferredWindowHours").describe(
      "Hours an e-CF signed outside a contingency may wait before DGII receives it; null: no deadline (no default)",
    ),
    approachingPercent: bounded("approachingPercent").describe(
      "Percent of a window (e-CF and gaps) at which a deadline is announced as approaching",
    ),
    environment: z
      .enum(ENVIRONMENTS)
      .optional()
      .describe("Ignored by the REST endpoint: the path's environment"),
    gapWindowDays: orNone("gapWindowDays")
      .optional()
      .describe("Days to void a gap the ledger proposes, in this environment; null: none; absent: unchanged"),
    forecastLeadDays: bounded("forecastLeadDays")
      .optional()
      .describe("Days before the forecast exhaustion to request the next authorization; absent: unchanged"),
    forecastUnusedPercent: bounded("forecastUnusedPercent")
      .optional()
      .describe(
        "Share of an authorization forecast unused at expiry that raises the alert; absent: unchanged",
      ),
  })
  .meta({
    example: {
      deferredWindowHours: 24,
      approachingPercent: 75,
      gapWindowDays: 30,
      forecastLeadDays: 15,
      forecastUnusedPercent: 20,
    },
  });

export type DeadlineSettingsInput = z.input<typeof deadlineSettingsSchema>;
export type DeadlineSettingsChange = z.output<typeof deadlineSettingsSchema>;

/** GET/PUT …/emisor/plazos: the company's deadline settings as they stand in the path's environment. */
export const deadlineSettingsViewSchema = z
  .object({
    environment: z.enum(ENVIRONMENTS),
    deferredWindowHours: z.number().int().nullable().describe("Hours; null: no deferred-sending deadline"),
    approachingPercent: z.number().int().describe("The company's, for every environment"),
    gapWindowDays: z.number().int().nullable().describe("This environment's; null: none"),
    forecastLeadDays: z.number().int().describe("This environment's (default 15)"),
    forecastUnusedPercent: z.number().int().describe("This environment's (default 20)"),
  })
  .meta({
    example: {
      environment: "TesteCF",
      deferredWindowHours: null,
      approachingPercent: 75,
      gapWindowDays: null,
      forecastLeadDays: 15,
      forecastUnusedPercent: 20,
    },
  });

export type DeadlineSettingsView = z.infer<typeof deadlineSettingsViewSchema>;
