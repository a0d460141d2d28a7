import { readFileSync } from "node:fs";

import { unzipSync } from "fflate";

import { DEMO, demoIdToken, expect, freshRange, seriousAxeFindings, test, voidViaApi } from "./fixtures";

test.describe("Auditoría", () => {
  test("the administrator downloads the period's ZIP from the navigation; a reversed period is refused in words", async ({
    signedIn: page,
    request,
  }) => {
    // One void with a reason (in the 608), one without (listed apart in sin-motivo.csv).
    const range = freshRange("31", 3);
    const made = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${await demoIdToken(request)}` },
      data: {
        ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }],
        motivo: { codigo: "08", descripcion: "Salto de secuencia" },
      },
    });
    expect(made.status()).toBe(200);
    const voidId = String(((await made.json()) as { voidId: string }).voidId);
    const bare = freshRange("32", 2);
    const reasonless = await voidViaApi(request, [
      { secuenciaDesde: bare.desde, secuenciaHasta: bare.hasta },
    ]);
    expect(reasonless.status).toBe(200);

    await page.getByRole("navigation").getByRole("link", { name: "Auditoría" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Auditoría" })).toBeVisible();
    expect(await seriousAxeFindings(page, "/audit")).toEqual([]);

    // From after to: the catalogue's message, no download.
    // Days typed and shown dd-mm-aaaa, whatever the browser's language.
    const typedTo = await page.getByTestId("audit-to").inputValue();
    expect(typedTo).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const to = `${typedTo.slice(6)}-${typedTo.slice(3, 5)}-${typedTo.slice(0, 2)}`;
    await page.getByTestId("audit-from").fill("01-01-2099");
    await page.getByTestId("audit-download").click();
    await expect(page.getByText("Indique un período válido")).toBeVisible();
    await expect(page).toHaveURL(/\/audit$/);

    // The current month (the default period), TesteCF.
    await page.getByTestId("audit-from").fill(`01${typedTo.slice(2)}`);
    await page.getByTestId("audit-environment").selectOption("TesteCF");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("audit-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `anula-auditoria-${DEMO.rnc}-TesteCF-${to.slice(0, 8)}01-${to}.zip`,
    );
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "anulaciones.csv",
        "rangos.csv",
        "conciliaciones.csv",
        "actividad.csv",
        "sin-motivo.csv",
        `xml/${DEMO.rnc}ANECF${voidId}.xml`,
        `respuestas-dgii/${voidId}.json`,
      ]),
    );
    expect(Buffer.from(files["anulaciones.csv"]!).toString("utf8")).toContain(voidId);
    expect(Buffer.from(files[`xml/${DEMO.rnc}ANECF${voidId}.xml`]!).toString("utf8")).toContain("<Signature");
    // This month's 608: the reasoned void's three numbers with code 08, not the reasonless one's.
    const month = `${to.slice(0, 4)}${to.slice(5, 7)}`;
    const txt = Buffer.from(files[`608/608-${month}-1.txt`]!).toString("utf8");
    expect(txt).toMatch(new RegExp(`^608\\|${DEMO.rnc} *\\|${month}\\|\\d+\\r\\n`));
    expect(txt).toContain(`${range.desde}|`);
    expect(txt).toMatch(new RegExp(`${range.hasta}\\|\\d{8}\\|08\\r\\n`));
    expect(txt).not.toContain(bare.desde);
    expect(Buffer.from(files["sin-motivo.csv"]!).toString("utf8")).toContain(String(reasonless.body.voidId));
  });
});
