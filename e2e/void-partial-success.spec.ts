import { chooseReason, expect, freshRange, markIssued, screenshot, simulatorAdmin, test } from "./fixtures";

/**
 * DGII's partial success on the built app: the embedded simulator answers the next anularrango call in
 * its `partial` dialect (a one-shot fault, cleared after each test so other specs keep the default
 * dialect), voiding all but the issued sequences, which it lists. The result page shows both parts,
 * the history marks the void "parcial", and "Preparar una anulación de las secuencias exceptuadas"
 * opens the void tool with them as a draft — nothing is sent until the user confirms.
 */

const anularrangoCalls = async () =>
  ((await simulatorAdmin("/admin/calls", undefined, "GET")) as { counts: { anularrango: number } }).counts
    .anularrango;

const plus = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;

test.describe("DGII's partial success", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/faults", undefined, "DELETE");
  });

  test("the result shows what was voided and what was excepted, and prepares a void of the excepted", async ({
    signedIn: page,
  }) => {
    const range = freshRange("31", 10);
    const excepted = { desde: plus(range.desde, 3), hasta: plus(range.desde, 4) };
    // Issued numbers: DGII voids the others and lists these after its partial-success text.
    await markIssued(excepted.desde, excepted.hasta);
    await simulatorAdmin("/admin/faults", { service: "anularrango", mode: "partial" });

    await page.goto("/tools/void-encf");
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(range.desde);
    await page.getByLabel(/^Línea 1: e-NCF final/).fill(range.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    await page
      .getByRole("dialog", { name: "Confirmar la anulación" })
      .getByRole("button", { name: "Anular 10 secuencias" })
      .click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado · parcial");
    await expect(page.getByTestId("void-result-partial")).toContainText("las exceptuadas NO fueron anuladas");

    const voided = page.getByTestId("voided-ranges");
    await expect(voided.locator("tbody tr")).toHaveCount(2);
    await expect(voided).toContainText(range.desde);
    await expect(voided).toContainText(plus(range.desde, 2));
    await expect(voided).toContainText(plus(range.desde, 5));
    await expect(voided).toContainText(range.hasta);
    const exceptedCard = page.getByTestId("excepted-ranges");
    await expect(exceptedCard).toContainText("Secuencias exceptuadas, no anuladas (2)");
    await expect(exceptedCard.locator("tbody tr")).toHaveCount(1);
    await expect(exceptedCard.locator("tbody tr")).toContainText(excepted.desde);
    await expect(exceptedCard.locator("tbody tr")).toContainText(excepted.hasta);
    // A receipt of the voided part, which names how many DGII excepted.
    await expect(page.getByTestId("print-receipt")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("void-receipt")).toContainText("Exceptuadas por la DGII (no anuladas)");
    await page.emulateMedia({ media: "screen" });
    await screenshot(page, "void-partial-result");
    const voidId = (await page.getByTestId("void-result-id").textContent())!.trim();

    // The draft of the excepted ranges: pre-filled, reviewed, never sent by itself.
    const sent = await anularrangoCalls();
    await exceptedCard
      .getByRole("link", { name: "Preparar una anulación de las secuencias exceptuadas" })
      .click();
    await expect(page).toHaveURL(/\/tools\/void-encf\?exceptedOf=/);
    await expect(page.getByTestId("excepted-draft-notice")).toContainText(
      `Borrador con las 2 secuencias exceptuadas de la anulación ${voidId}`,
    );
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(excepted.desde);
    await expect(page.getByLabel(/^Línea 1: e-NCF final/)).toHaveValue(excepted.hasta);
    await expect(page.getByLabel("Línea 2: e-NCF inicial (desde)")).toHaveCount(0);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar la anulación" });
    await expect(dialog.getByRole("button", { name: "Anular 2 secuencias" })).toBeVisible();
    await screenshot(page, "void-partial-excepted-draft");
    expect(await anularrangoCalls()).toBe(sent);

    // The history marks it, and the detail page shows both parts too.
    await page.goto("/voids");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: voidId.slice(0, 8) })
        .first(),
    ).toContainText("Aceptado · parcial");
    // The CSV export carries the mark and the excepted ranges.
    const csv = await (await page.request.get("/voids/export?env=TesteCF&status=Aceptado")).text();
    // One row per range; DGII's excepted ranges are rows of their own, marked in their column.
    expect(csv.split("\n")[0]).toContain(",Exceptuado por la DGII,");
    const rows = csv.split("\n").filter((line) => line.includes(voidId));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toContain("Aceptado · parcial");
    const exceptedRow = rows.find((line) => line.includes(`,${excepted.desde},${excepted.hasta},`))!;
    expect(exceptedRow).toMatch(new RegExp(`,${excepted.desde},${excepted.hasta},2,Sí,`));
    await page.goto(`/voids/${voidId}`);
    await expect(page.getByTestId("excepted-ranges")).toContainText(excepted.desde);
    await expect(page.getByTestId("prepare-excepted-void")).toBeVisible();
  });
});
