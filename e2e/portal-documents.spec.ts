import { expect, screenshot, test } from "./fixtures";

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
});
