import { z } from "zod";

import { AppError } from "@/lib/errors";

/**
 * POST /{environment}/documentos-ecf/status/batch (spec endpoint 4). 1 to 100 e-NCF; each entry is
 * answered in request order, duplicates each time, and a malformed e-NCF is simply "not found" (an
 * integrator's list with one typo still gets every other answer).
 */
export const BATCH_MAX_ECFS = 100;

export const documentsBatchRequestSchema = z.object({
  ecfs: z
    .array(z.string().max(200))
    .min(1)
    .max(BATCH_MAX_ECFS)
    .describe("e-NCF numbers, 1 to 100; duplicates and malformed entries are answered, not refused"),
});

export type DocumentsBatchRequest = z.infer<typeof documentsBatchRequestSchema>;

/** Each entry's status when the document is not stored (or the entry is not a valid e-NCF). */
export const NOT_FOUND_STATUS = "No encontrado";

/**
 * The request's e-NCF list, or a 400 with the precise code: MISSING_ECFS (absent or empty),
 * INVALID_FIELD_TYPE (not an array of strings), TOO_MANY_ECFS (over 100).
 */
export function parseDocumentsBatchRequest(body: unknown): string[] {
  const ecfs = typeof body === "object" && body !== null ? (body as { ecfs?: unknown }).ecfs : undefined;
  if (ecfs === undefined || ecfs === null || (Array.isArray(ecfs) && ecfs.length === 0)) {
    throw new AppError("MISSING_ECFS", "Envíe ecfs: una lista de 1 a 100 e-NCF.");
  }
  if (!Array.isArray(ecfs)) {
    throw new AppError("INVALID_FIELD_TYPE", "ecfs debe ser una lista (array) de e-NCF.", {
      errors: [{ field: "ecfs", code: "INVALID_FIELD_TYPE", message: "ecfs debe ser un array de textos." }],
    });
  }
  if (ecfs.length > BATCH_MAX_ECFS) {
    throw new AppError(
      "TOO_MANY_ECFS",
      `Se enviaron ${ecfs.length} e-NCF; el máximo por consulta es ${BATCH_MAX_ECFS}. Divida la lista en grupos de 50.`,
    );
  }
  const errors = ecfs.flatMap((value, index) =>
    typeof value === "string"
      ? []
      : [
          {
            field: `ecfs[${index}]`,
            code: "INVALID_FIELD_TYPE" as const,
            message: `ecfs[${index}] debe ser un texto (e-NCF), no ${value === null ? "null" : typeof value}.`,
          },
        ],
  );
  if (errors.length > 0) {
    throw new AppError("INVALID_FIELD_TYPE", errors[0]!.message, { errors });
  }
  return ecfs as string[];
}

/** The batch response (spec endpoint 4): `data` only when found. */
export interface DocumentsBatchResult<Data> {
  ecf: string;
  status: string;
  found: boolean;
  data?: Data;
}

export interface DocumentsBatchResponse<Data> {
  total: number;
  results: Array<DocumentsBatchResult<Data>>;
}
