import { z } from "zod";

/** GET /healthz and GET /readyz (operations). Never secrets: no URLs, keys or versions of dependencies. */
export const healthResponseSchema = z.strictObject({
  status: z.literal("ok"),
  uptimeSeconds: z.number().int().min(0),
});

const check = z.strictObject({
  ok: z.boolean(),
  message: z.string().optional().describe("Why the check failed (no secrets)"),
});

export const readinessResponseSchema = z.strictObject({
  status: z.enum(["ready", "not_ready", "shutting_down"]),
  checks: z.strictObject({
    database: check.describe("A query answered"),
    migrations: check
      .extend({ pending: z.array(z.string()).optional() })
      .describe("Every migration in prisma/migrations is applied"),
    taxAuthority: check
      .extend({ mode: z.enum(["simulator", "dgii"]).optional() })
      .describe("TAXAUTH=dgii: DGII's base URLs are configured"),
  }),
});

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
