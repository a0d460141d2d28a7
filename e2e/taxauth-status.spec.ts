import { chooseReason, expect, freshRange, screenshot, simulatorAdmin, test, voidViaApi } from "./fixtures";

/**
 * DGII's status service (the embedded simulator's, TAXAUTH_STATUS_API_KEY set by playwright.config):
 * while DGII announces Anulación Rangos of TesteCF in maintenance, the shell says so and a void from
 * the void tool or the API is refused (503 TAXAUTH_UNAVAILABLE) without reaching the simulator.
 */

/** `dd-MM-yyyy HH:mm` in Santo Domingo (UTC−4), as the banner writes it. */
function santoDomingo(epochMs: number): string {
  const [date, time] = new Date(epochMs - 4 * 3_600_000).toISOString().split("T") as [string, string];
  const [year, month, day] = date.split("-");
  return `${day}-${month}-${year} ${time.slice(0, 5)}`;
}

const anularrangoCalls = async () =>
  ((await simulatorAdmin("/admin/calls", undefined, "GET")) as { counts: { anularrango: number } }).counts
    .anularrango;

test.describe("DGII's announced maintenance of Anulación Rangos", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/service-status", undefined, "DELETE");
  });

  test("the shell shows the window; the void tool and the API are refused and nothing is sent", async ({
    signedIn: page,
    request,
  }) => {
    const now = Date.now();
    const { window } = (await simulatorAdmin("/admin/maintenance-windows", {
      environment: "TesteCF",
      from: now - 60_000,
      to: now + 30 * 60_000,
    })) as { window: { from: number; to: number } };
    const banner = page.getByTestId("taxauth-status-banner");
    // The status is cached for TAXAUTH_STATUS_INTERVAL_MS (1 s in the e2e server): reload until it shows.
    await expect(async () => {
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(banner).toHaveAttribute("data-state", "maintenance");
    await expect(banner).toContainText(
      `en mantenimiento del ${santoDomingo(window.from)} al ${santoDomingo(window.to)} (hora de Santo Domingo)`,
    );
    await screenshot(page, "taxauth-maintenance-banner");

    const sentBefore = await anularrangoCalls();
    const range = freshRange("31", 2);
    await page.goto("/tools/void-encf");
    await expect(banner).toBeVisible();
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(range.desde);
    await page.getByLabel(/^Línea 1: e-NCF final/).fill(range.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    await page
      .getByRole("dialog", { name: "Confirmar la anulación" })
      .getByRole("button", { name: "Anular 2 secuencias" })
      .click();
    await expect(page.getByTestId("void-failure")).toContainText("no se guardó ni se envió nada");
    await screenshot(page, "taxauth-maintenance-void-refused");

    const other = freshRange("31", 1);
    const api = await voidViaApi(request, [{ secuenciaDesde: other.desde, secuenciaHasta: other.hasta }]);
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ code: "TAXAUTH_UNAVAILABLE", retryAfter: expect.any(Number) });
    expect(await anularrangoCalls()).toBe(sentBefore);

    // In English, and gone once DGII no longer announces it.
    await page.reload();
    await page.getByTestId("language-en").click();
    await expect(banner).toContainText("in maintenance from");
    await simulatorAdmin("/admin/service-status", undefined, "DELETE");
    await expect(async () => {
      await page.reload();
      await expect(banner).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  test("an outage of another environment shows no banner here", async ({ signedIn: page }) => {
    await simulatorAdmin("/admin/service-status", { environment: "eCF", estatus: "No Disponible" });
    await page.waitForTimeout(1_500);
    await page.reload();
    await page.reload();
    await expect(page.getByTestId("current-environment")).toBeVisible();
    await expect(page.getByTestId("taxauth-status-banner")).toHaveCount(0);
  });
});
