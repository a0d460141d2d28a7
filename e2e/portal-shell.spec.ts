import { expect, screenshot, signIn, test } from "./fixtures";

test.describe("portal shell", () => {
  test("a signed-out visitor is sent to the login page, REST paths never are", async ({ page, request }) => {
    await page.goto("/voids");
    await expect(page).toHaveURL(/\/login$/);
    const rest = await request.get("/TesteCF/customer/void-ncf", { maxRedirects: 0 });
    expect(rest.status()).toBe(401);
    expect(((await rest.json()) as { code: string }).code).toBe("UNAUTHORIZED");
  });

  test("a wrong password gets a clear Spanish error", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Escriba su correo electrónico.")).toBeVisible();
    await page.getByLabel("Correo electrónico").fill("demo@anula.local");
    await page.getByLabel("Contraseña").fill("no-es-esta");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("login-error")).toContainText("Correo o contraseña incorrectos");
    await screenshot(page, "login-error");
  });

  test("after 10 failed sign-ins an e-mail is refused with its own message (API and portal alike)", async ({
    page,
    request,
  }) => {
    const email = `intruso-${Date.now()}@empresa.do`;
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await request.post("/auth/token", {
        data: { username: email, password: `x${attempt}` },
      });
      expect(response.status()).toBe(401);
    }
    const refused = await request.post("/auth/token", { data: { username: email, password: "otra" } });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("otra");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("login-error")).toContainText("Demasiados intentos fallidos");
  });

  test("the shell shows account, user, environment and navigation", async ({ signedIn: page }) => {
    await page.goto("/voids");
    const account = page.getByTestId("account-info");
    await expect(account).toContainText("Empresa demo");
    await expect(account).toContainText("130000001");
    await expect(account).toContainText("demo@anula.local");
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    for (const name of [
      "Anular e-NCF",
      "Historial de anulaciones",
      "Consulta de documentos",
      "Configuración",
    ]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Historial de anulaciones" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await screenshot(page, "shell-history-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("current-environment")).toBeVisible();
    await screenshot(page, "shell-history-390");
    // On a phone no page scrolls sideways (wide tables scroll inside their own box).
    for (const path of [
      "/voids",
      "/documents",
      "/settings",
      "/settings/api-keys",
      "/settings/users",
      "/settings/integration",
    ]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
    await screenshot(page, "settings-integration-390");
  });

  test("choosing eCF shows the production banner everywhere", async ({ signedIn: page }) => {
    await page.goto("/documents");
    await expect(page.getByTestId("production-banner")).toHaveCount(0);
    await page.getByTestId("environment-picker").selectOption("eCF");
    // Switching to eCF asks first, in the portal's own dialog and language.
    const ask = page.getByRole("dialog", { name: "Cambiar a producción (eCF)" });
    await expect(ask).toContainText("¿Cambiar a PRODUCCIÓN (eCF)?");
    await ask.getByRole("button", { name: "Cambiar a eCF" }).click();
    await expect(page.getByTestId("production-banner")).toContainText("PRODUCCIÓN");
    await expect(page.getByTestId("current-environment")).toHaveText("eCF");
    await screenshot(page, "production-banner");
    await page.goto("/voids");
    await expect(page.getByTestId("production-banner")).toBeVisible();
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("production-banner")).toHaveCount(0);
  });

  test("the language switch turns the portal to English and back", async ({ signedIn: page }) => {
    await page.goto("/voids");
    await page.getByTestId("language-en").click();
    await expect(page.getByRole("heading", { level: 1, name: "Void history" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Document lookup" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await screenshot(page, "history-english");
    await page.getByTestId("language-es").click();
    await expect(page.getByRole("heading", { level: 1, name: "Historial de anulaciones" })).toBeVisible();
  });

  test("signing out returns to the login page", async ({ page }) => {
    await signIn(page);
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/documents");
    await expect(page).toHaveURL(/\/login$/);
  });
});
