import type { Locator, Page } from "@playwright/test";

import { DEMO, expect, freshRange, makeP12, simulatorAdmin, test, voidViaApi } from "./fixtures";

/** The element lies wholly within the 390 px width (nothing of it needs a sideways scroll). */
async function withinPhoneWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

/** Neither the page nor the table's own scrolling box scrolls sideways. */
async function noSidewaysScroll(page: Page, table: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const frame = table.locator("xpath=..");
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

/**
 * A portal a finance clerk trusts: a certificate of another RNC is never made active
 * silently, and the rejection it causes tells the clerk to check the certificate, not the ranges.
 */
test.describe("a certificate of another RNC", () => {
  test("the upload says whose it is and what DGII will do, asks for confirmation; the rejection points at the certificate", async ({
    signedIn: page,
    request,
  }) => {
    const otherRnc = "131999999";
    await page.goto("/settings");
    const card = page.getByTestId("active-certificate");
    await expect(card).toContainText("RNC o cédula del titular");
    await expect(card).not.toContainText("serialNumber (RNC");
    const activeBefore = (await card.textContent()) ?? "";
    const form = page.getByTestId("certificate-upload");
    try {
      await form.getByLabel("Archivo .p12 / .pfx").setInputFiles({
        name: "otra-empresa.p12",
        mimeType: "application/x-pkcs12",
        buffer: makeP12("clave-otra", otherRnc, "OTRA EMPRESA SRL"),
      });
      await form.getByLabel("Contraseña del certificado").fill("clave-otra");
      await form.getByRole("button", { name: "Cargar certificado" }).click();
      const warning = page.getByTestId("certificate-holder-mismatch");
      await expect(warning).toContainText("Este certificado es de otro titular");
      await expect(warning).toContainText(`con RNC o cédula ${otherRnc}, no del RNC ${DEMO.rnc}`);
      await expect(warning).toContainText("La DGII rechazará las anulaciones firmadas con él");
      await expect(warning).toContainText("delegado");
      // Nothing was made active.
      await page.reload();
      await expect(card).toHaveText(activeBefore);

      // Again, without ticking the confirmation: refused in the form, still nothing active.
      await form.getByLabel("Archivo .p12 / .pfx").setInputFiles({
        name: "otra-empresa.p12",
        mimeType: "application/x-pkcs12",
        buffer: makeP12("clave-otra", otherRnc, "OTRA EMPRESA SRL"),
      });
      await form.getByLabel("Contraseña del certificado").fill("clave-otra");
      await form.getByRole("button", { name: "Cargar certificado" }).click();
      await expect(warning).toBeVisible();
      const submitAnyway = form.getByRole("button", { name: "Cargar y activar de todos modos" });
      await submitAnyway.click();
      await expect(page.getByTestId("certificate-holder-confirm-error")).toContainText(
        "Marque la confirmación",
      );
      await expect(card).toHaveText(activeBefore);

      await warning.getByLabel(/Entiendo que la DGII rechazará las anulaciones/).check();
      await submitAnyway.click();
      await expect(page.getByTestId("certificate-upload-result")).toContainText(
        "Certificado cargado y activo",
      );
      await expect(card).toContainText("OTRA EMPRESA SRL");
      await expect(page.getByTestId("certificate-holder-warning")).toContainText(
        `no del RNC ${DEMO.rnc} de esta empresa`,
      );

      // DGII (the simulator) rejects the void: the detail and the result page say to check the certificate.
      const range = freshRange("31", 2);
      const voided = await voidViaApi(request, [
        { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
      ]);
      expect(voided.status).toBe(422);
      const voidId = voided.body.voidId as string;
      for (const url of [`/voids/${voidId}?env=TesteCF`, `/tools/void-encf/result/${voidId}?env=TesteCF`]) {
        await page.goto(url);
        const main = page.locator("main");
        await expect(main).toContainText("no está delegado");
        await expect(main).toContainText("Revise el certificado activo en Configuración → Certificado");
        await expect(main).toContainText("No cambie los rangos");
        await expect(main).not.toContainText("corrija lo que indiquen");
      }
    } finally {
      // The rest of the run signs with the demo company's own certificate again.
      await page.goto("/settings");
      await form.getByLabel("Archivo .p12 / .pfx").setInputFiles({
        name: "demo.p12",
        mimeType: "application/x-pkcs12",
        buffer: makeP12("clave-demo", DEMO.rnc, "E2E DEMO RESTAURADO"),
      });
      await form.getByLabel("Contraseña del certificado").fill("clave-demo");
      await form.getByRole("button", { name: "Cargar certificado" }).click();
      await expect(page.getByTestId("certificate-upload-result")).toContainText(
        "Certificado cargado y activo",
      );
    }
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  test("the header collapses to a menu button; the void editor is on the first screen", async ({
    signedIn: page,
  }) => {
    await page.goto("/tools/void-encf");
    const menu = page.getByTestId("shell-menu-button");
    const historyLink = page.getByRole("link", { name: "Historial de anulaciones" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(historyLink).toBeHidden();
    await expect(page.getByTestId("account-info")).toBeHidden();
    const firstField = page.getByRole("textbox").first();
    const box = await firstField.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(844);
    // No page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("account-info")).toBeVisible();
    await historyLink.click();
    await expect(page).toHaveURL(/\/voids/);
    await expect(historyLink).toBeHidden();
  });

  test("tables become cards: a history card and a Por confirmar card show status and total, no sideways scroll", async ({
    signedIn: page,
    request,
  }) => {
    // A void whose outcome is unknown (DGII answers 500): it is in the history and in Por confirmar.
    const range = freshRange("31", 3);
    await simulatorAdmin("/admin/faults", { service: "anularrango", mode: "status", status: 500 });
    try {
      const voided = await voidViaApi(request, [
        { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
      ]);
      expect(voided.status).toBe(502);
      const voidId = voided.body.voidId as string;

      await page.goto("/voids?env=TesteCF");
      const history = page.getByTestId("void-history");
      await expect(history.locator("thead")).not.toBeInViewport();
      const card = history.locator(`tr[data-void-id="${voidId}"]`);
      const status = card.locator('td[data-col="estado"]');
      await expect(status).toContainText("Error");
      await withinPhoneWidth(status);
      const total = card.locator('td[data-col="total"]');
      await expect(total).toContainText("3");
      await withinPhoneWidth(total);
      await noSidewaysScroll(page, history);

      await page.goto("/voids/pending");
      const queue = page.getByTestId("pending-table");
      const row = queue.locator(`tr[data-void-id="${voidId}"]`);
      const known = row.getByTestId("pending-known");
      await expect(known).toContainText("Enviada o no: la DGII no confirmó");
      await withinPhoneWidth(known);
      const queueTotal = row.getByTestId("pending-total");
      await expect(queueTotal).toContainText("3");
      await withinPhoneWidth(queueTotal);
      await noSidewaysScroll(page, queue);
    } finally {
      await simulatorAdmin("/admin/faults", undefined, "DELETE");
    }
  });
});

test("empty required fields show the app's own message, never the browser's tooltip", async ({
  signedIn: page,
}) => {
  await page.goto("/settings/api-keys");
  const keyForm = page.getByTestId("api-key-create");
  await expect(keyForm).toHaveJSProperty("noValidate", true);
  await keyForm.getByRole("button", { name: "Crear clave" }).click();
  await expect(keyForm.getByRole("alert")).toHaveText("Escriba un nombre para la clave.");
  await expect(keyForm.getByLabel("Nombre de la clave")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("api-key-created")).toHaveCount(0);

  await page.goto("/settings/service-accounts");
  const accountForm = page.getByTestId("service-account-create");
  await expect(accountForm).toHaveJSProperty("noValidate", true);
  await accountForm.getByRole("button", { name: "Crear cuenta de servicio" }).click();
  await expect(accountForm.getByRole("alert")).toHaveText("Escriba un nombre.");
  await expect(page.getByText("Elija al menos un permiso.")).toBeVisible();
  await expect(page.getByTestId("service-account-secret")).toHaveCount(0);

  await page.goto("/sequences");
  const authorization = page.getByTestId("authorization-form");
  await expect(authorization).toHaveJSProperty("noValidate", true);
  await authorization.getByRole("button", { name: "Registrar autorización" }).click();
  await expect(authorization.getByRole("alert")).toHaveText([
    "Escriba el primer e-NCF autorizado.",
    "Escriba el último e-NCF autorizado.",
    "Escriba la fecha de autorización.",
  ]);
  await expect(page.getByTestId("authorization-result")).toHaveCount(0);
});

test("at 1280 px the navigation is always shown and there is no menu button", async ({ signedIn: page }) => {
  await page.goto("/voids");
  await expect(page.getByTestId("shell-menu-button")).toBeHidden();
  await expect(page.getByRole("link", { name: "Historial de anulaciones" })).toBeVisible();
  await expect(page.getByTestId("account-info")).toBeVisible();
});
