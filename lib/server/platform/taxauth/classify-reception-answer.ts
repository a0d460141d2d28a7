import "server-only";

import { describeBody, tryJson } from "./response-body";
import type { HttpAnswer } from "./transport";

/**
 * What DGII's `recepcion` said about an e-CF:
 * - received: it answered a trackId; its verdict is read later by that trackId (consultaresultado).
 * - refused: it answered, without a trackId, that it did not take the document (a 4xx other than
 *   401, or a 200 carrying `error`/`mensaje` and no trackId): nothing was received, the number is
 *   not spent by this send.
 * - failed: no answer, or one that cannot be read (a 5xx, HTML from a proxy, a 200 without a
 *   trackId or an error): the document MAY have been received; only consultatrackids can tell.
 */
export type ReceptionOutcome =
  | { kind: "received"; trackId: string; httpStatus: number }
  | { kind: "refused"; reason: string; httpStatus: number }
  | { kind: "failed"; reason: string; httpStatus?: number };

export function classifyReceptionAnswer(answer: HttpAnswer): ReceptionOutcome {
  const json = tryJson(answer.body.trim());
  const fields = json && typeof json === "object" && !Array.isArray(json) ? readFields(json) : undefined;
  if (answer.status === 200 && fields?.trackId) {
    return { kind: "received", trackId: fields.trackId, httpStatus: answer.status };
  }
  const described = describeBody(answer.status, answer.body, answer.contentType);
  const said = fields?.error || fields?.mensaje;
  if (said && answer.status < 500) {
    return { kind: "refused", reason: described, httpStatus: answer.status };
  }
  if (answer.status >= 400 && answer.status < 500 && typeof json === "string") {
    return { kind: "refused", reason: described, httpStatus: answer.status };
  }
  return { kind: "failed", reason: described, httpStatus: answer.status };
}

/** trackId, error and mensaje, read in any case (DGII's services are not consistent about it). */
function readFields(json: object): { trackId?: string; error?: string; mensaje?: string } {
  const read: Record<string, string> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = key.toLowerCase();
    if (typeof value === "string" && value.trim() !== "") read[name] = value.trim();
    if (name === "mensajes" && Array.isArray(value) && value.length > 0)
      read.mensaje ??= JSON.stringify(value);
  }
  return { trackId: read.trackid, error: read.error, mensaje: read.mensaje };
}
