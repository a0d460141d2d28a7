import { describe, expect, it } from "vitest";

import {
  classifyVoidAnswer,
  FULL_SUCCESS_MESSAGE,
  SATISFACTORIO,
  VOID_ANSWER_RULES,
} from "./classify-void-answer";
import { parseVoidResponse } from "./response-body";

const PARTIAL_SUCCESS =
  "Las secuencias fueron anuladas correctamente. Con excepción de las secuencias del detalle";
const RNC = "130000001";
const dgii = (fields: Record<string, unknown>) => JSON.stringify({ rnc: RNC, ...fields });
const success15 = (overrides: Record<string, unknown> = {}) =>
  dgii({ codigo: 15, nombre: SATISFACTORIO, mensajes: [FULL_SUCCESS_MESSAGE], ...overrides });

type Kind = "accepted" | "rejected" | "failed";

/**
 * [case, HTTP status, body, expected kind]. "failed" with a codigo means unrecognized: the record
 * stays Error and keeps the answer verbatim.
 */
const TABLE: Array<[string, number, string, Kind]> = [
  // Row 1: codigo 1 (the spec's observed acceptance)
  ["codigo 1 as a string", 200, dgii({ codigo: "1", nombre: "Aceptado", mensajes: [] }), "accepted"],
  ["codigo 1 as a number", 200, dgii({ codigo: 1 }), "accepted"],
  ["codigo 1 with 201", 201, dgii({ codigo: "1" }), "accepted"],
  ["codigo 1 with HTTP 400", 400, dgii({ codigo: "1" }), "failed"],
  // Row 2: codigo 2 (the spec's observed rejection), whatever its texts say
  ["codigo 2", 200, dgii({ codigo: "2", nombre: "Rechazado", mensajes: ["x"] }), "rejected"],
  ["codigo 2 as a number with HTTP 400", 400, dgii({ codigo: 2, mensajes: ["x"] }), "rejected"],
  ["codigo 2 saying Aceptado", 200, dgii({ codigo: "2", mensajes: "Aceptado" }), "rejected"],
  // Row 3: codigo 15 Satisfactorio with DGII's full-success text (DOMAIN.md)
  ["15 Satisfactorio, the full-success text", 200, success15(), "accepted"],
  ["15 as a string", 200, success15({ codigo: "15" }), "accepted"],
  [
    "15 with spaces around nombre and text",
    200,
    success15({ nombre: ` ${SATISFACTORIO} `, mensajes: [` ${FULL_SUCCESS_MESSAGE}\n`] }),
    "accepted",
  ],
  [
    "15 with the text twice",
    200,
    success15({ mensajes: [FULL_SUCCESS_MESSAGE, FULL_SUCCESS_MESSAGE] }),
    "accepted",
  ],
  [
    "15 with { valor } messages",
    200,
    success15({ mensajes: [{ valor: FULL_SUCCESS_MESSAGE, codigo: 0 }] }),
    "accepted",
  ],
  [
    "15 with capitalised keys",
    200,
    JSON.stringify({ Rnc: RNC, Codigo: 15, Nombre: SATISFACTORIO, Mensajes: [FULL_SUCCESS_MESSAGE] }),
    "accepted",
  ],
  // codigo 15 that is not a full success: never guessed
  ["15 partial success", 200, success15({ mensajes: [PARTIAL_SUCCESS] }), "failed"],
  [
    "15 partial success beside the full text",
    200,
    success15({ mensajes: [FULL_SUCCESS_MESSAGE, PARTIAL_SUCCESS] }),
    "failed",
  ],
  [
    "15 with another message beside the full text",
    200,
    success15({ mensajes: [FULL_SUCCESS_MESSAGE, "El RNC no está delegado"] }),
    "failed",
  ],
  ["15 without messages", 200, success15({ mensajes: [] }), "failed"],
  ["15 without the mensajes field", 200, dgii({ codigo: 15, nombre: SATISFACTORIO }), "failed"],
  [
    "15 with the text in lower case",
    200,
    success15({ mensajes: [FULL_SUCCESS_MESSAGE.toLowerCase()] }),
    "failed",
  ],
  [
    "15 with the text without its period",
    200,
    success15({ mensajes: [FULL_SUCCESS_MESSAGE.slice(0, -1)] }),
    "failed",
  ],
  [
    "15 with the text inside a longer one",
    200,
    success15({ mensajes: [`Aviso: ${FULL_SUCCESS_MESSAGE}`] }),
    "failed",
  ],
  ["15 with nombre in lower case", 200, success15({ nombre: "satisfactorio" }), "failed"],
  ["15 with nombre Aceptado", 200, success15({ nombre: "Aceptado" }), "failed"],
  ["15 without nombre", 200, success15({ nombre: undefined }), "failed"],
  ["15 Satisfactorio with HTTP 400", 400, success15(), "failed"],
  ["15 Satisfactorio with HTTP 302", 302, success15(), "failed"],
  // Other codigos
  ["codigo 015", 200, success15({ codigo: "015" }), "failed"],
  ["codigo 3 saying Aceptado", 200, dgii({ codigo: "3", nombre: "Aceptado" }), "failed"],
  ["codigo 0", 200, dgii({ codigo: 0, nombre: "No encontrado" }), "failed"],
  // No structure, or a server error: described, never a rejection
  ["HTTP 500 with codigo 1", 500, dgii({ codigo: "1" }), "failed"],
  ["HTTP 503 with codigo 2", 503, dgii({ codigo: "2" }), "failed"],
  ["a bare string", 200, "Aceptado", "failed"],
  ["JSON without codigo", 200, dgii({ nombre: "Aceptado" }), "failed"],
  ["truncated JSON", 200, '{"rnc":"131234567","codigo":"1","nombre":"Acep', "failed"],
  ["an HTML page", 200, "<!DOCTYPE html><html><head><title>Request Rejected</title></head></html>", "failed"],
];

