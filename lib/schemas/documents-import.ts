import { z } from "zod";

import { readEncf } from "@/lib/domain/encf";
import { isValidFechaHora } from "@/lib/domain/fecha";
import { isValidRnc } from "@/lib/domain/rnc";
import { AppError } from "@/lib/errors";

/**
 * POST /{environment}/documentos-ecf/import (extension): an issuing system pushes the e-CF it issued,
 * up to 1,000 per call, upserted by e-NCF. Field names are the spec's document fields; fechaEmision
 * and fechaFirma (not part of the answer) let the service build qr_url in DGII's format.
 */
export const IMPORT_MAX_DOCUMENTS = 1000;

export const DOCUMENT_STATUSES = ["Aceptado", "Rechazado", "Aceptado Condicional", "En Proceso"] as const;

const FECHA_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;

function isValidFecha(text: string): boolean {
  return FECHA_PATTERN.test(text) && isValidFechaHora(`${text} 00:00:00`);
}

const text = (max: number) => z.string().trim().min(1).max(max);

/** One authority answer: a JSON-encoded string (as stored and returned), or the object itself. */
const taxauthAnswer = z.union([
  z.string().refine(
    (value) => {
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: "cada respuesta debe ser un texto JSON válido" },
  ),
  z.record(z.string(), z.unknown()).transform((value, ctx) => {
    // The body's parser refuses deep nesting first; this keeps a value that got here otherwise
    // (a direct caller) an "invalid" entry rather than a RangeError (a 500).
    try {
      return JSON.stringify(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "cada respuesta debe ser un objeto JSON serializable" });
      return z.NEVER;
    }
  }),
]);

/** The fields of one import entry (the record schema below adds the cross-field rule). */
export const documentImportRecordShape = {
  ncf: z.string().refine((value) => typeof readEncf(value) !== "string", {
    message: "ncf debe ser un e-NCF válido (serie E–Z sin P, tipo de e-CF, 10 dígitos, no cero)",
  }),
  status: z.enum(DOCUMENT_STATUSES).optional().describe("Default: En Proceso"),
  trackId: text(100).optional().describe("DGII trackId; a non-final status is refreshed with it"),
  internalTrackId: text(100).optional(),
  fileName: text(255).optional().describe("Default: {RNC}{e-NCF}.xml"),
  documentType: text(200).optional().describe("Default: the type's name"),
  buyerRnc: z.string().refine(isValidRnc, { message: "buyerRnc debe tener 9 u 11 dígitos" }).optional(),
  invoiceTotal: z.number().finite().min(0).max(999_999_999_999_999_999).optional(),
  customerReceived: text(50).optional(),
  customerReceivedAt: z
    .string()
    .refine(isValidFechaHora, { message: "customerReceivedAt debe ser dd-MM-yyyy HH:mm:ss" })
    .optional(),
  customerResponse: z.string().max(200_000).optional(),
  taxauthResponse: z.array(taxauthAnswer).max(100).optional(),
  securityCode: text(64).optional(),
  secretId: text(200).optional(),
  signedXml: text(1000).optional(),
  summarySignedXml: text(1000).optional().describe("Only for type 32"),
  fechaEmision: z.string().refine(isValidFecha, { message: "fechaEmision debe ser dd-MM-yyyy" }).optional(),
  fechaFirma: z
    .string()
    .refine(isValidFechaHora, { message: "fechaFirma debe ser dd-MM-yyyy HH:mm:ss" })
    .optional(),
  qr_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .describe("Default: built from the fields"),
  createdAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
};

export const documentImportRecordSchema = z
  .strictObject(documentImportRecordShape)
  .superRefine((record, ctx) => {
    if (record.summarySignedXml !== undefined && record.ncf.slice(1, 3) !== "32") {
      ctx.addIssue({
        code: "custom",
        path: ["summarySignedXml"],
        message: "summarySignedXml solo aplica a e-CF tipo 32",
      });
    }
  });

export type DocumentImportRecord = z.infer<typeof documentImportRecordSchema>;

/** The envelope `{ documents: [...] }` (1 to 1,000): each entry is validated on its own later. */
export function parseDocumentsImportEnvelope(body: unknown): unknown[] {
  const documents =
    typeof body === "object" && body !== null ? (body as { documents?: unknown }).documents : undefined;
  if (!Array.isArray(documents) || documents.length === 0) {
    throw new AppError("VALIDATION_FAILED", "Envíe documents: una lista de 1 a 1000 documentos.", {
      errors: [
        { field: "documents", code: "VALIDATION_FAILED", message: "documents debe ser un array no vacío" },
      ],
    });
  }
  if (documents.length > IMPORT_MAX_DOCUMENTS) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Se enviaron ${documents.length} documentos; el máximo por importación es ${IMPORT_MAX_DOCUMENTS}.`,
    );
  }
  return documents;
}

/** One entry of the import answer, in request order. */
export type DocumentImportResult =
  | { index: number; ncf: string; result: "created" | "updated" }
  | {
      index: number;
      ncf: string | null;
      result: "invalid";
      errors: Array<{ field: string; message: string }>;
    };

export interface DocumentsImportResponse {
  total: number;
  created: number;
  updated: number;
  invalid: number;
  results: DocumentImportResult[];
  /** The import-coverage mark set by this call (`coveredUntil`), or null when it was not set. */
  coverageMark?: number | null;
  /** Why a requested coverage mark was not set. */
  coverageMarkIgnored?: string;
}
