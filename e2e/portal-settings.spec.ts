import { randomUUID } from "node:crypto";

import { expect, makeP12, screenshot, signIn, test } from "./fixtures";

test.describe("configuración", () => {
  test("the active certificate card, and a wrong .p12 password is refused clearly", async ({
    signedIn: page,
  }) => {
    await page.goto("/settings");
    const card = page.getByTestId("active-certificate");
    await expect(card).toContainText("130000001");
    await expect(card).toContainText("ANULA DEMO");
    const form = page.getByTestId("certificate-upload");
    await form.getByRole("button", { name: "Cargar certificado" }).click();
    await expect(form.getByText("Elija el archivo .p12 del certificado.")).toBeVisible();
    await expect(form.getByText("Escriba la contraseña del certificado.")).toBeVisible();

    await form.getByLabel("Archivo .p12 / .pfx").setInputFiles({
      name: "empresa.p12",
      mimeType: "application/x-pkcs12",
      buffer: makeP12("la-correcta"),
    });
    await form.getByLabel("Contraseña del certificado").fill("otra-cosa");
    await form.getByRole("button", { name: "Cargar certificado" }).click();
    await expect(page.getByTestId("certificate-upload-result")).toContainText(
      "La contraseña del certificado .p12 es incorrecta.",
    );
    // Nothing changed: the demo certificate is still the active one.
    await expect(card).toContainText("ANULA DEMO");
    await screenshot(page, "settings-certificate-wrong-password");
  });

  test("an API key is shown once, then only its prefix", async ({ signedIn: page }) => {
    await page.goto("/settings/api-keys");
    const name = `E2E ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Nombre de la clave").fill(name);
    await page.getByRole("button", { name: "Crear clave" }).click();
    const value = page.getByTestId("api-key-value");
    await expect(value).toHaveText(/^anula_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    const key = (await value.textContent()) ?? "";
    await expect(page.getByTestId("api-key-list")).toContainText(name);
    await screenshot(page, "settings-api-key-created");
    await page.reload();
    await expect(page.getByTestId("api-key-value")).toHaveCount(0);
    await expect(page.getByTestId("api-key-list")).toContainText(key.slice(0, 16));
    await expect(page.getByTestId("api-key-list")).not.toContainText(key);
  });

  test("Cómo integrar shows curl calls for this deployment", async ({ signedIn: page, baseURL }) => {
    await page.goto("/settings/integration");
    const integration = page.getByTestId("integration");
    await expect(integration).toContainText(`curl -sS -X POST '${baseURL}/auth/token'`);
    await expect(integration).toContainText(`${baseURL}/TesteCF/documentos-ecf?ecf=`);
    await screenshot(page, "settings-integration");
  });

  test("a viewer sees history and documents, never the void tool or settings", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `consulta-${randomUUID().slice(0, 8)}@anula.local`;
    await admin.goto("/settings/users");
    const create = admin.getByTestId("user-create");
    await create.getByLabel("Correo").fill(email);
    await create.getByLabel("Contraseña inicial (mín. 8)").fill("consulta-123");
    await create.getByLabel("Rol").selectOption("viewer");
    await create.getByRole("button", { name: "Crear usuario" }).click();
    await expect(admin.getByTestId("users-result")).toContainText(email);
    await expect(admin.locator(`tr[data-email="${email}"]`)).toContainText("Consulta");
    await screenshot(admin, "settings-users");

    const context = await browser.newContext();
    const viewer = await context.newPage();
    await signIn(viewer, email, "consulta-123");
    await expect(viewer).toHaveURL(/\/voids/);
    const nav = viewer.getByRole("navigation", { name: "Navegación principal" });
    await expect(nav.getByRole("link", { name: "Historial de anulaciones" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Consulta de documentos" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Anular e-NCF" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Configuración" })).toHaveCount(0);
    await viewer.goto("/settings/api-keys");
    await expect(viewer.getByTestId("no-access")).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Crear clave" })).toHaveCount(0);
    await screenshot(viewer, "viewer-no-settings");
    await context.close();
  });
});
