import { randomInt, randomUUID } from "node:crypto";

import type { Dialog } from "@playwright/test";

import { hasValidCheckDigit } from "@/lib/domain/rnc";

import {
  addCompanyInPortal,
  DEMO,
  expect,
  freshRange,
  pickCompany,
  removeDemoFrom,
  screenshot,
  test,
  voidViaApi,
} from "./fixtures";

/** A 9-digit RNC nobody uses whose check digit fails (DGII has issued such numbers). */
function rncWithFailingCheckDigit(): string {
  for (;;) {
    const rnc = String(randomInt(400_000_000, 499_999_999));
    if (!hasValidCheckDigit(rnc)) return rnc;
  }
}

test.describe("empresas de la organización", () => {
  test("create a second company on the organization page, switch to it: the shell's RNC and the history follow", async ({
    signedIn: admin,
    browser,
    request,
  }) => {
    // A void of the demo company first (while the demo user has one company, its token needs no rnc).
    const range = freshRange("31", 1);
    const voided = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(voided.status).toBe(200);
    const demoVoid = String(voided.body.voidId);

    await admin
      .getByRole("navigation", { name: "Navegación principal" })
      .getByRole("link", { name: "Organización" })
      .click();
    await expect(admin).toHaveURL(/\/organization$/);
    const companies = admin.getByTestId("organization-companies");
    await expect(companies.locator(`tr[data-rnc="${DEMO.rnc}"]`)).toContainText("Aceptado");

    const create = admin.getByTestId("company-create");
    // An RNC that is already in Anula: ask its administrator.
    await create.getByLabel("RNC o cédula").fill(DEMO.rnc);
    await create.getByLabel("Nombre o razón social").fill("Otra vez demo");
    await create.getByRole("button", { name: "Agregar empresa" }).click();
    const result = admin.getByTestId("company-create-result");
    if (!hasValidCheckDigit(DEMO.rnc)) {
      await expect(result).toContainText("dígito verificador");
      await create.getByLabel("El número es correcto: usar de todos modos").check();
      await create.getByRole("button", { name: "Agregar empresa" }).click();
    }
    await expect(result).toContainText("pida acceso a su administrador");

    // A failing check digit warns and needs the explicit confirmation.
    const rnc = rncWithFailingCheckDigit();
    const name = `Zeta Servicios ${randomUUID().slice(0, 4)} SRL`;
    await create.getByLabel("RNC o cédula").fill(rnc);
    await create.getByLabel("Nombre o razón social").fill(name);
    await create.getByRole("button", { name: "Agregar empresa" }).click();
    await expect(result).toContainText(`El dígito verificador de ${rnc} no cuadra`);
    await expect(companies.locator(`tr[data-rnc="${rnc}"]`)).toHaveCount(0);
    await create.getByLabel("El número es correcto: usar de todos modos").check();
    await create.getByRole("button", { name: "Agregar empresa" }).click();
    await expect(result).toContainText(`Empresa ${name} (${rnc}) agregada`);
    await expect(companies.locator(`tr[data-rnc="${rnc}"]`)).toContainText("Sin certificado");
    await screenshot(admin, "organization");

    // The switcher: the shell shows the new RNC, the history only that company's voids.
    await admin.goto("/voids");
    await expect(admin.getByTestId("void-history").locator(`tr[data-void-id="${demoVoid}"]`)).toBeVisible();
    await admin.getByTestId("company-picker").selectOption({ label: `${name} (${rnc})` });
    await expect(admin.getByTestId("current-company")).toHaveText(rnc);
    await expect(admin.getByTestId("account-info")).toContainText(rnc);
    await expect(admin.locator(`tr[data-void-id="${demoVoid}"]`)).toHaveCount(0);
    await screenshot(admin, "history-second-company");

    // Leave the demo user with one company again (other specs sign in without rnc).
    await removeDemoFrom(admin, browser, rnc);

    await admin.goto("/voids");
    await expect(admin.getByTestId("current-company")).toHaveText(DEMO.rnc);
    await expect(admin.locator(`tr[data-void-id="${demoVoid}"]`)).toBeVisible();
    const token = await request.post("/auth/token", {
      data: { username: DEMO.email, password: DEMO.password },
    });
    expect(token.status()).toBe(200);
  });

  test("a void tool draft stays with its company: another company opens an empty editor, back again the draft returns", async ({
    signedIn: admin,
    browser,
  }) => {
    // The leave guard asks before the company switch reloads the tool: accept.
    admin.on("dialog", (dialog: Dialog) => void dialog.accept());
    const desde = admin.getByLabel("Línea 1: e-NCF inicial (desde)");
    const hasta = admin.getByLabel(/^Línea 1: e-NCF final/);
    const range = freshRange("31", 4);
    await admin.goto("/tools/void-encf");
    await desde.fill(range.desde);
    await hasta.fill(range.hasta);
    await expect
      .poll(() =>
        admin.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("anula:void-draft"))),
      )
      .not.toEqual([]);

    const rnc = await addCompanyInPortal(admin, "Draft Servicios");
    const pick = (wanted: string) => pickCompany(admin, wanted);
    const current = async () => (await admin.getByTestId("current-company").textContent())?.trim();
    try {
      await admin.goto("/tools/void-encf");
      if ((await current()) !== DEMO.rnc) await pick(DEMO.rnc);
      await expect(desde).toHaveValue(range.desde);
      await pick(rnc);
      await expect(desde).toHaveValue("");
      await expect(hasta).toHaveValue("");
      await expect(admin.getByTestId("draft-restored")).toHaveCount(0);

      await pick(DEMO.rnc);
      await expect(desde).toHaveValue(range.desde);
      await expect(hasta).toHaveValue(range.hasta);
      await admin.getByRole("button", { name: "Vaciar el editor" }).click();
      await admin
        .getByRole("dialog", { name: "Vaciar el editor" })
        .getByRole("button", { name: "Vaciar", exact: true })
        .click();
      await expect(desde).toHaveValue("");
    } finally {
      // The invitation goes to the current company: the new one, whose new administrator removes demo.
      if ((await current()) !== rnc) await pick(rnc);
      await removeDemoFrom(admin, browser, rnc);
    }
  });
});
