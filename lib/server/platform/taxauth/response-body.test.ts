import { describe, expect, it } from "vitest";

import { classifyVoidAnswer } from "./classify-void-answer";
import { describeBody, parseVoidResponse } from "./response-body";

describe("DGII answers", () => {
  it("parses codigo as string or number and mensajes as strings or { valor } objects", () => {
    expect(parseVoidResponse('{"rnc":"130000001","codigo":"1","nombre":"Aceptado","mensajes":[]}')).toEqual({
      rnc: "130000001",
      codigo: "1",
      nombre: "Aceptado",
      mensajes: [],
    });
    expect(
      parseVoidResponse(
        '{"Rnc":130000001,"Codigo":2,"Nombre":"Rechazado","Mensajes":[{"valor":"x","codigo":1}]}',
      ),
    ).toEqual({
      rnc: "130000001",
      codigo: "2",
      nombre: "Rechazado",
      mensajes: ["x"],
    });
    expect(parseVoidResponse('{"nombre":"Aceptado"}')).toBeNull();
    expect(parseVoidResponse('"Aceptado"')).toBeNull();
  });

  it("normalises bare strings, JSON strings, JSON objects and HTML into one line", () => {
    expect(describeBody(400, "El certificado no es válido")).toBe("HTTP 400: El certificado no es válido");
    expect(describeBody(400, '"Semilla inválida"')).toBe("HTTP 400: Semilla inválida");
    expect(describeBody(500, '{"title":"Error","status":500}')).toBe("HTTP 500: Error");
    expect(
      describeBody(502, "<html><head><title>Bad Gateway</title></head><body>x</body></html>", "text/html"),
    ).toBe("HTTP 502 (HTML): Bad Gateway");
    expect(describeBody(401, "")).toBe("HTTP 401 sin contenido");
  });

  it("classifies from codigo only; a 5xx or unknown codigo is failed, never rejected", () => {
    const answer = (status: number, body: string) =>
      classifyVoidAnswer({ status, body, contentType: "application/json" });
    expect(answer(200, '{"codigo":1}').kind).toBe("accepted");
    expect(answer(200, '{"codigo":"2","mensajes":"Aceptado"}').kind).toBe("rejected");
    expect(answer(400, '{"codigo":"2","mensajes":["x"]}').kind).toBe("rejected");
    expect(answer(500, '{"codigo":"2"}').kind).toBe("failed");
    expect(answer(200, '{"codigo":"3","nombre":"Aceptado"}').kind).toBe("failed");
    expect(answer(400, '{"codigo":"1"}').kind).toBe("failed");
    expect(answer(200, "Aceptado").kind).toBe("failed");
  });
});
