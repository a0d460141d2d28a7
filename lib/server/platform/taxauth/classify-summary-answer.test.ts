import { describe, expect, it } from "vitest";

import { classifySummaryAnswer } from "./classify-summary-answer";

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

describe("classifySummaryAnswer (recepcionfc)", () => {
  it("codigo 1, 2 and 4 are DGII's verdict, its answer kept as it came (codigo as text too)", () => {
    const accepted = {
      codigo: 1,
      estado: "Aceptado",
      mensajes: [],
      encf: "E320000000001",
      secuenciaUtilizada: true,
    };
    expect(classifySummaryAnswer(json(200, accepted))).toEqual({
      kind: "verdict",
      codigo: 1,
      estado: "Aceptado",
      secuenciaUtilizada: true,
      raw: accepted,
      httpStatus: 200,
    });
    expect(
      classifySummaryAnswer(json(200, { Codigo: "2", Estado: "Rechazado", SecuenciaUtilizada: false })),
    ).toMatchObject({ kind: "verdict", codigo: 2, estado: "Rechazado", secuenciaUtilizada: false });
    expect(classifySummaryAnswer(json(200, { codigo: "4", estado: "Aceptado Condicional" }))).toMatchObject({
      kind: "verdict",
      codigo: 4,
      estado: "Aceptado Condicional",
      secuenciaUtilizada: undefined,
    });
  });

  it("a 4xx that names its error without a verdict is refused: nothing was received", () => {
    expect(classifySummaryAnswer(json(400, "Multipart cannot be empty"))).toMatchObject({
      kind: "refused",
      httpStatus: 400,
      reason: expect.stringContaining("Multipart cannot be empty"),
    });
    expect(classifySummaryAnswer(json(400, { error: "El archivo no es válido" }))).toMatchObject({
      kind: "refused",
    });
    expect(
      classifySummaryAnswer(json(403, { mensajes: [{ codigo: "1", valor: "No autorizado" }] })),
    ).toMatchObject({ kind: "refused" });
  });

  it("no readable verdict is failed (it may have been received): 5xx, a proxy's HTML, a 200 without codigo, codigo 0 or 3", () => {
    const cases = [
      json(500, { codigo: 1, estado: "Aceptado" }),
      { status: 502, contentType: "text/html", body: "<html><title>Bad Gateway</title></html>" },
      { status: 403, contentType: "text/html", body: "<html><title>Request Rejected</title></html>" },
      json(200, { mensaje: "ok" }),
      json(200, { codigo: 0, estado: "No encontrado" }),
      json(200, { codigo: 3, estado: "En Proceso" }),
      { status: 200, contentType: "application/json", body: '{"codigo":"1","estado":"Acep' },
      { status: 404, contentType: "", body: "" },
    ];
    for (const answer of cases) expect(classifySummaryAnswer(answer).kind, answer.body).toBe("failed");
  });
});
