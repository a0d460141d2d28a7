import "server-only";

import { truncateForMessage } from "@/lib/domain/shown-value";
import { describeBody, parseVoidResponse } from "./response-body";
import type { HttpAnswer } from "./transport";
import type { TaxAuthVoidResponse, VoidOutcome } from "./types";
import {
  FULL_SUCCESS_MESSAGE,
  isSequenceDetail,
  NOMBRE_MEANINGS,
  normaliseText,
  parseSequenceDetail,
  publishedMessage,
  readPublishedMessage,
  SATISFACTORIO,
  type DetailRange,
  type MessageMeaning,
} from "./void-answer-table";

export { FULL_SUCCESS_MESSAGE, SATISFACTORIO } from "./void-answer-table";

/** How much of an unrecognized answer the record keeps: DGII's answers are far shorter. */
const MAX_RAW_ANSWER_CHARS = 8_000;

/** What a message says: a published text's meaning, "detail" for a bare list of sequences, else nothing. */
export type MessageReading = MessageMeaning | "detail" | undefined;

/** An answer read field by field, structured fields first: the rules below look at nothing else. */
export interface ReadAnswer {
  httpStatus: number;
  response: TaxAuthVoidResponse;
  /** What the nombre says when it is one whose meaning is known ("Aceptado", "Satisfactorio", "Rechazado"). */
  nombreSays?: "accepted" | "rejected";
  /** One reading per message, in order. */
  messages: MessageReading[];
}

export interface VoidAnswerRule {
  /** The row as the documentation and the tests name it. */
  row: string;
  kind: "accepted" | "rejected";
  matches(answer: ReadAnswer): boolean;
}

const is2xx = (status: number) => status >= 200 && status < 300;
const TABLE_CODIGOS = new Set(["1", "2", "15"]);
/** A published message that cannot stand beside an acceptance: DGII says something was not voided. */
const deniesAcceptance = (reading: MessageReading) =>
  reading === "rejected" || reading === "partially-voided" || reading === "not-voided";
/** A published message that cannot stand beside a rejection: DGII says something was voided. */
const deniesRejection = (reading: MessageReading) => reading === "voided" || reading === "partially-voided";

/**
 * Every answer the service understands: the first row that matches decides. Structured fields
 * first (HTTP status, codigo as string or number, nombre), then DGII's published messages, matched
 * word for word (void-answer-table.ts). A published message that contradicts the codigo (a
 * rejection text under codigo 1, a success text under codigo 2, the partial-success text anywhere)
 * matches no row. An answer no row matches is never guessed: it stays a failure (record Error)
 * with the raw answer kept.
 *
 * An acceptance is final (the numbers can never be used again, later voids of them get
 * ALREADY_VOIDED), so a variant we have not seen costs a manual check of an Error record, never a
 * wrong Aceptado: only codigo 1 or DGII's full-success 15 accept. A partial success (some
 * sequences voided, the detail's not) matches none of these rows: classifyVoidAnswer reads it apart
 * (isPartialSuccess, partialSuccessDetail), and only with a detail of valid e-NCF.
 */
export const VOID_ANSWER_RULES: readonly VoidAnswerRule[] = [
  {
    row: 'codigo 1 with HTTP 2xx → accepted (the spec), unless nombre is "Rechazado" or a published message says rejection, partial success or "No fue posible anular"',
    kind: "accepted",
    matches: ({ httpStatus, response, nombreSays, messages }) =>
      is2xx(httpStatus) &&
      response.codigo === "1" &&
      nombreSays !== "rejected" &&
      !messages.some(deniesAcceptance),
  },
  {
    row: 'codigo 2 with HTTP below 500 → rejected (the spec), unless nombre is "Aceptado"/"Satisfactorio" or a published message says the sequences were voided (wholly or partly)',
    kind: "rejected",
    matches: ({ httpStatus, response, nombreSays, messages }) =>
      httpStatus < 500 &&
      response.codigo === "2" &&
      nombreSays !== "accepted" &&
      !messages.some(deniesRejection),
  },
  {
    row: `codigo 15, nombre "${SATISFACTORIO}", every message (at least one) exactly "Las secuencias fueron anuladas correctamente.", HTTP 2xx → accepted`,
    kind: "accepted",
    matches: ({ httpStatus, response }) =>
      is2xx(httpStatus) &&
      response.codigo === "15" &&
      normaliseText(response.nombre) === SATISFACTORIO &&
      // At least one: a bare "Satisfactorio" with no text is not the answer we know.
      response.mensajes.length > 0 &&
      // Word for word, without even a detail: the only text that may turn a 15 into Aceptado.
      response.mensajes.every((message) => normaliseText(message) === FULL_SUCCESS_MESSAGE),
  },
  {
    row: 'a codigo outside this table with HTTP below 500 → rejected when every message is a published rejection text (at least one) or a bare list of sequences, and nombre is not "Aceptado"/"Satisfactorio"',
    kind: "rejected",
    matches: ({ httpStatus, response, nombreSays, messages }) =>
      httpStatus < 500 &&
      !TABLE_CODIGOS.has(response.codigo) &&
      nombreSays !== "accepted" &&
      messages.some((reading) => reading === "rejected") &&
      messages.every((reading) => reading === "rejected" || reading === "detail"),
  },
];

