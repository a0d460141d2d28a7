import { randomUUID } from "node:crypto";

import { DEMO, expect, freshRange, screenshot, simulatorAdmin, test, voidViaApi } from "./fixtures";

/**
 * "Consultar a la DGII" on a void in Error, on the built app: consultatrackids about the first and
 * last e-NCF of its range through the embedded simulator, DGII's answers per bound with the caveat,
 * kept as a JSON evidence file that stays a void in Error and later sits among the settlement's evidence.
 */

test.describe("Consultar a la DGII on a void por confirmar", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/faults", undefined, "DELETE");
  });

  test("shows DGII's answers per bound, keeps them as evidence, never settles the void", async ({
    signedIn: page,
    request,
  }) => {
    const range = freshRange("31", 3);
    await simulatorAdmin("/admin/faults", { service: "anularrango", mode: "status", status: 500 });
    const { status, body } = await voidViaApi(request, [
      { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
    ]);
    expect(status).toBe(502);
    const voidId = body.voidId as string;
    const trackId = randomUUID();
    await simulatorAdmin("/admin/documents", {
      environment: "TesteCF",
      trackId,
      rnc: DEMO.rnc,
      encf: range.hasta,
      codigo: 2,
      secuenciaUtilizada: false,
    });

    await page.goto(`/voids/${voidId}`);
    const section = page.getByTestId("ask-dgii");
    await expect(section).toContainText("Consultar a la DGII");
    await expect(page.getByTestId("ask-dgii-caveat")).toContainText(
      "La DGII no ha dicho si lista un número anulado que nunca se envió: estas respuestas no confirman la anulación por sí solas.",
    );
    await section.getByTestId("ask-dgii-button").click();

    await expect(page.getByTestId("ask-dgii-result")).toContainText("guardadas como evidencia", {
      timeout: 15_000,
    });
    const answers = page.getByTestId("ask-dgii-answer");
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(0)).toContainText(range.desde);
    await expect(answers.nth(0)).toContainText("No lista ningún envío");
    await expect(answers.nth(1)).toContainText(range.hasta);
    await expect(answers.nth(1)).toContainText(`trackId ${trackId}, Rechazado`);
    await screenshot(page, "void-ask-dgii");

    // Kept as a download, and the void is still to be confirmed.
    const link = page.getByTestId("ask-dgii-download");
    await expect(link).toHaveCount(1);
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/json");
    const stored = (await download.json()) as { voidId: string; answers: Array<{ encf: string }> };
    expect(stored.voidId).toBe(voidId);
    expect(stored.answers.map((answer) => answer.encf)).toEqual([range.desde, range.hasta]);
    await expect(page.getByTestId("settle-ways")).toBeVisible();
    await expect(page.getByTestId("settlement")).toHaveCount(0);

    // Reloaded: the latest answers are still shown.
    await page.reload();
    await expect(page.getByTestId("ask-dgii-answer")).toHaveCount(2);

    // Settled by a person: the answers are among the settlement's evidence.
    const form = page.getByTestId("settle-form");
    await form.getByTestId("settle-rechazado").check();
    await form.getByTestId("settle-note").fill("No aparecen en la OFV; ver la consulta a la DGII adjunta.");
    await form.getByTestId("settle-submit").click();
    await expect(page.getByTestId("settlement")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("evidence-download")).toContainText(/consulta-dgii-.*\.json/);
  });
});
