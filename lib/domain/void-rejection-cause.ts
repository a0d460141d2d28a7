/**
 * Why DGII rejected a void, when its answer says so: some of DGII's published anularrango messages
 * are about the signer, not the ranges ("Descripción Técnica de Facturación Electrónica" v1.6,
 * "Anulación de e‑NCF", VALIDACIONES). A clerk told to "correct the ranges" after one of these would
 * change the wrong thing. Isomorphic: the result page (browser) and the detail page read it.
 * lib/server/platform/taxauth/void-answer-table.ts lists the same texts among the published ones.
 */
export const DELEGATION_MESSAGE =
  "El RNC del certificado no está delegado para realizar transacciones para el RNC";
export const BAD_SIGNATURE_MESSAGE = "La firma del documento no es válida";

const CERTIFICATE_MESSAGES = [DELEGATION_MESSAGE, BAD_SIGNATURE_MESSAGE].map(normalise);

function normalise(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

/**
 * "certificate" when one of DGII's messages is a certificate message, word for word or followed by
 * a colon and a detail ("…para el RNC: 130000001"), the way void-answer-table reads published texts;
 * never a substring search. null when the messages say nothing about the cause.
 */
export function voidRejectionCause(messages: readonly string[]): "certificate" | null {
  for (const message of messages) {
    const text = normalise(message);
    const colon = text.indexOf(":");
    const head = colon > 0 ? text.slice(0, colon).trimEnd() : text;
    if (CERTIFICATE_MESSAGES.includes(text) || CERTIFICATE_MESSAGES.includes(head)) return "certificate";
  }
  return null;
}
