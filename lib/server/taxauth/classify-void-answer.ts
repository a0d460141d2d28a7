import "server-only";

import { truncateForMessage } from "@/lib/domain/shown-value";
import { describeBody, parseVoidResponse } from "./response-body";
import type { HttpAnswer } from "./transport";
import type { TaxAuthVoidResponse, VoidOutcome } from "./types";

/** DGII's published text of a void that succeeded whole (DOMAIN.md). */
export const FULL_SUCCESS_MESSAGE = "Las secuencias fueron anuladas correctamente.";
/** The nombre that goes with codigo 15 in the one real success an integrator relayed (DOMAIN.md). */
export const SATISFACTORIO = "Satisfactorio";

/** How much of an unrecognized answer the record keeps: DGII's JSON answers are far shorter. */
const MAX_RAW_ANSWER_CHARS = 8_000;

interface StructuredAnswer {
  httpStatus: number;
  response: TaxAuthVoidResponse;
}

export interface VoidAnswerRule {
  /** The row as the documentation and the tests name it. */
  row: string;
  kind: "accepted" | "rejected";
  matches(answer: StructuredAnswer): boolean;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * Every answer the service understands, read from structured fields only (HTTP status, codigo as
 * string or number, nombre, mensajes): the first row that matches decides. An answer no row
 * matches is never guessed: it stays a failure (record Error) with the raw answer kept.
 *
 * Texts are compared after trimming, case-sensitively and whole: these are fixed strings of DGII's
 * service, and the only evidence is their exact spelling. An acceptance is final (the numbers can
 * never be used again, later voids of them get ALREADY_VOIDED), so a variant we have not seen costs
 * a manual check of an Error record, never a wrong Aceptado. The partial-success text ("… Con
 * excepción de las secuencias del detalle") is not the full-success text, so it never passes.
 */
export const VOID_ANSWER_RULES: readonly VoidAnswerRule[] = [
  {
    row: 'codigo 1 with HTTP 2xx → accepted (the spec: "1" accepted)',
    kind: "accepted",
    matches: ({ httpStatus, response }) => is2xx(httpStatus) && response.codigo === "1",
  },
  {
    row: 'codigo 2 with HTTP below 500 → rejected (the spec: "2" rejected, whatever its texts say)',
    kind: "rejected",
    matches: ({ httpStatus, response }) => httpStatus < 500 && response.codigo === "2",
  },
  {
    row: `codigo 15, nombre "${SATISFACTORIO}", every message (at least one) exactly "${FULL_SUCCESS_MESSAGE}", HTTP 2xx → accepted`,
    kind: "accepted",
    matches: ({ httpStatus, response }) =>
      is2xx(httpStatus) &&
      response.codigo === "15" &&
      response.nombre.trim() === SATISFACTORIO &&
      // At least one: a bare "Satisfactorio" with no text is not the answer we know.
      response.mensajes.length > 0 &&
      response.mensajes.every((message) => message.trim() === FULL_SUCCESS_MESSAGE),
  },
];

/**
 * DGII's answer to anularrango as an outcome. A 5xx, or a body without a codigo, is a failure
 * described in one line (the void may or may not have happened); a codigo no rule understands is a
 * failure whose reason carries the answer as received, verbatim (up to 8,000 characters), which the
 * record keeps as its errorMessage for the operator to read.
 */
export function classifyVoidAnswer(answer: HttpAnswer): VoidOutcome {
  const httpStatus = answer.status;
  const response = parseVoidResponse(answer.body) ?? undefined;
  if (httpStatus >= 500 || !response) {
    const reason = describeBody(httpStatus, answer.body, answer.contentType);
    return { kind: "failed", stage: "send", reason, httpStatus, response };
  }
  const rule = VOID_ANSWER_RULES.find((candidate) => candidate.matches({ httpStatus, response }));
  if (rule) return { kind: rule.kind, response, httpStatus };
  return {
    kind: "failed",
    stage: "send",
    reason:
      `Respuesta de la DGII no reconocida (HTTP ${httpStatus}, codigo "${truncateForMessage(response.codigo)}"): ` +
      "no se tomó como aceptada ni como rechazada; verifique en la DGII. Respuesta recibida: " +
      truncateForMessage(answer.body.trim(), "es", MAX_RAW_ANSWER_CHARS),
    httpStatus,
    response,
  };
}
