import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { productionQuestion } from "./environment-picker";
import { productionConfirmation } from "./portal-shell";

const ask = (sendVoids: boolean, t = es) => {
  const texts = productionConfirmation({ sendVoids }, t);
  return {
    ...texts,
    question: productionQuestion(texts.confirmProduction, texts.confirmProductionDraft, "TesteCF"),
  };
};

describe("switching to eCF asks in the portal's language, and promises a draft only to who may void", () => {
  it("tells a person who may void that their lines stay in the environment they leave", () => {
    const { question } = ask(true);
    expect(question).toContain("PRODUCCIÓN (eCF)");
    expect(question).toContain("Lo que tenga escrito en TesteCF se queda guardado en TesteCF.");
  });

  it("never tells an approver or viewer who cannot void about what they typed (es, en)", () => {
    expect(ask(false).question).toBe(es.shell.confirmProduction);
    expect(ask(false).question).not.toContain("se queda");
    expect(ask(false, en).question).toBe(en.shell.confirmProduction);
    expect(ask(false, en).question).not.toContain("stays saved");
  });

  it("names the dialog and its buttons in the portal's language, not the browser's", () => {
    expect(ask(true).dialog).toEqual({
      title: "Cambiar a producción (eCF)",
      confirm: "Cambiar a eCF",
      cancel: "Cancelar",
    });
    expect(ask(true, en).dialog).toEqual({
      title: "Switch to production (eCF)",
      confirm: "Switch to eCF",
      cancel: "Cancel",
    });
  });
});