describe("classifyVoidAnswer: every row of the table", () => {
  it.each(TABLE)("%s (HTTP %i) → %s", (_case, status, body, kind) => {
    const outcome = classifyVoidAnswer({ status, body, contentType: "application/json" });
    expect(outcome.kind).toBe(kind);
    if (outcome.kind !== "failed") {
      expect(outcome.httpStatus).toBe(status);
      expect(outcome.response).toEqual(parseVoidResponse(body));
      return;
    }
    expect(outcome.stage).toBe("send");
    // An answer with a codigo that no row understands is kept verbatim for the record.
    if (status < 500 && parseVoidResponse(body)) {
      expect(outcome.reason).toMatch(/^Respuesta de la DGII no reconocida \(HTTP \d+, codigo "[^"]*"\)/);
      expect(outcome.reason.endsWith(`Respuesta recibida: ${body}`)).toBe(true);
    }
  });

  it("each rule is exercised by the table, and a DGII success is stored as such", () => {
    const matched = new Set<number>();
    for (const [, status, body] of TABLE) {
      const response = parseVoidResponse(body);
      if (!response || status >= 500) continue;
      const index = VOID_ANSWER_RULES.findIndex((rule) => rule.matches({ httpStatus: status, response }));
      if (index >= 0) matched.add(index);
    }
    expect([...matched].sort()).toEqual(VOID_ANSWER_RULES.map((_, index) => index));
    expect(classifyVoidAnswer({ status: 200, body: success15(), contentType: "application/json" })).toEqual({
      kind: "accepted",
      httpStatus: 200,
      response: { rnc: RNC, codigo: "15", nombre: SATISFACTORIO, mensajes: [FULL_SUCCESS_MESSAGE] },
    });
  });

  it("keeps a long unrecognized answer verbatim up to 8,000 characters, and never throws on odd bodies", () => {
    const long = dgii({
      codigo: "99",
      mensajes: Array.from({ length: 2_000 }, (_, index) => `secuencia ${index}`),
    });
    const outcome = classifyVoidAnswer({ status: 200, body: long, contentType: "application/json" });
    if (outcome.kind !== "failed") throw new Error("expected failed");
    expect(outcome.reason).toContain(long.slice(0, 8_000));
    expect(outcome.reason).toContain(`… (${long.length} caracteres)`);
    expect(outcome.reason.length).toBeLessThan(8_400);

    const deep = `{"codigo":"15","nombre":"Satisfactorio","mensajes":[${"[".repeat(20_000)}${"]".repeat(20_000)}]}`;
    expect(classifyVoidAnswer({ status: 200, body: deep, contentType: "application/json" }).kind).toBe(
      "failed",
    );
  });
});
