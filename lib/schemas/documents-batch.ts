import { z } from "zod";

import { AppError } from "@/lib/errors";

/**
 * POST /{environment}/documentos-ecf/status/batch (spec endpoint 4). 1 to 100 e-NCF; each entry is
 * answered in request order, duplicates each time, and a malformed e-NCF is simply "not found" (an
 * integrator's list with one typo still gets every other answer).
 */
export const BATCH_MAX_ECFS = 100;
/** The OpenAPI's maxLength of an entry: far above an e-NCF (13), low enough to keep answers small. */
export const BATCH_MAX_ECF_LENGTH = 200;

export const documentsBatchRequestSchema = z.object({
  ecfs: z
    .array(z.string().max(BATCH_MAX_ECF_LENGTH))
    .min(1)
    .max(BATCH_MAX_ECFS)
    .describe("e-NCF numbers, 1 to 100; duplicates and malformed entries are answered, not refused"),
});

export type DocumentsBatchRequest = z.infer<typeof documentsBatchRequestSchema>;

/** Each entry's status when the document is not stored (or the entry is not a valid e-NCF). */
export const NOT_FOUND_STATUS = "No encontrado";

/**
 * The request's e-NCF list, or a 400 with the precise code: MISSING_ECFS (absent or empty),
 * INVALID_FIELD_TYPE (not an array of strings), TOO_MANY_ECFS (over 100), VALIDATION_FAILED (an
 * entry over the documented 200 characters: not an e-NCF of any kind, and never echoed back).
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
  type EntryError = { field: string; code: "INVALID_FIELD_TYPE" | "VALIDATION_FAILED"; message: string };
  const errors = ecfs.flatMap((value: unknown, index): EntryError[] => {
    const field = `ecfs[${index}]`;
    if (typeof value !== "string") {
      const type = value === null ? "null" : typeof value;
      const message = `${field} debe ser un texto (e-NCF), no ${type}.`;
      return [{ field, code: "INVALID_FIELD_TYPE", message }];
    }
    if (value.length > BATCH_MAX_ECF_LENGTH) {
      const message = `${field} tiene ${value.length} caracteres; cada entrada admite como máximo ${BATCH_MAX_ECF_LENGTH} (un e-NCF tiene 13).`;
      return [{ field, code: "VALIDATION_FAILED", message }];
    }
    return [];
  });
  if (errors.length > 0) {
    throw new AppError(errors[0]!.code, errors[0]!.message, { errors });
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
