/**
 * Why a void is made: DGII's catalogue of void reasons from its 608 format (comprobantes anulados).
 * The portal requires one on every void; the API takes it optionally (`motivo`, an extension), so
 * a void without one stays possible (older records, clients that never send it) and is never given
 * a default: the 608 TXT and the audit pack list such voids apart.
 *
 * Pure and browser-safe. Portal labels live in the i18n catalogues (es/en); the 608 TXT writes only
 * the two-digit code. The Spanish names below are DGII's own wording, for documentation and for
 * files addressed to the authority.
 */

export const VOID_REASON_CODES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"] as const;

export type VoidReasonCode = (typeof VOID_REASON_CODES)[number];

/** Longest free text kept with a reason (API `motivo.descripcion`, portal field). */
export const VOID_REASON_TEXT_MAX = 250;

export function isVoidReasonCode(value: unknown): value is VoidReasonCode {
  return typeof value === "string" && (VOID_REASON_CODES as readonly string[]).includes(value);
}

/** DGII's names of the 608 reasons, as the authority writes them. */
export const VOID_REASON_DGII_NAMES: Readonly<Record<VoidReasonCode, string>> = {
  "01": "Deterioro de factura pre-impresa",
  "02": "Errores de impresión",
  "03": "Impresión defectuosa",
  "04": "Corrección de la información",
  "05": "Cambio de productos",
  "06": "Devolución de productos",
  "07": "Omisión de productos",
  "08": "Errores en secuencia de NCF",
  "09": "Por cese de operaciones",
  "10": "Pérdida o hurto de talonarios",
};

/** A void's reason as the domain carries it: the code and the (possibly absent) free text. */
export interface VoidReason {
  code: VoidReasonCode;
  text: string | null;
}

/**
 * The reason of a stored record, or null when it has none (or a code outside the catalogue, which
 * the app never writes: treated as none rather than shown as something DGII does not know).
 */
export function voidReasonOf(record: {
  reasonCode: string | null;
  reasonText: string | null;
}): VoidReason | null {
  if (!isVoidReasonCode(record.reasonCode)) return null;
  return { code: record.reasonCode, text: record.reasonText };
}

/** The portal's reason fields as typed: a code chosen from the select ("" none yet) and the text. */
export interface VoidReasonDraft {
  code: string;
  text: string;
}

export const EMPTY_REASON_DRAFT: VoidReasonDraft = { code: "", text: "" };

/** What is wrong with the portal's reason fields: the portal requires the code and the text. */
export interface ReasonDraftProblems {
  code?: "missing";
  text?: "missing" | "tooLong";
}

export function reasonDraftProblems(draft: VoidReasonDraft): ReasonDraftProblems {
  const problems: ReasonDraftProblems = {};
  if (!isVoidReasonCode(draft.code)) problems.code = "missing";
  const text = draft.text.trim();
  if (text === "") problems.text = "missing";
  else if (text.length > VOID_REASON_TEXT_MAX) problems.text = "tooLong";
  return problems;
}

/** The reason the portal sends (code and trimmed text), or null while a field is missing or wrong. */
export function reasonOfDraft(draft: VoidReasonDraft): VoidReason | null {
  const problems = reasonDraftProblems(draft);
  if (problems.code || problems.text || !isVoidReasonCode(draft.code)) return null;
  return { code: draft.code, text: draft.text.trim() };
}
