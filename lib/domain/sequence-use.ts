/**
 * Whether an e-NCF number is used, from what DGII said about its submissions. The one statement of
 * the rule: the ledger's writer (lib/server/ledger/document-writer.ts) applies it to every document
 * it writes, and anything else that needs the verdict calls these functions, never restates them.
 *
 * Source: DGII, "Anulación de e-NCF" (a range can be voided only while its numbers were never used)
 * and the consultaresultado answer's `secuenciaUtilizada` (DGII's own verdict on a rejected e-CF:
 * some rejections consume the number, others leave it free). consultatrackids lists every
 * submission of an e-NCF with its estado, but not secuenciaUtilizada.
 *
 * - USED: any submission is Aceptado, Aceptado Condicional or En Proceso, or Rechazado with
 *   secuenciaUtilizada true. A state this rule does not know counts as used (a void is
 *   irreversible: an unknown word from DGII is never read as "free").
 * - REUSABLE: every submission is Rechazado with secuenciaUtilizada false.
 * - UNKNOWN: anything else (no submission, or a rejection whose verdict is not known). Unknown is
 *   never proposed as a gap.
 */

export type SequenceUse = "used" | "reusable" | "unknown";

/** One submission of an e-NCF to DGII, as far as its answers tell. */
export interface Submission {
  /** DGII's estado as it words it ("Aceptado", "Rechazado"…); "" or absent when not known. */
  estado?: string | null;
  /** consultaresultado's verdict on the number; absent when DGII's answer did not carry it. */
  secuenciaUtilizada?: boolean | null;
}

/** DGII's estados that mean the number is taken whatever comes next. */
const USED_ESTADOS: ReadonlySet<string> = new Set(["Aceptado", "Aceptado Condicional", "En Proceso"]);

/** DGII's estados the rule knows; any other word counts as used. "" is "not said" (unknown). */
const KNOWN_ESTADOS: ReadonlySet<string> = new Set([...USED_ESTADOS, "Rechazado", "No encontrado", ""]);

/**
 * One submission's estado alone makes the number used, whatever else DGII holds for it (a word the
 * rule does not know included). "Rechazado" alone does not: it needs DGII's secuenciaUtilizada.
 */
export function isUsedEstado(estado: string): boolean {
  const word = estado.trim();
  return USED_ESTADOS.has(word) || !KNOWN_ESTADOS.has(word);
}

export function sequenceUse(submissions: readonly Submission[]): SequenceUse {
  if (submissions.length === 0) return "unknown";
  let allFree = true;
  for (const { estado, secuenciaUtilizada } of submissions) {
    const word = (estado ?? "").trim();
    if (isUsedEstado(word)) return "used";
    if (word === "Rechazado" && secuenciaUtilizada === true) return "used";
    if (word !== "Rechazado" || secuenciaUtilizada !== false) allFree = false;
  }
  return allFree ? "reusable" : "unknown";
}

/**
 * A stored document's submissions: its own (its status, DGII's last verdict on the number among the
 * answers about its trackId) and every other trackId its answers name (a lookup that found more
 * submissions of the same e-NCF), each at its latest estado. Unreadable answers are skipped.
 */
export function submissionsOfDocument(document: {
  status: string;
  trackId?: string | null;
  answers: readonly string[];
}): Submission[] {
  const own = document.trackId ?? firstTrackId(document.answers) ?? "";
  const byTrackId = new Map<string, Submission>([[own, { estado: document.status }]]);
  for (const text of document.answers) {
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) continue;
    const { trackId, estado, secuenciaUtilizada } = answer as Record<string, unknown>;
    const key = typeof trackId === "string" && trackId !== "" ? trackId : own;
    const known = byTrackId.get(key) ?? {};
    const next: Submission = { ...known };
    // The document's own status is its submission's current estado; other trackIds take their latest.
    if (key !== own && typeof estado === "string" && estado !== "") next.estado = estado;
    if (typeof secuenciaUtilizada === "boolean") next.secuenciaUtilizada = secuenciaUtilizada;
    byTrackId.set(key, next);
  }
  return [...byTrackId.values()];
}

/** The trackId of the first answer naming one: a document imported without its own trackId. */
function firstTrackId(answers: readonly string[]): string | undefined {
  for (const text of answers) {
    const match = /"trackId"\s*:\s*"([^"]+)"/.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

/** The ledger's one boolean: a number is free again only when the rule says reusable. */
export function isReusable(submissions: readonly Submission[]): boolean {
  return sequenceUse(submissions) === "reusable";
}
