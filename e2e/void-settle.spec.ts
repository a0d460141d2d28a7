import { expect, freshRange, screenshot, simulatorAdmin, test, voidViaApi } from "./fixtures";

/**
 * Settling unknown outcomes on the built app: voids made to end in Error with the embedded
 * simulator's faults (a 500, or a dropped answer after DGII voided them) appear in "Por confirmar"
 * and leave it by the three ways out — the OFV steps, a person's recorded outcome with evidence, and
 * a resend of the same signed document (accepted, or rejected and kept as the attempt's answer).
 */

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

async function errorVoid(
  request: Parameters<typeof voidViaApi>[0],
  fault: Record<string, unknown>,
): Promise<{ voidId: string; range: { desde: string; hasta: string } }> {
  const range = freshRange("31", 3);
  await simulatorAdmin("/admin/faults", { service: "anularrango", ...fault });
  const { status, body } = await voidViaApi(request, [
    { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
  ]);
  expect(status).toBe(502);
  return { voidId: body.voidId as string, range };
}

test.describe("Por confirmar: voids whose outcome is unknown", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/faults", undefined, "DELETE");
  });

  test("the queue lists them; a person records the outcome with evidence; the OFV steps come from the record", async ({
    signedIn: page,
    request,
  }) => {
    const { voidId, range } = await errorVoid(request, { mode: "status", status: 500 });

    await page.goto("/voids");
    await page.getByTestId("pending-link").click();
    await expect(page).toHaveURL(/\/voids\/pending/);
    await expect(page.getByRole("heading", { level: 1, name: "Por confirmar" })).toBeVisible();
    // Its own badge: another spec may leave a void request waiting, with the requests link's badge.
    await expect(page.getByRole("link", { name: /^Por confirmar/ }).getByTestId("nav-badge")).toBeVisible();
    const row = page.locator(`[data-void-id="${voidId}"]`);
    await expect(row).toContainText("Firmada");
    await expect(row).toContainText("Enviada o no: la DGII no confirmó");
    // Why, in a sentence; the code small beside it, never "TAXAUTH_VOID_ERROR — … ECONNRESET" as the text.
    await expect(row.getByTestId("error-cause")).toContainText("DGII");
    await expect(row.getByTestId("error-code")).toContainText("TAXAUTH_VOID_ERROR");
    expect(await row.innerText()).not.toMatch(/TAXAUTH_VOID_ERROR —/);
    await expect(row).toContainText("Ninguno");
    // The id shortened with a copy button, as in the history; no "voidId" column.
    // Its name starts with what is seen (axe: label-content-name-mismatch), then the whole id.
    const short = `${voidId.slice(0, 8)}…${voidId.slice(-4)}`;
    await expect(row.getByRole("link", { name: `${short} (${voidId})`, exact: true })).toHaveText(short);
    await expect(row.getByTestId("copy-button")).toBeVisible();
    expect(await page.getByTestId("pending-table").innerText()).not.toContain("voidId");
    await screenshot(page, "void-settle-queue");

    await row.getByRole("link", { name: "Resolver" }).click();
    await expect(page).toHaveURL(new RegExp(`/voids/${voidId}`));
    const steps = page.getByTestId("verify-steps");
    await expect(steps).toContainText("Verificar en la DGII");
    await expect(steps).toContainText("«Consulta de Anulaciones»");
    await expect(steps).toContainText("RNC 130000001");
    await expect(steps).toContainText("ambiente TesteCF");
    await expect(steps).toContainText(`${range.desde} – ${range.hasta} (3)`);

    const form = page.getByTestId("settle-form");
    await form.getByTestId("settle-aceptado").check();
    await form.getByTestId("settle-note").fill("Aparecen anuladas en Consulta de Anulaciones (OFV).");
    await form
      .getByTestId("settle-evidence")
      .setInputFiles({ name: "ofv.png", mimeType: "image/png", buffer: PNG });
    await screenshot(page, "void-settle-form");
    await form.getByTestId("settle-submit").click();

    const settlement = page.getByTestId("settlement");
    await expect(settlement).toBeVisible({ timeout: 15_000 });
    await expect(settlement).toContainText("Aparecen anuladas en Consulta de Anulaciones (OFV).");
    await expect(settlement).toContainText("demo@anula.local (portal)");
    await expect(page.getByTestId("settle-ways")).toHaveCount(0);
    await expect(page.locator(".page-header")).toContainText("Aceptado · confirmada a mano");
    const href = await page.getByTestId("evidence-download").getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("image/png");
    expect(download.headers()["content-disposition"]).toContain('attachment; filename="ofv.png"');
    expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);
    await screenshot(page, "void-settle-settled");

    // It left the queue, and the settled range now counts as voided.
    await page.goto("/voids/pending");
    await expect(page.locator(`[data-void-id="${voidId}"]`)).toHaveCount(0);
    const again = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(again).toMatchObject({ status: 409, body: { code: "ALREADY_VOIDED", voidId } });
  });

  test("resend of the same document: a typed confirmation, an acceptance settles it, a rejection keeps it unknown", async ({
    signedIn: page,
    request,
  }) => {
    const accepted = await errorVoid(request, { mode: "status", status: 500 });
    await page.goto(`/voids/${accepted.voidId}`);
    await page.getByTestId("resend-open").click();
    const dialog = page.getByRole("dialog", { name: "Reenviar el documento firmado" });
    await expect(dialog).toContainText(accepted.voidId.slice(-6));
    // Plain words, not the API's field name.
    await expect(dialog).toContainText("los últimos 6 caracteres del número de la anulación");
    await expect(dialog).not.toContainText("voidId");
    await dialog.getByTestId("resend-confirmation").fill("otra cosa");
    await dialog.getByTestId("resend-confirm").click();
    await expect(page.getByTestId("resend-result")).toContainText("La confirmación escrita no coincide");
    await page.getByTestId("resend-open").click();
    await dialog.getByTestId("resend-confirmation").fill(accepted.voidId.slice(-6));
    await dialog.getByTestId("resend-confirm").click();
    // Accepted: the record is settled by the resend (the ways out give way to the settlement).
    await expect(page.getByTestId("settlement")).toContainText("reenvío n.º 2", { timeout: 30_000 });
    await expect(page.getByTestId("settle-ways")).toHaveCount(0);
    await expect(page.getByTestId("attempt-row")).toHaveCount(1);
    await expect(page.getByTestId("attempt-row")).toContainText("Reenvío");
    await expect(page.locator(".page-header")).toContainText("Aceptado · por reenvío");

    // DGII voided it the first time but the answer was lost: the resend is rejected as already voided.
    const lost = await errorVoid(request, { mode: "drop-after" });
    await page.goto(`/voids/${lost.voidId}`);
    await page.getByTestId("resend-open").click();
    await page.getByRole("dialog").getByTestId("resend-confirmation").fill("REENVIAR");
    await page.getByRole("dialog").getByTestId("resend-confirm").click();
    await expect(page.getByTestId("resend-result")).toContainText("La DGII rechazó el reenvío", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("attempt-row")).toContainText("Rechazado");
    await expect(page.getByTestId("settle-ways")).toBeVisible();
    await expect(page.getByTestId("settlement")).toHaveCount(0);
    await screenshot(page, "void-settle-resend-rejected");
    await page.goto("/voids/pending");
    await expect(page.locator(`[data-void-id="${lost.voidId}"]`)).toContainText("1 intento adicional");
    await expect(page.locator(`[data-void-id="${accepted.voidId}"]`)).toHaveCount(0);
  });
});
