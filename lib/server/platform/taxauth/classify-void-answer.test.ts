import { describe, expect, it } from "vitest";

import {
  classifyVoidAnswer,
  FULL_SUCCESS_MESSAGE,
  readVoidAnswer,
  SATISFACTORIO,
  VOID_ANSWER_RULES,
} from "./classify-void-answer";
import { parseVoidResponse } from "./response-body";
import { NOT_VOIDED_MESSAGE, PARTIAL_SUCCESS_MESSAGE, PUBLISHED_MESSAGES } from "./void-answer-table";

const PARTIAL_SUCCESS = PARTIAL_SUCCESS_MESSAGE;
const USED = "Las secuencias que está intentando anular han sido utilizadas";
const BAD_SIGNATURE = "La firma del documento no es válida";
const RNC = "130000001";
const dgii = (fields: Record<string, unknown>) => JSON.stringify({ rnc: RNC, ...fields });
const success15 = (overrides: Record<string, unknown> = {}) =>
  dgii({ codigo: 15, nombre: SATISFACTORIO, mensajes: [FULL_SUCCESS_MESSAGE], ...overrides });

type Kind = "accepted" | "partially-accepted" | "rejected" | "failed";

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
  // nombre and messages beside codigo 1: a published text that says otherwise is a contradiction
  [
    "codigo 1 with the full-success text",
    200,
    dgii({ codigo: "1", mensajes: [FULL_SUCCESS_MESSAGE] }),
    "accepted",
  ],
  [
    "codigo 1 with the text without its period (an SDK's example: not published, so no verdict)",
    200,
    dgii({ codigo: "1", nombre: "EMPRESA EJEMPLO SRL", mensajes: [FULL_SUCCESS_MESSAGE.slice(0, -1)] }),
    "accepted",
  ],
  ["codigo 1 with nombre Satisfactorio", 200, dgii({ codigo: "1", nombre: SATISFACTORIO }), "accepted"],
  ["codigo 1 with nombre Rechazado", 200, dgii({ codigo: "1", nombre: "Rechazado" }), "failed"],
  [
    "codigo 1 with a rejection text",
    200,
    dgii({ codigo: "1", nombre: "Aceptado", mensajes: [USED] }),
    "failed",
  ],
  [
    "codigo 1 with a rejection text and its detail after a colon",
    200,
    dgii({ codigo: "1", mensajes: [`${USED}: E310000000003, E310000000010-E310000000012`] }),
    "failed",
  ],
  ["codigo 1 with the partial-success text", 200, dgii({ codigo: 1, mensajes: [PARTIAL_SUCCESS] }), "failed"],
  [
    'codigo 1 with "No fue posible anular…" and the sequences (a partial success)',
    200,
    dgii({ codigo: "1", mensajes: [NOT_VOIDED_MESSAGE, "E310000000003"] }),
    "partially-accepted",
  ],
  [
    "15 partial success with the excepted sequences",
    200,
    success15({ mensajes: [PARTIAL_SUCCESS, "E310000000003", "E310000000007-E310000000008"] }),
    "partially-accepted",
  ],
  [
    "codigo 2 with a rejection text",
    200,
    dgii({ codigo: "2", nombre: "Rechazado", mensajes: [BAD_SIGNATURE] }),
    "rejected",
  ],
  [
    'codigo 2 with "No fue posible anular…" and the sequences',
    200,
    dgii({ codigo: "2", mensajes: [NOT_VOIDED_MESSAGE, "E310000000003", "E310000000010-E310000000012"] }),
    "rejected",
  ],
  [
    "codigo 2 with the full-success text",
    200,
    dgii({ codigo: "2", mensajes: [FULL_SUCCESS_MESSAGE] }),
    "failed",
  ],
  [
    "codigo 2 with the partial-success text",
    200,
    dgii({ codigo: "2", mensajes: [PARTIAL_SUCCESS] }),
    "failed",
  ],
  [
    "codigo 2 with nombre Aceptado",
    200,
    dgii({ codigo: "2", nombre: "Aceptado", mensajes: [USED] }),
    "failed",
  ],
  ["codigo 2 with nombre Satisfactorio", 400, dgii({ codigo: "2", nombre: SATISFACTORIO }), "failed"],
  ["15 Satisfactorio with a rejection text", 200, success15({ mensajes: [USED] }), "failed"],
  [
    "15 Satisfactorio with the full text and a detail",
    200,
    success15({ mensajes: [`${FULL_SUCCESS_MESSAGE}: E310000000001`] }),
    "failed",
  ],
  // A codigo outside the table: only DGII's published rejection texts decide, and only rejection
  ["codigo 3 with a rejection text", 200, dgii({ codigo: "3", mensajes: [BAD_SIGNATURE] }), "rejected"],
  ["codigo 0 with a rejection text, HTTP 400", 400, dgii({ codigo: 0, mensajes: [USED] }), "rejected"],
  [
    "codigo 3 with a rejection text and the sequences",
    200,
    dgii({ codigo: "3", mensajes: [USED, "E310000000003; E310000000010 - E310000000012"] }),
    "rejected",
  ],
  [
    "codigo 3 with a rejection text and its detail after a colon",
    200,
    dgii({ codigo: "3", mensajes: [`${USED}: E310000000003`] }),
    "rejected",
  ],
  [
    "codigo 3 with a rejection text and another text",
    200,
    dgii({ codigo: "3", mensajes: [BAD_SIGNATURE, "pero se anularon las demás"] }),
    "failed",
  ],
  [
    "codigo 3 with a rejection text and nombre Aceptado",
    200,
    dgii({ codigo: "3", nombre: "Aceptado", mensajes: [USED] }),
    "failed",
  ],
  [
    'codigo 3 with "No fue posible anular…" (rejection or partial: unknown)',
    200,
    dgii({ codigo: "3", mensajes: [NOT_VOIDED_MESSAGE, "E310000000003"] }),
    "failed",
  ],
  [
    "codigo 3 with the full-success text",
    200,
    dgii({ codigo: "3", mensajes: [FULL_SUCCESS_MESSAGE] }),
    "failed",
  ],
  [
    "codigo 3 with a text around a rejection text",
    200,
    dgii({ codigo: "3", mensajes: [`Aviso: ${BAD_SIGNATURE}`] }),
    "failed",
  ],
  [
    "codigo 3 with a rejection text in lower case",
    200,
    dgii({ codigo: "3", mensajes: [USED.toLowerCase()] }),
    "failed",
  ],
  ["codigo 3 with a rejection text, HTTP 503", 503, dgii({ codigo: "3", mensajes: [USED] }), "failed"],
  // Other codigos
  ["codigo 015", 200, success15({ codigo: "015" }), "failed"],
  ["codigo 3 saying Aceptado", 200, dgii({ codigo: "3", nombre: "Aceptado" }), "failed"],
  ["codigo 3 without messages", 400, dgii({ codigo: "3", nombre: "Rechazado", mensajes: [] }), "failed"],
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
      const index = VOID_ANSWER_RULES.findIndex((rule) => rule.matches(readVoidAnswer(status, response)));
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

