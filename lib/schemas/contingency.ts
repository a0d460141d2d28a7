import { z } from "zod";

/** One declared connectivity contingency of an environment (GET/POST/DELETE …/emisor/contingencia). */
export const contingencyPeriodSchema = z.object({
  id: z.string(),
  declaredAt: z.number().int().describe("When it was declared (epoch ms, stamped by Anula)"),
  declaredBy: z.string(),
  endedAt: z.number().int().nullable().describe("When it was ended (epoch ms); null: still declared"),
  endedBy: z.string().nullable(),
});

export const contingencyStateSchema = z.object({
  declared: z.boolean().describe("true: a connectivity contingency is declared in this environment now"),
  current: contingencyPeriodSchema.nullable(),
  periods: z.array(contingencyPeriodSchema).describe("The environment's periods, newest first (at most 50)"),
});

export type ContingencyState = z.infer<typeof contingencyStateSchema>;
