import { randomUUID } from "node:crypto";

import { DEMO, expect, freshRange, screenshot, simulatorAdmin, test } from "./fixtures";

// Demo documents of lib/server/documents/demo-documents-data.ts (TesteCF, RNC 130000001).
test.describe("consulta de documentos", () => {
  test("single lookup shows status in words, key fields and the QR link", async ({ signedIn: page }) => {
    await page.goto("/documents");
    await page.getByLabel("e-NCF", { exact: true }).fill("E310000000001");
    await page.getByRole("button", { name: "Consultar", exact: true }).click();
    const result = page.locator('[data-testid="document-result"][data-ncf="E310000000001"]');
    await expect(result).toContainText("Aceptado");
    await expect(result.getByTestId("qr-link")).toHaveAttribute(
      "href",
      /ecf\.dgii\.gov\.do\/testecf\/consultatimbre/,
    );
    await screenshot(page, "documents-single");
  });

  test("an unknown e-NCF is 'No encontrado', a malformed one is explained", async ({ signedIn: page }) => {
    await page.goto("/documents?ecf=E310000099999");
    await expect(page.locator('[data-found="false"]')).toContainText("No encontrado");
    await page.goto("/documents?ecf=X12");
    await expect(page.getByRole("alert").first()).toContainText("X12");
  });

  test("batch lookup answers every pasted entry in order", async ({ signedIn: page }) => {
    await page.goto("/documents");
    await page
      .getByLabel("e-NCF (uno por línea, hasta 100)")
      .fill("E310000000001\nE310000000003\tE319999999999\ne320000000001");
    await page.getByRole("button", { name: "Consultar lote" }).click();
    await expect(page.getByText("Resultados: 3 encontrados de 4")).toBeVisible();
    const results = page.getByTestId("batch-lookup").locator("xpath=..").getByTestId("document-result");
    await expect(results).toHaveCount(4);
    await expect(results.nth(0)).toHaveAttribute("data-ncf", "E310000000001");
    await expect(results.nth(1)).toContainText("Rechazado");
    await expect(results.nth(2)).toContainText("No encontrado");
    await expect(results.nth(3)).toHaveAttribute("data-ncf", "E320000000001");
    // The pasted list stays in the box for a second look.
    await expect(page.getByLabel("e-NCF (uno por línea, hasta 100)")).toHaveValue(/E310000000003/);
    await screenshot(page, "documents-batch");
  });

  test("an e-NCF the company does not hold is looked up at DGII; 'Consultar de nuevo' asks again", async ({
    signedIn: page,
  }) => {
    // Two numbers nobody used in this run: DGII (the simulator) received the first, not yet the second.
    const [known, later] = [freshRange("31").desde, freshRange("31").desde];
    const registerAtDgii = (encf: string) =>
      simulatorAdmin("/admin/documents", {
        environment: "TesteCF",
        trackId: randomUUID(),
        rnc: DEMO.rnc,
        encf,
        codigo: 1,
      });
    await registerAtDgii(known);
    await page.goto("/documents");
    await page.getByLabel("e-NCF", { exact: true }).fill(known);
    await page.getByRole("button", { name: "Consultar", exact: true }).click();
    const found = page.locator(`[data-testid="document-result"][data-ncf="${known}"]`);
    await expect(found).toHaveAttribute("data-found", "true", { timeout: 20_000 });
    await expect(found).toContainText("Aceptado");
    await expect(found.getByTestId("document-source")).toHaveText(/consultado en la DGII/i);
    await expect(found.getByTestId("document-checked-at")).toHaveText(
      /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
    );

    // DGII lists no submission of it yet: said so, and remembered for a few minutes...
    await page.goto(`/documents?ecf=${later}`);
    const absent = page.locator(`[data-testid="document-result"][data-ncf="${later}"]`);
    await expect(absent.getByTestId("dgii-absent")).toHaveText(
      "La DGII no lista ningún envío de este e-NCF.",
    );
    // ...until the clerk, who knows it was just sent, asks again.
    await registerAtDgii(later);
    await absent.getByRole("button", { name: "Consultar de nuevo en la DGII" }).click();
    await expect(absent).toHaveAttribute("data-found", "true", { timeout: 20_000 });
    await expect(absent.getByTestId("document-source")).toHaveText("Consultado en la DGII");
    await screenshot(page, "documents-dgii-lookup");
  });
});
