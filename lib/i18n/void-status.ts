import { voidRejectionCause } from "@/lib/domain/void-rejection-cause";
import type { SettledBy } from "@/lib/domain/void-settlement";

import type { Dictionary } from "./index";
import { format } from "./index";

type VoidStatusTexts = Dictionary["voidStatus"];

/** What a record adds to its status's words: each fact is one mark after the status. */
export interface VoidStatusFacts {
  /** An Error's reason ("Error · interrumpida"); ignored for the other statuses. */
  errorCode?: string | null;
  /** DGII's partial success (the record has excepted ranges): "Aceptado · parcial". */
  partial?: boolean;
  /** A person recorded the outcome, or DGII accepted a resend (lib/domain/void-settlement `settledBy`). */
  settledBy?: SettledBy | null;
  /** A late DGII answer disagrees with the settlement: someone must look ("· revisar"). */
  needsReview?: boolean;
}

/**
 * The words for a void's status, the same in the history, the detail, the result page, the search,
 * the organization's overview and the export: the spec's value ("Aceptado", in the reader's
 * language) followed by what the record adds, in this order — an Error's reason, "parcial", how it
 * was settled, "revisar" (e.g. "Aceptado · parcial · por reenvío · revisar").
 */
export function voidStatusLabel(texts: VoidStatusTexts, status: string, facts: VoidStatusFacts = {}): string {
  const label = (texts.labels as Record<string, string>)[status] ?? status;
  const reason =
    status === "Error" && facts.errorCode
      ? (texts.reasons as Record<string, string>)[facts.errorCode]
      : undefined;
  const marks = [
    reason,
    status === "Aceptado" && facts.partial ? texts.partial.mark : undefined,
    // Only an outcome can be settled: an Error is not (yet).
    status !== "Error" && facts.settledBy ? texts.settledBy[facts.settledBy] : undefined,
    facts.needsReview ? texts.needsReview : undefined,
  ].filter((mark): mark is string => Boolean(mark));
  return marks.length === 0 ? label : format(texts.withReason, { status: label, reason: marks.join(" · ") });
}

/**
 * What a status means for the reader (and, for an Error, what its reason means, or null if unknown),
 * and, for an Error, the next steps its reason calls for (an interrupted wait promises no answer).
 */
export function voidStatusMeaning(
  texts: VoidStatusTexts,
  status: string,
  errorCode?: string | null,
  /** DGII's messages: a rejection for the certificate (delegation, signature) says to check it, not the ranges. */
  messages: readonly string[] = [],
): { meaning: string | null; reason: string | null; steps: readonly string[] } {
  if (status === "Rechazado" && voidRejectionCause(messages) === "certificate") {
    return { meaning: texts.rejectedForCertificate, reason: null, steps: [] };
  }
  const meaning = (texts.meanings as Record<string, string>)[status] ?? null;
  if (status !== "Error") return { meaning, reason: null, steps: [] };
  const reason = errorCode ? ((texts.reasonMeanings as Record<string, string>)[errorCode] ?? null) : null;
  const steps =
    (texts.errorSteps as Record<string, readonly string[]>)[errorCode ?? ""] ?? texts.errorSteps.other;
  // Not sent at all (DGII refused the certificate): "do not resend blindly" would mislead.
  return { meaning: errorCode === "TAXAUTH_AUTH_ERROR" ? null : meaning, reason, steps };
}

/** Network failures by the code Node gives them; a broken pipe is a cut connection too. */
const NETWORK_CAUSES: Record<string, keyof VoidStatusTexts["errorCauses"]> = {
  ECONNRESET: "ECONNRESET",
  EPIPE: "ECONNRESET",
  ECONNREFUSED: "ECONNREFUSED",
  ETIMEDOUT: "ETIMEDOUT",
  ENOTFOUND: "ENOTFOUND",
  EAI_AGAIN: "ENOTFOUND",
};

/**
 * Why an attempt is in Error, as a sentence in the reader's language (never "TAXAUTH_VOID_ERROR —
 * … ECONNRESET"), with the code kept for whoever asks support: a network code in the stored
 * message names what happened, a known error code says its meaning, anything else a general line.
 */
export function errorCauseText(
  texts: VoidStatusTexts,
  appErrors: Readonly<Record<string, string>>,
  errorCode: string,
  errorMessage: string | null | undefined,
): { sentence: string; code: string } {
  const detail = errorDetailText(texts, errorMessage);
  if (detail)
    return { sentence: detail.sentence, code: [errorCode, detail.code].filter(Boolean).join(" · ") };
  const meaning = (texts.reasonMeanings as Record<string, string>)[errorCode] ?? appErrors[errorCode];
  return { sentence: meaning ?? texts.errorCauses.other, code: errorCode };
}

/**
 * What a stored transport message says, in a sentence ("La conexión con la DGII se cortó…" for
 * "Error de red con DGII: ECONNRESET"), with its network code; null when it names no network failure
 * or timeout (the message is then shown as stored).
 */
export function errorDetailText(
  texts: VoidStatusTexts,
  errorMessage: string | null | undefined,
): { sentence: string; code: string | null } | null {
  const network = /\b(E[A-Z_]{3,})\b/.exec(errorMessage ?? "")?.[1];
  const cause = network ? NETWORK_CAUSES[network] : undefined;
  if (cause) return { sentence: texts.errorCauses[cause], code: network! };
  if (/no respondió|no se pudo conectar|did not answer|timed? ?out/i.test(errorMessage ?? "")) {
    return { sentence: texts.errorCauses.timeout, code: null };
  }
  return null;
}
