import "server-only";
import { AppError } from "@/lib/errors";

/** A settlement's evidence file: at most this many bytes (stored in the database: instances are stateless). */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest evidence file name kept (the download's Content-Disposition). */
const FILE_NAME_MAX = 200;

export type EvidenceContentType = "application/pdf" | "image/png" | "image/jpeg";

/** An uploaded evidence file, checked: its type comes from its first bytes, never from its name. */
export interface EvidenceFile {
  fileName: string;
  contentType: EvidenceContentType;
  content: Uint8Array;
}

const SIGNATURES: Array<{ type: EvidenceContentType; bytes: number[] }> = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** The type a file's magic bytes say, or null. */
export function sniffEvidenceType(content: Uint8Array): EvidenceContentType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (content.length >= bytes.length && bytes.every((byte, index) => content[index] === byte)) return type;
  }
  return null;
}

/** A name safe to put in a header: no path, no quotes or control characters, bounded. */
export function safeEvidenceFileName(name: string, type: EvidenceContentType): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"\\;]/g, "")
    .trim()
    .slice(0, FILE_NAME_MAX);
  if (cleaned !== "") return cleaned;
  return `evidencia.${type === "application/pdf" ? "pdf" : type === "image/png" ? "png" : "jpg"}`;
}

/** Checks an uploaded file: size first (413 EVIDENCE_TOO_LARGE), then its bytes (415 EVIDENCE_TYPE_NOT_ALLOWED). */
export function checkEvidence(fileName: string, content: Uint8Array): EvidenceFile {
  if (content.length > EVIDENCE_MAX_BYTES) {
    throw new AppError(
      "EVIDENCE_TOO_LARGE",
      `El archivo de evidencia tiene ${content.length} bytes; el máximo es 10 MB (${EVIDENCE_MAX_BYTES} bytes).`,
    );
  }
  const contentType = sniffEvidenceType(content);
  if (!contentType) {
    throw new AppError(
      "EVIDENCE_TYPE_NOT_ALLOWED",
      "La evidencia debe ser un PDF, PNG o JPEG (se reconoce por su contenido, no por su nombre).",
    );
  }
  return { fileName: safeEvidenceFileName(fileName, contentType), contentType, content };
}
