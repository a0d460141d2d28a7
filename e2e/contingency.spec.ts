import { expect, test } from "./fixtures";

/**
 * Configuración → Contingencia: an administrator declares a connectivity contingency in the header's
 * environment, the activity log shows who did it, and ends it (the demo company is left as found).
 */
test.describe("contingencia", () => {
  test("an administrator declares and ends a contingency; both are in the activity log", async ({
    signedIn: page,
  }) => {
    await page.goto("/settings/contingency");
    const card = page.getByTestId("contingency");
    await expect(card).toContainText("no aclara si las 72 horas cuentan desde la firma");
    await expect(card.getByTestId("contingency-state")).toContainText("No hay una contingencia declarada");

    await card.getByTestId("contingency-toggle").click();
    await page.getByTestId("contingency-confirm").click();
    await expect(card.getByTestId("contingency-result")).toContainText("Contingencia declarada");
    await expect(card.getByTestId("contingency-state")).toContainText("Declarada en");
    await expect(page.getByTestId("contingency-periods")).toContainText("En curso");

    await card.getByTestId("contingency-toggle").click();
    await page.getByTestId("contingency-confirm").click();
    await expect(card.getByTestId("contingency-result")).toContainText("Contingencia terminada");
    await expect(card.getByTestId("contingency-state")).toContainText("No hay una contingencia declarada");

    await page.goto("/settings/activity");
    const rows = page.getByTestId("activity-row");
    await expect(rows.and(page.locator('[data-action="contingency.declared"]')).first()).toContainText(
      "Contingencia declarada",
    );
    await expect(rows.and(page.locator('[data-action="contingency.ended"]')).first()).toContainText(
      "Contingencia terminada",
    );
  });

  test("the deferred sending window has no default and is saved", async ({ signedIn: page }) => {
    await page.goto("/settings/contingency");
    const form = page.getByTestId("deadline-settings");
    const window = form.getByLabel("Ventana de envío diferido (horas)");
    await expect(window).toHaveValue("");
    await window.fill("24");
    await form.getByRole("button", { name: "Guardar plazos" }).click();
    await expect(form.getByTestId("deadline-settings-result")).toContainText("Plazos guardados");
    await window.fill("");
    await form.getByRole("button", { name: "Guardar plazos" }).click();
    await expect(form.getByTestId("deadline-settings-result")).toContainText("Plazos guardados");
  });
});
