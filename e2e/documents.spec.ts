import { readFileSync } from "node:fs";

import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";

import { readPdf } from "@/lib/server/issuing/printed/testing/read-pdf";

import {
  BASE_URL,
  demoApiHeaders,
  expect,
  issueAcceptedEcf,
  screenshot,
  seriousAxeFindings,
  signIn,
  test,
} from "./fixtures";

/**
 * Documentos on the built app: an e-CF issued through the API appears in the company's list (its
 * filters in the URL), its page shows where it stands and how it got there, its printed
 * representation downloads with the QR DGII's app reads (decoded from the rendered page), its
 * signed XML is the API's, and the list exports to Excel. At 1280 and 390 px, axe clean, in English.
 */

async function downloadOf(page: Page, testId: string): Promise<Buffer> {
  const download = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  return readFileSync((await (await download).path())!);
}

test.describe("Documentos", () => {
  test("an issued e-CF in the list, on its page, printed with its QR, its XML and the Excel export", async ({
    signedIn: page,
    request,
  }) => {
    const { encf, record } = await issueAcceptedEcf(request);

    await page.goto("/documents?tipo=31&source=issued");
    const list = page.getByTestId("document-list");
    await expect(list.getByLabel("Tipo")).toHaveValue("31");
    const row = list.locator(`[data-testid="document-row"][data-ecf="${encf}"]`);
    await expect(row).toContainText("Aceptado");
    await expect(row).toContainText("Emitido por Anula");
    await expect(row).toContainText("E31 · Factura de Crédito Fiscal Electrónica");
    // Another type's filter leaves it out.
    await page.goto("/documents?tipo=34");
    await expect(page.locator(`[data-ecf="${encf}"]`)).toHaveCount(0);

    // The Excel export of the filtered list holds it, the amount as a number.
    await page.goto("/documents?tipo=31&source=issued");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadOf(page, "documents-export-xlsx")) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe("e-NCF");
    const exported = sheet.getRows(2, sheet.rowCount - 1)!.find((line) => line.getCell(1).value === encf);
    expect(exported?.getCell(2).value).toBe("Aceptado");
    expect(typeof exported?.getCell(6).value).toBe("number");

    await page.getByRole("link", { name: `Ver el documento ${encf}` }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${encf}$`));
    await expect(page.getByRole("heading", { level: 1, name: encf })).toBeVisible();
    const facts = page.getByTestId("document-facts");
    await expect(facts).toContainText(record.securityCode as string);
    // Stored, received by DGII, accepted: each change, in order.
    const history = page.getByTestId("history-entry");
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText("Registrado como Pendiente de envío");
    await expect(history.nth(1)).toContainText("Pendiente de envío → En proceso");
    await expect(history.nth(2)).toContainText("En proceso → Aceptado");
    await expect(page.getByTestId("dgii-answer").first()).toContainText("Envío del e-CF");
    await expect(page.getByTestId("document-event")).toHaveCount(3);

    // The printed representation: the e-NCF and security code in its text, the document's qr_url in its QR.
    const pdf = await readPdf(await downloadOf(page, "download-pdf"));
    expect(pdf.texts.join("\n")).toContain(encf);
    expect(pdf.texts.join("\n")).toContain(record.securityCode as string);
    expect(pdf.qr(pdf.pageCount - 1)?.data).toBe(record.qr_url);
    const receipt = await readPdf(await downloadOf(page, "download-pdf-receipt"));
    expect(receipt.sizes[0]!.width).toBeCloseTo((80 / 25.4) * 72, 0);

    // The signed XML is the one the API serves.
    const xml = (await downloadOf(page, "download-xml")).toString("utf8");
    const fromApi = await request.get(`/TesteCF/documentos-ecf/${encf}/xml`, {
      headers: await demoApiHeaders(request),
    });
    expect(xml).toBe(await fromApi.text());
    await screenshot(page, "document-page");
  });

  test("a number the company does not hold is said plainly, and a malformed filter in words", async ({
    signedIn: page,
  }) => {
    await page.goto("/documents/E310000000000");
    await expect(page.getByTestId("document-not-found")).toContainText("No hay un documento E310000000000");
    await page.goto("/documents?buyer=12");
    await expect(page.getByTestId("document-list-invalid")).toContainText("9 u 11 dígitos");
  });

  test("no serious or critical axe finding at 1280 and 390 px; English", async ({ browser, request }) => {
    const { encf } = await issueAcceptedEcf(request);
    const problems: string[] = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 600 });
      const page = await context.newPage();
      await signIn(page);
      await page.goto("/documents");
      await expect(page.getByTestId("document-table")).toBeVisible();
      problems.push(...(await seriousAxeFindings(page, `${viewport.width} /documents`)));
      await page.goto(`/documents/${encf}`);
      await expect(page.getByTestId("document-history")).toBeVisible();
      problems.push(...(await seriousAxeFindings(page, `${viewport.width} /documents/[ecf]`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${viewport.width}`).toBeLessThanOrEqual(1);
      await screenshot(page, `document-page-${viewport.width}`);
      await context.close();
    }
    expect(problems).toEqual([]);

    const context = await browser.newContext();
    await context.addCookies([{ name: "anula_lang", value: "en", url: BASE_URL }]);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`/documents/${encf}`);
    await expect(page.getByTestId("document-history")).toContainText("Status history");
    await expect(page.getByTestId("history-entry").last()).toContainText("In process → Accepted");
    await page.goto("/documents");
    await expect(page.getByTestId("document-list")).toContainText("Company documents");
    await context.close();
  });
});