/** The same fields in DGII's XML form: one `<mensajes>` per message, element names as the keys. */
function asXml(json: string): string {
  const fields = JSON.parse(json) as Record<string, unknown>;
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const element = (name: string, value: unknown): string => {
    if (value === undefined) return "";
    if (Array.isArray(value)) return value.map((item) => element(name, item)).join("");
    if (value && typeof value === "object") {
      const inner = Object.entries(value).map(([key, item]) => element(key, item));
      return `<${name}>${inner.join("")}</${name}>`;
    }
    return `<${name}>${escape(String(value))}</${name}>`;
  };
  const inner = Object.entries(fields).map(([key, value]) => element(key, value));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<RespuestaAnulacionRango>\n  ${inner.join("\n  ")}\n</RespuestaAnulacionRango>`;
}

describe("classifyVoidAnswer: DGII's XML form", () => {
  const jsonRows = TABLE.filter(([, , body]) => {
    const json = body.trim().startsWith("{") ? (parseVoidResponse(body) ?? undefined) : undefined;
    return json !== undefined && !/\[\[/.test(body);
  });

  it.each(jsonRows)("%s in XML (HTTP %i) → %s, with the same fields", (_case, status, body, kind) => {
    const xml = asXml(body);
    const outcome = classifyVoidAnswer({ status, body: xml, contentType: "application/xml" });
    expect(outcome.kind).toBe(kind);
    // XML text is trimmed (indentation is formatting); otherwise the fields are the JSON's.
    const json = parseVoidResponse(body)!;
    expect(outcome.response).toEqual({
      rnc: json.rnc.trim(),
      codigo: json.codigo,
      nombre: json.nombre.trim(),
      mensajes: json.mensajes.map((message) => message.trim()),
    });
    if (outcome.kind === "failed" && status < 500) {
      expect(outcome.reason.endsWith(`Respuesta recibida: ${xml.trim()}`)).toBe(true);
    }
  });

  it("reads names in any case and prefix, lists of messages however they are written, and refuses what is not DGII's answer", () => {
    const read = (xml: string) => parseVoidResponse(xml);
    expect(
      read(
        '\uFEFF<?xml version="1.0"?><d:RESPUESTAANULACIONRANGO xmlns:d="urn:x"><d:Codigo>1</d:Codigo>' +
          "<d:RNC>130000001</d:RNC><d:NOMBRE>Aceptado</d:NOMBRE></d:RESPUESTAANULACIONRANGO>",
      ),
    ).toEqual({ rnc: "130000001", codigo: "1", nombre: "Aceptado", mensajes: [] });
    expect(
      read(
        "<RespuestaAnulacionRango><codigo>2</codigo><mensajes><string>a</string><string>b &amp; c</string></mensajes>" +
          "<mensajes><valor>d</valor><codigo>7</codigo></mensajes><mensajes/><mensajes><![CDATA[e]]></mensajes>" +
          "</RespuestaAnulacionRango>",
      ),
    ).toEqual({ rnc: "", codigo: "2", nombre: "", mensajes: ["a", "b & c", "d", "e"] });
    expect(read("<RespuestaAnulacionRango><nombre>Aceptado</nombre></RespuestaAnulacionRango>")).toBeNull();
    expect(read("<RespuestaAnulacionRango><codigo> </codigo></RespuestaAnulacionRango>")).toBeNull();
    expect(read("<RespuestaRecepcion><codigo>1</codigo></RespuestaRecepcion>")).toBeNull();
    expect(read("<RespuestaAnulacionRango><codigo>1</codigo>")).toBeNull();
    expect(
      read(
        '<!DOCTYPE r [<!ENTITY a "1">]><RespuestaAnulacionRango><codigo>&a;</codigo></RespuestaAnulacionRango>',
      ),
    ).toBeNull();
    const html = classifyVoidAnswer({
      status: 200,
      body: "<html><head><title>Request Rejected</title></head></html>",
      contentType: "text/html",
    });
    expect(html).toMatchObject({ kind: "failed", reason: "HTTP 200 (HTML): Request Rejected" });
  });
});

describe("every published message of anularrango", () => {
  const answer = (codigo: string, mensajes: string[], status = 200) =>
    classifyVoidAnswer({ status, body: dgii({ codigo, mensajes }), contentType: "application/json" }).kind;

  it.each(PUBLISHED_MESSAGES.map((message) => [message.text, message.meaning, message.source] as const))(
    "%s (%s, source %s)",
    (text, meaning, source) => {
      expect(source).toMatch(/\[(DT|SPEC|INTEGRATOR)\]/);
      const detail = [text, "E310000000003-E310000000005"];
      const expected = {
        voided: { under1: "accepted", under2: "failed", under3: "failed" },
        // With the sequences listed after it, under codigo 1: DGII's partial success.
        "partially-voided": { under1: "partially-accepted", under2: "failed", under3: "failed" },
        "not-voided": { under1: "partially-accepted", under2: "rejected", under3: "failed" },
        rejected: { under1: "failed", under2: "rejected", under3: "rejected" },
      }[meaning];
      expect({
        under1: answer("1", detail),
        under2: answer("2", detail),
        under3: answer("3", detail),
      }).toEqual(expected);
      // Only the message itself, word for word (spacing aside): inside a longer text it means nothing.
      expect(answer("3", [`Aviso: ${text}`])).toBe("failed");
      expect(answer("1", [`  ${text.replace(/ /g, "  ")}\n`, detail[1]!])).toBe(expected.under1);
    },
  );
});

describe("DGII's partial success: the excepted sequences read from its detail", () => {
  const classify = (body: string, status = 200, contentType = "application/json") =>
    classifyVoidAnswer({ status, body, contentType });
  const range = (serie: string, tipoeCF: string, desde: number, hasta = desde) => ({
    serie,
    tipoeCF,
    desde,
    hasta,
  });

  it.each([
    [
      "15 Satisfactorio, the partial-success text, one message per sequence or range",
      success15({ mensajes: [PARTIAL_SUCCESS, "E310000000003", "E310000000007-E310000000008"] }),
      [range("E", "31", 3), range("E", "31", 7, 8)],
    ],
    [
      "15, the partial-success text followed by its detail after a colon",
      success15({ mensajes: [`${PARTIAL_SUCCESS}: E310000000003, E320000000010 – E320000000012`] }),
      [range("E", "31", 3), range("E", "32", 10, 12)],
    ],
    [
      'codigo 1, "No fue posible anular las siguientes secuencias" and a list separated by semicolons',
      dgii({
        codigo: "1",
        nombre: "Aceptado",
        mensajes: [NOT_VOIDED_MESSAGE, "E310000000003; E310000000005"],
      }),
      [range("E", "31", 3), range("E", "31", 5)],
    ],
    [
      '15, the full-success text, then "No fue posible anular…: detail"',
      success15({ mensajes: [FULL_SUCCESS_MESSAGE, `${NOT_VOIDED_MESSAGE}: E310000000009`] }),
      [range("E", "31", 9)],
    ],
    [
      "15, both published texts and the detail",
      success15({ mensajes: [PARTIAL_SUCCESS, NOT_VOIDED_MESSAGE, "F330000000001-F330000000002"] }),
      [range("F", "33", 1, 2)],
    ],
  ])("%s", (_case, body, excepted) => {
    const outcome = classify(body);
    expect(outcome).toMatchObject({ kind: "partially-accepted", httpStatus: 200, excepted });
    expect(outcome.response).toEqual(parseVoidResponse(body));
    // Kept for the record should the detail not fit what was sent.
    if (outcome.kind !== "partially-accepted") throw new Error("expected partially-accepted");
    expect(outcome.unfitReason).toMatch(/^Respuesta de la DGII no reconocida \(HTTP 200, codigo "1?5?"\)/);
    expect(outcome.unfitReason.endsWith(`Respuesta recibida: ${body}`)).toBe(true);
    // The same answer in DGII's XML form.
    expect(classify(asXml(body), 200, "application/xml")).toMatchObject({
      kind: "partially-accepted",
      excepted,
    });
  });

  it.each([
    ["the partial-success text without a detail", success15({ mensajes: [PARTIAL_SUCCESS] })],
    ['"No fue posible anular…" without a detail', dgii({ codigo: "1", mensajes: [NOT_VOIDED_MESSAGE] })],
    ["a detail in words", success15({ mensajes: [PARTIAL_SUCCESS, "la secuencia 3"] })],
    ["a detail after a colon in words", success15({ mensajes: [`${PARTIAL_SUCCESS}: las últimas`] })],
    ["an unknown e-CF type", success15({ mensajes: [PARTIAL_SUCCESS, "E990000000003"] })],
    ["sequence zero", success15({ mensajes: [PARTIAL_SUCCESS, "E310000000000"] })],
    ["the reserved series P", success15({ mensajes: [PARTIAL_SUCCESS, "P310000000003"] })],
    ["a range running backwards", success15({ mensajes: [PARTIAL_SUCCESS, "E310000000009-E310000000003"] })],
    ["a range across types", success15({ mensajes: [PARTIAL_SUCCESS, "E310000000003-E320000000005"] })],
    ["a short e-NCF", success15({ mensajes: [PARTIAL_SUCCESS, "E31000000003"] })],
    ["a rejection text beside it", success15({ mensajes: [PARTIAL_SUCCESS, USED, "E310000000003"] })],
    [
      "another text beside it",
      success15({ mensajes: [PARTIAL_SUCCESS, "E310000000003", "Revise el detalle"] }),
    ],
    [
      "the full-success text with a detail of its own",
      success15({ mensajes: [`${FULL_SUCCESS_MESSAGE}: E310000000004`, PARTIAL_SUCCESS, "E310000000003"] }),
    ],
    ["under codigo 2", dgii({ codigo: "2", mensajes: [PARTIAL_SUCCESS, "E310000000003"] })],
    ["under codigo 3", dgii({ codigo: "3", mensajes: [PARTIAL_SUCCESS, "E310000000003"] })],
    [
      "under 15 with nombre Aceptado",
      success15({ nombre: "Aceptado", mensajes: [PARTIAL_SUCCESS, "E310000000003"] }),
    ],
    [
      "under codigo 1 with nombre Rechazado",
      dgii({ codigo: "1", nombre: "Rechazado", mensajes: [PARTIAL_SUCCESS, "E310000000003"] }),
    ],
  ])("%s → failed (Error with the answer verbatim), never accepted", (_case, body) => {
    const outcome = classify(body);
    expect(outcome.kind).toBe("failed");
    if (outcome.kind !== "failed") return;
    expect(outcome.reason.endsWith(`Respuesta recibida: ${body}`)).toBe(true);
  });

  it("needs HTTP 2xx", () => {
    const body = success15({ mensajes: [PARTIAL_SUCCESS, "E310000000003"] });
    expect(classify(body, 400).kind).toBe("failed");
    expect(classify(body, 302).kind).toBe("failed");
    expect(classify(body, 500).kind).toBe("failed");
  });
});
