import "server-only";

import { jsonReply, type Reply } from "./reply";

/**
 * The ways the simulated DGII words its anularrango answers (docs/architecture.md, "Dialects").
 * DGII publishes no table of codigo values, and the answers seen in the field differ, so Anula must
 * read them all:
 * - success1 (default): the spec's observed answers, codigo "1" Aceptado / "2" Rechazado, JSON.
 * - success15: an acceptance as the real one an integrator relayed: codigo 15, "Satisfactorio",
 *   "Las secuencias fueron anuladas correctamente."; rejections as success1.
 * - xml: the answers of success1 in DGII's documented XML form `<RespuestaAnulacionRango>`.
 * - partial: DGII's partial success: the sequences that are unauthorized, issued or voided are
 *   excepted and listed, the rest is voided: codigo 15 "Satisfactorio", DGII's partial-success
 *   text, then one message per excepted sequence or range.
 */
export const DIALECTS = ["success1", "success15", "xml", "partial"] as const;
export type Dialect = (typeof DIALECTS)[number];

export const MESSAGE_FULL_SUCCESS = "Las secuencias fueron anuladas correctamente.";
export const MESSAGE_PARTIAL_SUCCESS =
  "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";

export function isDialect(value: unknown): value is Dialect {
  return typeof value === "string" && (DIALECTS as readonly string[]).includes(value);
}

/** The answer's fields; codigo is a number where the dialect writes one (success15, partial). */
export interface VoidAnswer {
  rnc: string;
  codigo: string | number;
  nombre: string;
  mensajes: string[];
}

type Call = Reply["call"];

export function acceptedReply(dialect: Dialect, rnc: string, call: Call): Reply {
  if (dialect === "success15" || dialect === "partial") {
    return answerReply(
      dialect,
      { rnc, codigo: 15, nombre: "Satisfactorio", mensajes: [MESSAGE_FULL_SUCCESS] },
      call,
    );
  }
  return answerReply(dialect, { rnc, codigo: "1", nombre: "Aceptado", mensajes: [] }, call);
}

export function rejectedReply(dialect: Dialect, rnc: string, messages: string[], call: Call): Reply {
  return answerReply(dialect, { rnc, codigo: "2", nombre: "Rechazado", mensajes: messages }, call);
}

/** DGII's partial success: its text, then one message per excepted sequence or range. */
export function partialReply(rnc: string, excepted: string[], call: Call): Reply {
  return answerReply(
    "partial",
    { rnc, codigo: 15, nombre: "Satisfactorio", mensajes: [MESSAGE_PARTIAL_SUCCESS, ...excepted] },
    call,
  );
}

function answerReply(dialect: Dialect, answer: VoidAnswer, call: Call): Reply {
  if (dialect !== "xml") return jsonReply(200, answer, call);
  const element = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;
  const body =
    '<?xml version="1.0" encoding="UTF-8"?><RespuestaAnulacionRango>' +
    element("rnc", answer.rnc) +
    element("codigo", answer.codigo) +
    element("nombre", answer.nombre) +
    answer.mensajes.map((message) => element("mensajes", message)).join("") +
    "</RespuestaAnulacionRango>";
  return { status: 200, body, contentType: "application/xml; charset=utf-8", call };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
