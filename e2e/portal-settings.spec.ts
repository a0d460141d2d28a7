import { randomUUID, X509Certificate } from "node:crypto";

import {
  createUserInPortal,
  demoIdToken,
  expect,
  freshRange,
  makeP12,
  screenshot,
  signIn,
  test,
  voidViaApi,
} from "./fixtures";

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

  test("an administrator records DGII's certification as an electronic issuer: eCF issuing is allowed, then refused again", async ({
    signedIn: page,
    request,
  }) => {
    const token = await demoIdToken(request);
    const state = async () =>
      (
        (await (
          await request.get("/eCF/emisor/certificacion", { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { certified: boolean }
      ).certified;
    await page.goto("/settings");
    const card = page.getByTestId("issuer-certification");
    await expect(card.getByTestId("issuer-certification-state")).toContainText("No registrado");
    await card.getByTestId("issuer-certification-toggle").click();
    await page.getByTestId("issuer-certification-confirm").click();
    await expect(card.getByTestId("issuer-certification-result")).toContainText("Certificación registrada");
    await expect(card.getByTestId("issuer-certification-state")).toContainText("Registrado");
    expect(await state()).toBe(true);
    await card.getByTestId("issuer-certification-toggle").click();
    await page.getByTestId("issuer-certification-confirm").click();
    await expect(card.getByTestId("issuer-certification-result")).toContainText("Registro retirado");
    expect(await state()).toBe(false);
  });

  test("an API key is shown once, then only its prefix; one limited to CerteCF works there only", async ({
    signedIn: page,
    request,
  }) => {
    await page.goto("/settings/api-keys");
    const name = `E2E ${randomUUID().slice(0, 8)}`;
    const form = page.getByTestId("api-key-create");
    await form.getByLabel("Nombre de la clave").fill(name);
    await expect(form.getByLabel("Ambiente")).toHaveValue(""); // all environments by default
    await page.getByRole("button", { name: "Crear clave" }).click();
    const value = page.getByTestId("api-key-value");
    await expect(value).toHaveText(/^anula_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    const key = (await value.textContent()) ?? "";
    await expect(page.getByTestId("api-key-list")).toContainText(name);
    await expect(page.getByTestId("api-key-list").getByRole("row", { name })).toContainText(
      "Todos los ambientes",
    );
    await screenshot(page, "settings-api-key-created");
    await page.reload();
    await expect(page.getByTestId("api-key-value")).toHaveCount(0);
    await expect(page.getByTestId("api-key-list")).toContainText(key.slice(0, 16));
    await expect(page.getByTestId("api-key-list")).not.toContainText(key);

    // A key limited to one environment, as MSeller issues them.
    const certName = `E2E CerteCF ${randomUUID().slice(0, 8)}`;
    await form.getByLabel("Nombre de la clave").fill(certName);
    await form.getByLabel("Ambiente").selectOption("CerteCF");
    await page.getByRole("button", { name: "Crear clave" }).click();
    await expect(value).toHaveText(/^anula_/);
    const certKey = (await value.textContent()) ?? "";
    const certRow = page.getByTestId("api-key-list").getByRole("row", { name: certName });
    await expect(certRow).toContainText("CerteCF");
    await expect(certRow).not.toContainText("Todos los ambientes");
    await screenshot(page, "settings-api-key-one-environment");

    const headers = { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": certKey };
    const there = await request.get("/CerteCF/documentos-ecf?ecf=E310000000001", { headers });
    expect([200, 404]).toContain(there.status()); // the key is accepted: found or DOCUMENT_NOT_FOUND
    const elsewhere = await request.get("/TesteCF/documentos-ecf?ecf=E310000000001", { headers });
    expect(elsewhere.status()).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: "API_KEY_WRONG_ENVIRONMENT" });
    const unknown = await request.get("/TesteCF/documentos-ecf?ecf=E310000000001", {
      headers: { ...headers, "x-api-key": "anula_nope" },
    });
    expect(unknown.status()).toBe(403); // 401 is only for the token
    expect(await unknown.json()).toMatchObject({ code: "INVALID_API_KEY" });
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
    await createUserInPortal(admin, email, "consulta-123", "viewer");
    await expect(admin.locator(`tr[data-email="${email}"]`)).toContainText("Consulta");
    await screenshot(admin, "settings-users");

    const context = await browser.newContext();
    const viewer = await context.newPage();
    await signIn(viewer, email, "consulta-123");
    await expect(viewer).toHaveURL(/\/inicio$/);
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

  test("an admin promotes a user, then disables them: their session and API token stop at once", async ({
    signedIn: admin,
    browser,
  }) => {
    const email = `operador-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "operador-123", "viewer");
    const row = admin.locator(`tr[data-email="${email}"]`);
    await expect(row).toContainText("Activo");

    const context = await browser.newContext();
    const user = await context.newPage();
    await signIn(user, email, "operador-123");
    const nav = user.getByRole("navigation", { name: "Navegación principal" });
    await expect(nav.getByRole("link", { name: "Anular e-NCF" })).toHaveCount(0);
    const token = await context.request.post("/auth/token", {
      data: { username: email, password: "operador-123" },
    });
    const { idToken } = (await token.json()) as { idToken: string };
    const list = () =>
      context.request.get("/TesteCF/customer/void-ncf", { headers: { authorization: `Bearer ${idToken}` } });
    expect((await list()).status()).toBe(200);

    // Roles are a set: adding Operador keeps Consulta.
    const roles = admin.getByRole("group", { name: `Roles de ${email}` });
    // A controlled checkbox: it turns checked once the server has saved the roles.
    await roles.getByLabel("Operador").click();
    await expect(roles.getByLabel("Operador")).toBeChecked();
    await expect(roles.getByLabel("Consulta")).toBeChecked();
    await user.reload();
    await expect(nav.getByRole("link", { name: "Anular e-NCF" })).toBeVisible();

    await admin.getByRole("button", { name: `Deshabilitar ${email}` }).click();
    await expect(row).toContainText("Deshabilitado");
    expect((await list()).status()).toBe(401);
    await user.reload();
    await expect(user).toHaveURL(/\/login$/);
    await screenshot(admin, "settings-user-disabled");
    await context.close();
  });

  test("a new certificate becomes the active one, and the next void is signed with it", async ({
    signedIn: page,
    request,
  }) => {
    const commonName = `E2E NUEVO ${randomUUID().slice(0, 6).toUpperCase()}`;
    await page.goto("/settings");
    const form = page.getByTestId("certificate-upload");
    await form.getByLabel("Archivo .p12 / .pfx").setInputFiles({
      name: "nuevo.p12",
      mimeType: "application/x-pkcs12",
      buffer: makeP12("clave-nueva", undefined, commonName),
    });
    await form.getByLabel("Contraseña del certificado").fill("clave-nueva");
    await form.getByRole("button", { name: "Cargar certificado" }).click();
    await expect(page.getByTestId("certificate-upload-result")).toContainText("Certificado cargado y activo");
    await expect(page.getByTestId("active-certificate")).toContainText(commonName);
    await screenshot(page, "settings-certificate-uploaded");

    const range = freshRange("34", 2);
    const voided = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(voided.status).toBe(200);
    const xml = await request.get(`/TesteCF/customer/void-ncf/${voided.body.voidId as string}/xml`, {
      headers: { authorization: `Bearer ${await demoIdToken(request)}` },
    });
    const der = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(await xml.text())?.[1] ?? "";
    expect(new X509Certificate(Buffer.from(der, "base64")).subject).toContain(`CN=${commonName}`);
  });
});
