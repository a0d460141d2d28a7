import { expect, freshRange, markIssued, screenshot, test, voidViaApi } from "./fixtures";

test.describe("historial de anulaciones", () => {
  test("lists voids with status, filters them, shows the detail, the XML and the CSV", async ({
    signedIn: page,
    request,
  }) => {
    const accepted = freshRange("31", 5);
    const ok = await voidViaApi(request, [
      { secuenciaDesde: accepted.desde, secuenciaHasta: accepted.hasta },
    ]);
    expect(ok.status).toBe(200);
    const used = freshRange("32", 3);
    await markIssued(used.desde, used.hasta);
    const rejected = await voidViaApi(request, [{ secuenciaDesde: used.desde, secuenciaHasta: used.hasta }]);
    expect(rejected.status).toBe(422);
    const acceptedId = String(ok.body.voidId);
    const rejectedId = String(rejected.body.voidId);

    await page.goto("/voids");
    const table = page.getByTestId("void-history");
    const acceptedRow = table.locator(`tr[data-void-id="${acceptedId}"]`);
    await expect(acceptedRow).toContainText("Aceptado");
    await expect(acceptedRow).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(acceptedRow.locator("td").nth(3)).toHaveText("5");
    await expect(acceptedRow.locator("td").nth(4)).toHaveText("31");
    await expect(table.locator(`tr[data-void-id="${rejectedId}"]`)).toContainText("Rechazado");
    await screenshot(page, "history");

    // Server-side status filter.
    await page.getByLabel("Estado").selectOption("Rechazado");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/status=Rechazado/);
    await expect(table.locator(`tr[data-void-id="${rejectedId}"]`)).toBeVisible();
    await expect(table.locator(`tr[data-void-id="${acceptedId}"]`)).toHaveCount(0);

    // A date range in the future matches nothing.
    await page.goto("/voids?env=TesteCF&from=2099-01-01");
    await expect(table).toContainText("No hay anulaciones con estos filtros.");

    // Detail of the rejected attempt: the authority's reasons.
    await page.goto(`/voids/${rejectedId}`);
    await expect(page.getByTestId("taxauth-messages")).toContainText("han sido utilizadas");
    await expect(page.getByText("ninguna secuencia fue anulada")).toBeVisible();
    await expect(page.getByRole("cell", { name: used.desde })).toBeVisible();
    await screenshot(page, "void-detail-rejected");

    // Signed XML download with the session.
    const xml = await page.request.get(`/voids/${acceptedId}/xml?env=TesteCF`);
    expect(xml.status()).toBe(200);
    expect(xml.headers()["content-disposition"]).toContain(`ANECF${acceptedId}.xml`);
    const text = await xml.text();
    expect(text).toContain("<ANECF>");
    expect(text).toContain("<Signature");

    // CSV of the filtered list.
    const csv = await page.request.get("/voids/export?env=TesteCF&status=Aceptado");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const body = await csv.text();
    expect(body).toContain(
      "Fecha,Anulación,Estado,Ambiente,Fecha y hora de anulación,Total anulado,Tipo,Desde,Hasta",
    );
    expect(body).toContain(acceptedId);
    expect(body).not.toContain(rejectedId);
  });

  test("a void of 1,200 ranges pages them 100 at a time and downloads all of them as CSV", async ({
    signedIn: page,
    request,
  }) => {
    const start = Number(freshRange("45", 1).desde.slice(3));
    const ranges = Array.from({ length: 1_200 }, (_, i) => {
      const encf = `E45${String(start + 3 * i).padStart(10, "0")}`;
      return { secuenciaDesde: encf, secuenciaHasta: encf };
    });
    const voided = await voidViaApi(request, ranges);
    expect(voided.status).toBe(200);
    const voidId = voided.body.voidId as string;
    await page.goto(`/voids/${voidId}?env=TesteCF`);
    await expect(page.getByTestId("ranges-page-range")).toHaveText("1–100 de 1,200 rangos");
    await expect(page.getByTestId("void-ranges").locator("tbody tr")).toHaveCount(100);
    const download = page.getByTestId("download-ranges");
    await expect(download).toBeVisible();

    const csv = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toContain(`ANECF${voidId}-rangos.csv`);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for UTF-8
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(1_201);
    expect(lines[0]).toBe("Línea,Tipo,Desde,Hasta,Cantidad");
    expect(lines[1_200]).toBe(`1200,45,${ranges[1_199]!.secuenciaDesde},${ranges[1_199]!.secuenciaHasta},1`);
  });

  test("pages forward and back through the history, filters kept", async ({ signedIn: page, request }) => {
    // 26 attempts in CerteCF (no other spec uses it): two pages of 25.
    for (let i = 0; i < 26; i++) {
      const range = freshRange("46", 1);
      const voided = await voidViaApi(
        request,
        [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }],
        "CerteCF",
      );
      expect([200, 422]).toContain(voided.status);
    }
    await page.goto("/voids?env=CerteCF");
    const firstRow = page.locator("tbody tr").first();
    const newest = await firstRow.textContent();
    await expect(page.getByTestId("previous-page")).toHaveCount(0);
    await page.getByRole("link", { name: "Página siguiente" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(firstRow).not.toHaveText(newest ?? "");
    await page.getByTestId("previous-page").click();
    await expect(page).toHaveURL(/\/voids\?env=CerteCF$/);
    await expect(firstRow).toHaveText(newest ?? "");

    // Steady pages of 25 with the total, and no "next" on the last page.
    const range = page.getByTestId("page-range");
    await expect(range).toHaveText(/^1–25 de [\d,]+ anulaciones$/);
    const total = Number((await range.textContent())!.match(/de ([\d,]+)/)![1]!.replace(/,/g, ""));
    expect(total).toBeGreaterThanOrEqual(26);
    let seen = 0;
    for (;;) {
      const rows = await page.locator("tbody tr").count();
      seen += rows;
      const next = page.getByRole("link", { name: "Página siguiente" });
      if ((await next.count()) === 0) break;
      expect(rows).toBe(25);
      await next.click();
      await expect(range).toHaveText(new RegExp(`^${(seen + 1).toLocaleString("en-US")}–`));
    }
    expect(seen).toBe(total);
    await expect(range).toHaveText(
      new RegExp(`–${total.toLocaleString("en-US")} de ${total.toLocaleString("en-US")} anulaciones$`),
    );
  });

  test("the XML and CSV routes need a session", async ({ request }) => {
    const response = await request.get("/voids/export", { maxRedirects: 0 });
    expect(response.status()).toBe(401);
    const ranges = await request.get("/voids/0190ffff-0000-7000-8000-000000000000/ranges", {
      maxRedirects: 0,
    });
    expect(ranges.status()).toBe(401);
  });

  test("an unknown voidId is said plainly", async ({ signedIn: page }) => {
    await page.goto("/voids/0190ffff-0000-7000-8000-000000000000");
    await expect(page.getByText("No existe la anulación")).toBeVisible();
  });
});
