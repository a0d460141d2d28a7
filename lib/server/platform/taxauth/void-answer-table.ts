import "server-only";

import { readEncf } from "@/lib/domain/encf";
import { BAD_SIGNATURE_MESSAGE, DELEGATION_MESSAGE } from "@/lib/domain/void-rejection-cause";

/**
 * Everything Anula knows about the words of DGII's anularrango answers, with where each fact comes
 * from. classify-void-answer.ts decides from these tables only; nothing else reads DGII's texts.
 *
 * Sources:
 * - [DT] DGII, "Descripción Técnica de Facturación Electrónica" v1.6 (junio 2023), section
 *   "Anulación de e‑NCF", pp. 30–32: the VALIDACIONES list and the JSON / XML output formats.
 * - [SPEC] the spec's observed outputs: codigo "1" accepted, "2" rejected (nombre "Aceptado" /
 *   "Rechazado"); MSeller ECF's published example answers `{ codigo: "1", nombre: "Aceptado" }`.
 * - [INTEGRATOR] one integrator relays a real success: codigo 15, nombre "Satisfactorio", mensajes
 *   ["Las secuencias fueron anuladas correctamente."] (DOMAIN.md).
 */

/** What a published message says about the void, read on its own. */
export type MessageMeaning =
  /** Every sequence was voided. */
  | "voided"
  /** Some were voided, the ones listed in the detail were not (DGII's partial success). */
  | "partially-voided"
  /** The listed sequences were not voided; alone it does not say whether the others were. */
  | "not-voided"
  /** The document was refused: nothing was voided. */
  | "rejected";

export interface PublishedMessage {
  text: string;
  meaning: MessageMeaning;
  source: string;
}

export const FULL_SUCCESS_MESSAGE = "Las secuencias fueron anuladas correctamente.";
export const PARTIAL_SUCCESS_MESSAGE =
  "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";
export const NOT_VOIDED_MESSAGE = "No fue posible anular las siguientes secuencias";
/** The nombre that goes with codigo 15 in the one real success an integrator relayed. */
export const SATISFACTORIO = "Satisfactorio";

/**
 * Every message DGII publishes for anularrango, as published (compared after trimming, Unicode NFC
 * and collapsing runs of whitespace; case and punctuation count). A message is one of these when it
 * is the text word for word, or the text followed by a colon and a detail ("…han sido utilizadas:
 * E310000000003"), the form DGII prints for its other services ("…para el RNC: {rncEmisor}").
 * Anything else means nothing on its own: never a substring search.
 */
export const PUBLISHED_MESSAGES: readonly PublishedMessage[] = [
  {
    text: FULL_SUCCESS_MESSAGE,
    meaning: "voided",
    source: "[INTEGRATOR]; [DT] prints it as the start of the partial text",
  },
  { text: PARTIAL_SUCCESS_MESSAGE, meaning: "partially-voided", source: "[DT]" },
  { text: NOT_VOIDED_MESSAGE, meaning: "not-voided", source: "[DT]" },
  { text: "Tipo de archivo no valido, favor proveer un XML", meaning: "rejected", source: "[DT]" },
  { text: BAD_SIGNATURE_MESSAGE, meaning: "rejected", source: "[DT]" },
  { text: "El tipo de comprobante no es válido", meaning: "rejected", source: "[DT]" },
  {
    text: "El valor del campoSecuenciaeNCFDesde es mayor al del campo SecuenciaeNCFHasta",
    meaning: "rejected",
    source: "[DT], spelled as printed (no space after «campo»)",
  },
  {
    text: "El valor del campo SecuenciaeNCFDesde es mayor al del campo SecuenciaeNCFHasta",
    meaning: "rejected",
    source: "[DT], the same text with the space the printed one lacks",
  },
  {
    text: "Las secuencias que está intentando anular han sido utilizadas",
    meaning: "rejected",
    source: "[DT]",
  },
  { text: "El campo NoLinea no es válido, no cumple orden secuencial.", meaning: "rejected", source: "[DT]" },
  // The certificate's messages: the portal tells the clerk to check the certificate (void-rejection-cause).
  { text: DELEGATION_MESSAGE, meaning: "rejected", source: "[DT]" },
];

/** nombre values whose meaning is known; any other nombre (DGII calls it a "motivo") says nothing. */
export const NOMBRE_MEANINGS: ReadonlyMap<string, "accepted" | "rejected"> = new Map([
  ["Aceptado", "accepted"], // [SPEC]
  [SATISFACTORIO, "accepted"], // [INTEGRATOR]
  ["Rechazado", "rejected"], // [SPEC]
]);

/** Trim, NFC and single spaces: how DGII's texts are compared (never case or punctuation). */
export function normaliseText(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

const BY_TEXT = new Map(PUBLISHED_MESSAGES.map((message) => [normaliseText(message.text), message]));

/** The published message this text is (word for word, or followed by ": detail"); else undefined. */
export function publishedMessage(text: string): PublishedMessage | undefined {
  return readPublishedMessage(text)?.message;
}

/** The published message this text is, and the detail after its colon when there is one. */
export function readPublishedMessage(
  text: string,
): { message: PublishedMessage; detail?: string } | undefined {
  const normalised = normaliseText(text);
  const exact = BY_TEXT.get(normalised);
  if (exact) return { message: exact };
  const colon = normalised.indexOf(":");
  const detail = normalised.slice(colon + 1).trim();
  if (colon <= 0 || detail === "") return undefined;
  const message = BY_TEXT.get(normalised.slice(0, colon).trimEnd());
  return message ? { message, detail } : undefined;
}

const ENCF = String.raw`[A-Z]\d{12}`;
const RANGE = String.raw`${ENCF}(?:\s*[-–]\s*${ENCF})?`;
const DETAIL_LINE = new RegExp(String.raw`^${RANGE}(?:\s*[,;]\s*${RANGE})*$`);

/** A message that only lists sequences (the "detalle" after a published text): no verdict of its own. */
export function isSequenceDetail(text: string): boolean {
  return DETAIL_LINE.test(normaliseText(text));
}

/** A sequence or range DGII lists in a detail: one series and type, desde ≤ hasta. */
export interface DetailRange {
  serie: string;
  tipoeCF: string;
  desde: number;
  hasta: number;
}

/**
 * The sequences a detail lists ("E310000000003", "E310000000010-E310000000012", several separated
 * by commas or semicolons), or undefined when it is not a list of valid e-NCF (an unknown type, a
 * zero sequence, a range across series or types, or running backwards): such a detail says nothing
 * Anula can act on.
 */
export function parseSequenceDetail(text: string): DetailRange[] | undefined {
  const normalised = normaliseText(text);
  if (!DETAIL_LINE.test(normalised)) return undefined;
  const ranges: DetailRange[] = [];
  for (const item of normalised.split(/\s*[,;]\s*/)) {
    const [first, last = first] = item.split(/\s*[-–]\s*/) as [string, string?];
    const desde = readEncf(first);
    const hasta = readEncf(last);
    if (typeof desde === "string" || typeof hasta === "string") return undefined;
    if (desde.serie !== hasta.serie || desde.tipo !== hasta.tipo || desde.secuencia > hasta.secuencia) {
      return undefined;
    }
    ranges.push({ serie: desde.serie, tipoeCF: desde.tipo, desde: desde.secuencia, hasta: hasta.secuencia });
  }
  return ranges;
}
