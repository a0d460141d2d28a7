import { describe, expect, it } from "vitest";

import { isReusable, isUsedEstado, sequenceUse, submissionsOfDocument } from "./sequence-use";

describe("sequenceUse: whether DGII's submissions make a number used", () => {
  it("is used when any submission is accepted, in process, or rejected with secuenciaUtilizada true", () => {
    for (const estado of ["Aceptado", "Aceptado Condicional", "En Proceso"]) {
      expect(sequenceUse([{ estado: "Rechazado", secuenciaUtilizada: false }, { estado }])).toBe("used");
    }
    expect(sequenceUse([{ estado: "Rechazado", secuenciaUtilizada: true }])).toBe("used");
  });

  it("counts a word it does not know as used: an unknown answer is never read as free", () => {
    expect(sequenceUse([{ estado: "Anulado" }])).toBe("used");
    expect(isUsedEstado("Procesando")).toBe(true);
    expect(isUsedEstado(" Aceptado ")).toBe(true);
    expect(isUsedEstado("Rechazado")).toBe(false);
    expect(isUsedEstado("")).toBe(false);
  });

  it("is reusable only when every submission is rejected with secuenciaUtilizada false", () => {
    expect(
      sequenceUse([
        { estado: "Rechazado", secuenciaUtilizada: false },
        { estado: "Rechazado", secuenciaUtilizada: false },
      ]),
    ).toBe("reusable");
    expect(isReusable([{ estado: "Rechazado", secuenciaUtilizada: false }])).toBe(true);
  });

  it("is unknown with no submission, or a rejection whose verdict DGII did not give", () => {
    expect(sequenceUse([])).toBe("unknown");
    expect(sequenceUse([{ estado: "Rechazado" }])).toBe("unknown");
    expect(sequenceUse([{ estado: "Rechazado", secuenciaUtilizada: false }, { estado: "Rechazado" }])).toBe(
      "unknown",
    );
    expect(sequenceUse([{ estado: "No encontrado" }])).toBe("unknown");
    expect(isReusable([{ estado: "Rechazado" }])).toBe(false);
  });
});

describe("submissionsOfDocument: a stored document's submissions", () => {
  const answer = (value: object) => JSON.stringify(value);

  it("reads the document's own submission from its status and DGII's last verdict on its trackId", () => {
    const submissions = submissionsOfDocument({
      status: "Rechazado",
      trackId: "t1",
      answers: [
        answer({ trackId: "t1", estado: "Rechazado", secuenciaUtilizada: true }),
        answer({ trackId: "t1", estado: "Rechazado", secuenciaUtilizada: false }),
      ],
    });
    expect(submissions).toEqual([{ estado: "Rechazado", secuenciaUtilizada: false }]);
    expect(sequenceUse(submissions)).toBe("reusable");
  });

  it("keeps every other trackId an answer names, so one accepted resend makes the number used", () => {
    const submissions = submissionsOfDocument({
      status: "Rechazado",
      trackId: "t1",
      answers: [
        answer({ trackId: "t1", estado: "Rechazado", secuenciaUtilizada: false }),
        answer({ trackId: "t2", estado: "Aceptado" }),
      ],
    });
    expect(sequenceUse(submissions)).toBe("used");
  });

  it("takes the first trackId of the answers when the document has none, and skips unreadable ones", () => {
    const submissions = submissionsOfDocument({
      status: "Rechazado",
      answers: ["not json", "[1]", answer({ trackId: "t9", secuenciaUtilizada: false })],
    });
    expect(submissions).toEqual([{ estado: "Rechazado", secuenciaUtilizada: false }]);
  });

  it("does not let an answer about another submission free the document's own", () => {
    const submissions = submissionsOfDocument({
      status: "Rechazado",
      trackId: "mine",
      answers: [answer({ trackId: "other", estado: "Rechazado", secuenciaUtilizada: false })],
    });
    expect(sequenceUse(submissions)).toBe("unknown");
  });
});
