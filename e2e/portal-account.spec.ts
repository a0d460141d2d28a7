import { randomUUID } from "node:crypto";

import { generate } from "otplib";

import {
  changeTemporaryPassword,
  createUserInPortal,
  DEMO,
  expect,
  inviteInPortal,
  screenshot,
  signIn,
  test,
} from "./fixtures";

/** Mi cuenta on the built app: the forced password change, TOTP, sign out on all devices. */
test.describe("mi cuenta", () => {
  test("an invited person must change the temporary password before anything else, then signs in with theirs", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `invitado-${randomUUID().slice(0, 8)}@anula.local`;
    const temporary = await inviteInPortal(admin, email, "operator");

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(temporary);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("forced-step")).toContainText("Su contraseña es temporal");
    // Every portal page sends them back here; the portal's navigation is not shown yet.
    for (const path of ["/voids", "/tools/void-encf", "/settings", "/"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account$/);
    }
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toHaveCount(0);
    await screenshot(page, "account-forced-password");
    // A wrong current password is said plainly and changes nothing.
    const form = page.getByTestId("password-form");
    await form.getByLabel("Contraseña actual").fill("no-es-esta");
    await form.getByLabel("Contraseña nueva (mín. 8)").fill("mi-clave-propia");
    await form.getByLabel("Repita la contraseña nueva").fill("mi-clave-propia");
    await form.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByTestId("password-error")).toContainText("La contraseña actual no es correcta.");
    await context.close();

    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await changeTemporaryPassword(again, email, temporary, "mi-clave-propia");
    await signIn(again, email, "mi-clave-propia");
    await expect(again).toHaveURL(/\/inicio$/);
    // The temporary password no longer works.
    await again.getByTestId("sign-out").click();
    await expect(again).toHaveURL(/\/login/);
    await again.getByLabel("Correo electrónico").fill(email);
    await again.getByLabel("Contraseña").fill(temporary);
    await again.getByRole("button", { name: "Entrar" }).click();
    await expect(again.getByTestId("login-error")).toBeVisible();
    await fresh.close();
  });

  test("the home organization's administrator resets a member's password: shown once, the member is held on Mi cuenta until they change it", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `olvido-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "clave-de-antes", "operator");

    await admin.goto("/organization");
    const members = admin.getByTestId("organization-members");
    const row = members.locator(`tr[data-email="${email}"]`);
    // Never on oneself (Mi cuenta is for that).
    await expect(
      members
        .locator(`tr[data-email="${DEMO.email}"]`)
        .getByRole("button", { name: /Restablecer contraseña/ }),
    ).toHaveCount(0);
    await row.getByRole("button", { name: `Restablecer contraseña: ${email}` }).click();
    const shown = admin.getByTestId("member-temporary-password");
    await expect(shown).toBeVisible();
    await expect(admin.getByTestId("members-result")).toContainText(`Contraseña temporal de ${email}`);
    const temporary = ((await shown.textContent()) ?? "").trim();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await expect(row).toContainText("Contraseña temporal");
    await screenshot(admin, "organization-password-reset");
    // Shown once: after a reload it is nowhere on the page.
    await admin.reload();
    await expect(admin.getByTestId("member-temporary-password")).toHaveCount(0);
    expect(await admin.locator("body").innerText()).not.toContain(temporary);

    // The old password no longer works; the temporary one holds the member on Mi cuenta.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("clave-de-antes");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("login-error")).toBeVisible();
    await page.getByLabel("Contraseña").fill(temporary);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("forced-step")).toContainText("Su contraseña es temporal");
    for (const path of ["/voids", "/tools/void-encf"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account$/);
    }
    await context.close();

    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await changeTemporaryPassword(again, email, temporary, "clave-de-despues");
    await signIn(again, email, "clave-de-despues");
    await expect(again).toHaveURL(/\/inicio$/);
    await fresh.close();
  });

  test("TOTP: set up with the QR code's key, then signing in asks for the code; a wrong code fails", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `totp-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "clave-totp-1", "operator");
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, "clave-totp-1");
    await page.getByTestId("my-account").click();
    await expect(page).toHaveURL(/\/account$/);
    const panel = page.getByTestId("second-factor");
    await expect(panel.getByTestId("second-factor-state")).toContainText("No activo");
    await panel.getByTestId("second-factor-setup").click();
    await expect(panel.getByTestId("totp-qr")).toBeVisible();
    expect(await panel.getByTestId("totp-qr").getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = ((await panel.getByTestId("totp-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, "account-totp-setup");
    await panel.getByLabel("Código de 6 dígitos").fill("000000");
    await panel.getByRole("button", { name: "Activar segundo factor" }).click();
    await expect(panel.getByTestId("second-factor-result")).toContainText("El código no coincide");
    await panel.getByLabel("Código de 6 dígitos").fill(await generate({ secret }));
    await panel.getByRole("button", { name: "Activar segundo factor" }).click();
    await expect(panel.getByTestId("second-factor-state")).toContainText("Activo");
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/login/);

    // Password alone: the form asks for the code.
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("clave-totp-1");
    await page.getByRole("button", { name: "Entrar" }).click();
    const otp = page.getByLabel("Código de verificación");
    await expect(otp).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, "login-otp");
    await otp.fill("123456");
    await page.getByRole("button", { name: "Entrar" }).click();
    // The code's own words under the field, not "Correo o contraseña incorrectos".
    await expect(page.getByText("El código de verificación no es correcto")).toBeVisible();
    await expect(page.getByTestId("login-error")).toHaveCount(0);
    // The code used to confirm is spent: the next time step's code (within the allowed drift).
    await otp.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("current-environment")).toBeVisible();
    await context.close();
  });

  test("sign out on all devices ends another browser's session too", async ({ signedIn: admin, browser }) => {
    const email = `sesiones-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "clave-sesion-1", "viewer");
    const first = await browser.newContext();
    const second = await browser.newContext();
    const here = await first.newPage();
    const there = await second.newPage();
    await signIn(here, email, "clave-sesion-1");
    await signIn(there, email, "clave-sesion-1");
    await here.goto("/account");
    await here.getByTestId("sign-out-everywhere").click();
    await expect(here).toHaveURL(/\/login\?notice=signedOutEverywhere$/);
    await expect(here.getByTestId("login-notice")).toContainText("Se cerraron todas sus sesiones");
    await there.goto("/voids");
    await expect(there).toHaveURL(/\/login$/);
    // A new sign-in works.
    await signIn(there, email, "clave-sesion-1");
    await first.close();
    await second.close();
  });
});
