import { z } from "zod";

import { AppError } from "@/lib/errors";

import { SECURITY_CODE_PATTERN } from "@/lib/domain/ecf-types";

import type { LookupReason } from "./documents-query";

/**
 * POST /{environment}/documentos-ecf/status/batch (spec endpoint 4). 1 to 100 e-NCF; each entry is
 * answered in request order, duplicates each time, and a malformed e-NCF is simply "not found" (an
 * integrator's list with one typo still gets every other answer).
 */
export const BATCH_MAX_ECFS = 100;
/** The OpenAPI's maxLength of an entry: far above an e-NCF (13), low enough to keep answers small. */
export const BATCH_MAX_ECF_LENGTH = 200;

export const documentsBatchRequestSchema = z.object({
  codigosSeguridad: z
    .record(z.string(), z.string().regex(SECURITY_CODE_PATTERN))
    .optional()
    .describe(
      "Extension: e-NCF → its 6-character security code, needed to find a consumer-invoice summary " +
        "(type 32 under RD$250,000) at DGII when Anula does not hold it",
    ),
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

/**
 * The extension field `codigosSeguridad` beside `ecfs`: e-NCF → its 6-character security code, which
 * DGII needs to find a consumer-invoice summary (type 32 under RD$250,000). Absent: no codes.
 * 400 VALIDATION_FAILED naming each entry that is not a 6-character text.
 */
export function parseSecurityCodes(body: unknown): ReadonlyMap<string, string> {
  const codes =
    typeof body === "object" && body !== null
      ? (body as { codigosSeguridad?: unknown }).codigosSeguridad
      : undefined;
  if (codes === undefined || codes === null) return new Map();
  if (typeof codes !== "object" || Array.isArray(codes)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "codigosSeguridad debe ser un objeto { e-NCF: código de 6 caracteres }.",
      {
        errors: [{ field: "codigosSeguridad", code: "VALIDATION_FAILED", message: "Debe ser un objeto." }],
      },
    );
  }
  const entries = Object.entries(codes as Record<string, unknown>);
  const errors = entries
    .filter(([, code]) => typeof code !== "string" || !SECURITY_CODE_PATTERN.test(code))
    .slice(0, BATCH_MAX_ECFS)
    .map(([ecf]) => ({
      field: `codigosSeguridad.${ecf.slice(0, 20)}`,
      code: "VALIDATION_FAILED" as const,
      message: "El código de seguridad tiene 6 caracteres (los 6 primeros del SignatureValue del e-CF).",
    }));
  if (entries.length > BATCH_MAX_ECFS) {
    throw new AppError(
      "VALIDATION_FAILED",
      `codigosSeguridad admite como máximo ${BATCH_MAX_ECFS} entradas.`,
    );
  }
  if (errors.length > 0) throw new AppError("VALIDATION_FAILED", errors[0]!.message, { errors });
  return new Map(entries as Array<[string, string]>);
}

/** The batch response (spec endpoint 4): `data` only when found. */
export interface DocumentsBatchResult<Data> {
  ecf: string;
  status: string;
  found: boolean;
  data?: Data;
  /** Extension: not held, and DGII lists no submission of it. */
  askedDgii?: true;
  /** Extension: why DGII gave no answer about it (status "Sin respuesta de la DGII"). */
  reason?: LookupReason;
  message?: string;
}

export interface DocumentsBatchResponse<Data> {
  total: number;
  results: Array<DocumentsBatchResult<Data>>;
}
