import "server-only";

import type { z } from "zod";

import { AppError } from "@/lib/errors";

/**
 * A JSON body (readJsonBody) checked against its lib/schemas schema: the parsed value, or 400
 * VALIDATION_FAILED naming every problem at once (`errors: [{ field, code, message }]`).
 */
export function validateBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join("."),
    code: "VALIDATION_FAILED" as const,
    message: issue.message,
  }));
  throw new AppError("VALIDATION_FAILED", errors.map((error) => error.message).join(" "), { errors });
}