/** Reads nombre and each message against DGII's published words; structure only, no decision. */
export function readVoidAnswer(httpStatus: number, response: TaxAuthVoidResponse): ReadAnswer {
  return {
    httpStatus,
    response,
    nombreSays: NOMBRE_MEANINGS.get(normaliseText(response.nombre)),
    messages: response.mensajes.map(
      (message) => publishedMessage(message)?.meaning ?? (isSequenceDetail(message) ? "detail" : undefined),
    ),
  };
}

/**
 * DGII's answer to anularrango (JSON or XML) as an outcome. A 5xx, or a body without a codigo, is
 * a failure described in one line (the void may or may not have happened); an answer no rule
 * understands is a failure whose reason carries the answer as received, verbatim (up to 8,000
 * characters), which the record keeps as its errorMessage for the operator to read.
 */
export function classifyVoidAnswer(answer: HttpAnswer): VoidOutcome {
  const httpStatus = answer.status;
  const response = parseVoidResponse(answer.body) ?? undefined;
  if (httpStatus >= 500 || !response) {
    const reason = describeBody(httpStatus, answer.body, answer.contentType);
    return { kind: "failed", stage: "send", reason, httpStatus, response };
  }
  const read = readVoidAnswer(httpStatus, response);
  const rule = VOID_ANSWER_RULES.find((candidate) => candidate.matches(read));
  if (rule) return { kind: rule.kind, response, httpStatus };
  const excepted = isPartialSuccess(read) ? partialSuccessDetail(response.mensajes) : undefined;
  if (excepted) {
    return {
      kind: "partially-accepted",
      response,
      httpStatus,
      excepted,
      unfitReason: unrecognizedReason(
        httpStatus,
        response.codigo,
        answer.body,
        "éxito parcial cuyas secuencias exceptuadas no están todas entre las enviadas, o que las excluye todas",
      ),
    };
  }
  return {
    kind: "failed",
    stage: "send",
    reason: unrecognizedReason(httpStatus, response.codigo, answer.body),
    httpStatus,
    response,
  };
}

/** The stored reason of an answer no rule understood, with the answer verbatim (up to 8,000 characters). */
function unrecognizedReason(httpStatus: number, codigo: string, body: string, why?: string): string {
  return (
    `Respuesta de la DGII no reconocida (HTTP ${httpStatus}, codigo "${truncateForMessage(codigo)}")` +
    (why ? ` (${why})` : "") +
    ": no se tomó como aceptada ni como rechazada; verifique en la DGII. Respuesta recibida: " +
    truncateForMessage(body.trim(), "es", MAX_RAW_ANSWER_CHARS)
  );
}

/**
 * DGII's partial success, by its structured fields and published texts: HTTP 2xx, codigo 1 (nombre
 * not "Rechazado") or 15 with nombre "Satisfactorio", and among the messages the partial-success
 * text or "No fue posible anular las siguientes secuencias". Whether its detail can be read is
 * partialSuccessDetail's question. Under codigo 2 or any other codigo the texts decide nothing.
 */
export function isPartialSuccess({ httpStatus, response, nombreSays, messages }: ReadAnswer): boolean {
  const successCodigo =
    (response.codigo === "1" && nombreSays !== "rejected") ||
    (response.codigo === "15" && normaliseText(response.nombre) === SATISFACTORIO);
  return (
    is2xx(httpStatus) &&
    successCodigo &&
    messages.some((reading) => reading === "partially-voided" || reading === "not-voided")
  );
}

/**
 * The excepted sequences of a partial success: every message is DGII's full- or partial-success
 * text, "No fue posible anular…" (each bare, or the last two followed by ": detail"), or a bare list
 * of sequences, and together they list at least one. Anything else (another text, a detail that is
 * not valid e-NCF, no sequence at all) → undefined: the answer stays unrecognized (Error).
 */
export function partialSuccessDetail(mensajes: readonly string[]): DetailRange[] | undefined {
  const excepted: DetailRange[] = [];
  for (const message of mensajes) {
    const published = readPublishedMessage(message);
    let detail: string | undefined;
    if (published) {
      const { meaning } = published.message;
      if (meaning === "rejected" || (meaning === "voided" && published.detail !== undefined))
        return undefined;
      detail = published.detail;
    } else {
      detail = message;
    }
    if (detail === undefined) continue;
    const ranges = parseSequenceDetail(detail);
    if (!ranges) return undefined;
    excepted.push(...ranges);
  }
  return excepted.length > 0 ? excepted : undefined;
}
