import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ConfirmQuestionDialog, createConfirmer, type ConfirmQuestion } from "./use-confirm";

const question: ConfirmQuestion = {
  title: "Vaciar el editor",
  message: "¿Vaciar las 3 líneas del editor?",
  confirmLabel: "Vaciar",
  cancelLabel: "Cancelar",
};

describe("the shared confirm dialog's answers", () => {
  it("resolves yes on the confirm button, no on cancel, and closes each time", async () => {
    const shown: Array<string | null> = [];
    const confirmer = createConfirmer((asking) => shown.push(asking?.question.title ?? null));
    let open: Parameters<Parameters<typeof createConfirmer>[0]>[0] = null;
    const spy = createConfirmer((asking) => (open = asking));
    const yes = spy.ask(question);
    open!.answer(true);
    await expect(yes).resolves.toBe(true);
    expect(open).toBeNull();
    const no = spy.ask(question);
    open!.answer(false);
    await expect(no).resolves.toBe(false);

    const first = confirmer.ask(question);
    // A second question answers the open one "no": never two dialogs, never a promise left hanging.
    const second = confirmer.ask({ ...question, title: "Salir de la herramienta" });
    await expect(first).resolves.toBe(false);
    confirmer.dispose();
    await expect(second).resolves.toBe(false);
    expect(shown).toEqual(["Vaciar el editor", null, "Salir de la herramienta", null]);
  });

  it("answers once: a late click on a closed question changes nothing", async () => {
    let open: Parameters<Parameters<typeof createConfirmer>[0]>[0] = null;
    const confirmer = createConfirmer((asking) => (open = asking));
    const answer = confirmer.ask(question);
    const asked = open!;
    asked.answer(false);
    asked.answer(true);
    await expect(answer).resolves.toBe(false);
  });

  it("renders the portal's words: title, question, the two buttons (no browser box)", () => {
    const html = renderToStaticMarkup(
      createElement(ConfirmQuestionDialog, { asking: { question, answer: () => undefined } }),
    );
    expect(html).toContain("<dialog");
    expect(html).toContain("Vaciar el editor");
    expect(html).toContain("¿Vaciar las 3 líneas del editor?");
    expect(html).toContain(">Cancelar<");
    expect(html).toContain(">Vaciar<");
  });
});
