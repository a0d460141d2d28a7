import { randomUUID } from "node:crypto";

import { generate } from "otplib";

import {
  addCompanyInPortal,
  BASE_URL,
  createUserInPortal,
  DEMO,
  expect,
  pickCompany,
  removeDemoFrom,
  screenshot,
  signIn,
  test,
} from "./fixtures";

/**
 * The sign-in page's ways back in: "¿Olvidó su contraseña?" (the e2e app has no SMTP_URL, so the page
 * sends the person to their administrator; the e-mailed link is proven by the server tests), a
 * dead reset link, the second factor's own words for a wrong and a reused code, recovery codes
 * shown once at activation and accepted once at sign-in, and a fresh browser opening the company
 * the person last used.
 */
test.describe("sign-in recovery", () => {
  test("¿Olvidó su contraseña? without e-mail sends the person to their administrator, in Spanish and English", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByTestId("login-forgot").click();
    await expect(page).toHaveURL(/\/login\/forgot$/);
    await expect(page.getByRole("heading", { name: "¿Olvidó su contraseña?" })).toBeVisible();
    await expect(page.getByTestId("forgot-no-email")).toContainText(
      "Pida al administrador de su organización",
    );
    await expect(page.getByTestId("forgot-form")).toHaveCount(0);
    await screenshot(page, "login-forgot-no-email");
    await page.getByRole("link", { name: "Volver a iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await context.addCookies([{ name: "anula_lang", value: "en", url: BASE_URL }]);
    await page.goto("/login/forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByTestId("forgot-no-email")).toContainText("Ask your organization's administrator");
    await context.close();
  });

  test("a reset link that is unknown, used or expired says so and offers another", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login/reset?token=${randomUUID()}`);
    await expect(page.getByTestId("reset-invalid")).toContainText("Este enlace ya no sirve");
    await expect(page.getByTestId("reset-form")).toHaveCount(0);
    // The token never leaves as a Referer.
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    await page.getByRole("link", { name: "Pedir otro enlace" }).click();
    await expect(page).toHaveURL(/\/login\/forgot$/);
    await context.close();
  });

  test("TOTP: a wrong and a reused code each have their words; recovery codes are shown once and work once", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `recupera-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "clave-recupera-1", "operator");
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, "clave-recupera-1");
    await page.goto("/account");
    const panel = page.getByTestId("second-factor");
    await panel.getByTestId("second-factor-setup").click();
    const secret = ((await panel.getByTestId("totp-secret").textContent()) ?? "").trim();
    const activation = await generate({ secret });
    await panel.getByLabel("Código de 6 dígitos").fill(activation);
    await panel.getByRole("button", { name: "Activar segundo factor" }).click();

    // The recovery codes, once: ten, with copy and download.
    const shown = page.getByTestId("recovery-codes");
    await expect(shown).toBeVisible();
    const codes = (await page.getByTestId("recovery-code-list").locator("li").allTextContents()).map((code) =>
      code.trim(),
    );
    expect(codes).toHaveLength(10);
    await expect(shown.getByRole("button", { name: "Copiar los códigos" })).toBeVisible();
    expect(await page.getByTestId("recovery-download").getAttribute("href")).toContain(
      encodeURIComponent(codes[0]!),
    );
    await screenshot(page, "account-recovery-codes");
    await page.getByTestId("recovery-done").click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
    expect(await page.locator("body").innerText()).not.toContain(codes[0]!);
    await expect(page.getByTestId("recovery-remaining")).toContainText("10 de 10");

    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("clave-recupera-1");
    await page.getByRole("button", { name: "Entrar" }).click();
    const otp = page.getByLabel("Código de verificación");
    await expect(otp).toBeVisible();
    // The activation's code again: already used.
    await otp.fill(activation);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Ese código ya se usó para entrar")).toBeVisible();
    await otp.fill(activation === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("El código de verificación no es correcto")).toBeVisible();
    await screenshot(page, "login-otp-wrong");
    // A recovery code instead of the app's.
    await otp.fill(codes[0]!);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("current-environment")).toBeVisible();
    await page.goto("/account");
    await expect(page.getByTestId("recovery-remaining")).toContainText("9 de 10");

    // The same recovery code never works twice.
    await page.getByTestId("sign-out").click();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("clave-recupera-1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByLabel("Código de verificación").fill(codes[0]!);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("El código de verificación no es correcto")).toBeVisible();
    await context.close();
  });

  test("a fresh browser opens the company last used, and an API sign-in without rnc says which field to send", async ({
    signedIn: admin,
    browser,
    request,
  }) => {
    // Named to sort after the demo company: the alphabetical first would be the demo one.
    const rnc = await addCompanyInPortal(admin, "Zeta Última Empresa");
    await admin.goto("/voids");
    await pickCompany(admin, rnc);

    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await signIn(page);
    await expect(page.getByTestId("current-company")).toHaveText(rnc);

    const answer = await request.post("/auth/token", {
      data: { username: DEMO.email, password: DEMO.password },
    });
    expect(answer.status()).toBe(400);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe("RNC_REQUIRED");
    expect(body.message).toContain('campo "rnc"');
    expect(body.message).toContain(rnc);

    // Back to the demo company (remembered too), and the demo user leaves the new one.
    await pickCompany(page, DEMO.rnc);
    await fresh.close();
    await removeDemoFrom(admin, browser, rnc);
  });
});
