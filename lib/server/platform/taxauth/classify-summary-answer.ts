import "server-only";

import { VERDICT_CODES } from "@/lib/domain/dgii-submissions";

import { describeBody, tryJson } from "./response-body";
import type { HttpAnswer } from "./transport";
import { STATUS_ESTADOS, type StatusEstado } from "./types";

/**
 * What DGII's `recepcionfc` said about a consumer-invoice summary (RFCE). Unlike recepcion, the
 * answer is the verdict itself, synchronous and without a trackId:
 * - verdict: `codigo` 1, 2 or 4 with DGII's answer as it came (its `secuenciaUtilizada` says whether
 *   a Rechazado spent the number);
 * - refused: DGII answered a 4xx with an error (a bare string, or JSON naming it) and no verdict:
 *   nothing was received;
 * - failed: no answer, or one that cannot be read (a 5xx, a proxy's HTML, a 200 without a verdict):
 *   the summary MAY have been received; only consultarfce can tell.
 */
export type SummaryOutcome =
  | {
      kind: "verdict";
      codigo: number;
      estado: StatusEstado;
      secuenciaUtilizada: boolean | undefined;
      raw: Record<string, unknown>;
      httpStatus: number;
    }
  | { kind: "refused"; reason: string; httpStatus: number }
  | { kind: "failed"; reason: string; httpStatus?: number };

export function classifySummaryAnswer(answer: HttpAnswer): SummaryOutcome {
  const json = tryJson(answer.body.trim());
  const fields =
    json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const codigo = fields ? Number(valueOf(fields, "codigo")) : NaN;
  const described = describeBody(answer.status, answer.body, answer.contentType);
  if (fields && answer.status < 500 && VERDICT_CODES.has(codigo)) {
    const used = valueOf(fields, "secuenciaUtilizada");
    return {
      kind: "verdict",
      codigo,
      estado: STATUS_ESTADOS[codigo as 1 | 2 | 4],
      secuenciaUtilizada: typeof used === "boolean" ? used : undefined,
      raw: fields,
      httpStatus: answer.status,
    };
  }
  // DGII's own refusals: a bare string ("Multipart cannot be empty") or JSON naming the error.
  const said =
    fields && ["error", "mensaje", "mensajes", "message"].some((name) => hasText(valueOf(fields, name)));
  if (answer.status >= 400 && answer.status < 500 && (said || typeof json === "string")) {
    return { kind: "refused", reason: described, httpStatus: answer.status };
  }
  return { kind: "failed", reason: described, httpStatus: answer.status };
}

/** A field read in any case (DGII's services are not consistent about it). */
function valueOf(fields: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(fields).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : fields[key];
}

function hasText(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.length > 0;
}
