import { randomUUID } from "node:crypto";

import type { APIRequestContext } from "@playwright/test";

import { expect, screenshot, test } from "./fixtures";

/** POST /auth/token with a service account's clientId and secret: the status and, on 200, the idToken. */
async function signInAs(request: APIRequestContext, clientId: string, secret: string) {
  const response = await request.post("/auth/token", { data: { username: clientId, password: secret } });
  const body = (await response.json()) as { idToken?: string; code?: string };
  return { status: response.status(), idToken: body.idToken, code: body.code };
}

test.describe("configuración → cuentas de servicio", () => {
  test("create one (the secret once), sign in with it, rotate with an overlap, disable it", async ({
    signedIn: page,
    request,
  }) => {
    await page.goto("/settings");
    await page.getByRole("link", { name: "Cuentas de servicio" }).click();
    await expect(page).toHaveURL(/\/settings\/service-accounts$/);

    const name = `ERP ${randomUUID().slice(0, 8)}`;
    const form = page.getByTestId("service-account-create");
    await form.getByLabel("Nombre").fill(name);
    await form.getByLabel("Enviar anulaciones (voids:send)").check();
    await form.getByLabel("Consultar anulaciones y su XML (voids:read)").check();
    await form.getByRole("button", { name: "Crear cuenta de servicio" }).click();

    const shown = page.getByTestId("service-account-secret");
    await expect(shown).toContainText(`Cuenta de servicio ${name} creada`);
    const clientId = (await page.getByTestId("service-account-client-id").textContent()) ?? "";
    const secret = (await page.getByTestId("service-account-secret-value").textContent()) ?? "";
    expect(clientId).toMatch(/^sa_[a-z0-9]{16}$/);
    expect(secret).toMatch(/^anula_sk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const row = page.getByTestId("service-account-list").getByRole("row", { name });
    await expect(row).toContainText(clientId);
    await expect(row).toContainText("voids:send, voids:read");
    await expect(row).toContainText(`anula_sk_${secret.slice(9, 17)}_…`);
    await screenshot(page, "settings-service-account-created");

    // The secret signs in, for the demo company, with its scopes.
    const first = await signInAs(request, clientId, secret);
    expect(first.status).toBe(200);
    const list = await request.get("/TesteCF/customer/void-ncf?limit=1", {
      headers: { authorization: `Bearer ${first.idToken}` },
    });
    expect(list.status()).toBe(200);

    // Shown once: after a reload only the prefix and the last use remain.
    await page.reload();
    await expect(page.getByTestId("service-account-secret")).toHaveCount(0);
    await expect(page.getByTestId("service-account-list")).not.toContainText(secret);
    await expect(row).not.toContainText("—"); // last use: the sign-in above

    // Rotation: 7 days by default; with 1 hour the old secret keeps working until then.
    await row.getByRole("button", { name: `Rotar el secreto de ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Rotar el secreto de ${name}` });
    const overlap = dialog.getByLabel("Período de transición (horas)");
    await expect(overlap).toHaveValue("168");
    await overlap.fill("1");
    await dialog.getByTestId("rotate-confirm").click();
    await expect(shown).toContainText(`Secreto nuevo de ${name}`);
    await expect(page.getByTestId("old-secret-expiry")).toContainText(
      "El secreto anterior sigue funcionando hasta el",
    );
    const rotated = (await page.getByTestId("service-account-secret-value").textContent()) ?? "";
    expect(rotated).not.toBe(secret);
    const live = row.getByTestId("live-secret");
    await expect(live).toHaveCount(2); // the new secret, and the old one until its expiry
    await expect(live.nth(1)).toContainText("hasta el");
    await screenshot(page, "settings-service-account-rotated");
    expect((await signInAs(request, clientId, secret)).status).toBe(200);
    expect((await signInAs(request, clientId, rotated)).status).toBe(200);

    // Disabling ends its tokens at once.
    await row.getByRole("button", { name: `Deshabilitar ${name}` }).click();
    const ask = page.getByRole("dialog", { name: "Deshabilitar la integración" });
    await expect(ask).toContainText(name);
    await ask.getByTestId("disable-confirm").click();
    await expect(row).toContainText("Deshabilitada");
    const refused = await request.get("/TesteCF/customer/void-ncf?limit=1", {
      headers: { authorization: `Bearer ${first.idToken}` },
    });
    expect(refused.status()).toBe(401);
    expect(await signInAs(request, clientId, rotated)).toMatchObject({
      status: 401,
      code: "INVALID_CREDENTIALS",
    });
    await row.getByRole("button", { name: `Habilitar ${name}` }).click();
    await expect(row).toContainText("Activa");
    expect((await signInAs(request, clientId, rotated)).status).toBe(200);
  });
});
