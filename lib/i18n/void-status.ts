import { voidRejectionCause } from "@/lib/domain/void-rejection-cause";

import type { Dictionary } from "./index";
import { format } from "./index";

type VoidStatusTexts = Dictionary["voidStatus"];

/**
 * The words for a void's status, the same in the history, the detail, the result page and the
 * export: the spec's value ("Aceptado", in the reader's language), and for an Error the reason
 * ("Error · interrumpida") when the record names one.
 */
export function voidStatusLabel(
  texts: VoidStatusTexts,
  status: string,
  errorCode?: string | null,
  /** DGII's partial success (the record has excepted ranges): "Aceptado · parcial". */
  partial?: boolean,
): string {
  const label = (texts.labels as Record<string, string>)[status] ?? status;
  const reason =
    status === "Error" && errorCode
      ? (texts.reasons as Record<string, string>)[errorCode]
      : status === "Aceptado" && partial
        ? texts.partial.mark
        : undefined;
  return reason ? format(texts.withReason, { status: label, reason }) : label;
}

/** What a status means for the reader (and, for an Error, what its reason means), or null if unknown. */
export function voidStatusMeaning(
  texts: VoidStatusTexts,
  status: string,
  errorCode?: string | null,
  /** DGII's messages: a rejection for the certificate (delegation, signature) says to check it, not the ranges. */
  messages: readonly string[] = [],
): { meaning: string | null; reason: string | null } {
  if (status === "Rechazado" && voidRejectionCause(messages) === "certificate") {
    return { meaning: texts.rejectedForCertificate, reason: null };
  }
  const meaning = (texts.meanings as Record<string, string>)[status] ?? null;
  if (status !== "Error") return { meaning, reason: null };
  const reason = errorCode ? ((texts.reasonMeanings as Record<string, string>)[errorCode] ?? null) : null;
  // Not sent at all (DGII refused the certificate): "do not resend blindly" would mislead.
  return { meaning: errorCode === "TAXAUTH_AUTH_ERROR" ? null : meaning, reason };
}
