import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

import {
  chooseReason,
  createUserInPortal,
  expect,
  freshRange,
  markIssued,
  screenshot,
  signIn,
  simulatorAdmin,
  test,
  voidViaApi,
} from "./fixtures";

/**
 * Tools → Anular e-NCF in the browser, against the embedded DGII simulator: a void end to end, paste
 * with overlaps and an invalid line, the XML preview, warnings before sending, a rejection with the
 * authority's reasons, an Error with what to do, and the eCF confirmation gate.
 */

const TOOL = "/tools/void-encf";

async function fillLine(page: Page, line: number, desde: string, hasta?: string) {
  await page.getByLabel(`Línea ${line}: e-NCF inicial (desde)`).fill(desde);
  if (hasta !== undefined) await page.getByLabel(new RegExp(`^Línea ${line}: e-NCF final`)).fill(hasta);
}

/** Pastes text as the browser does for Ctrl+V (a ClipboardEvent with text/plain) on the focused field. */
async function paste(page: Page, text: string) {
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData("text/plain", content);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const editor = (page: Page) => page.locator("[data-line-count]");
const confirmDialog = (page: Page) => page.getByRole("dialog", { name: "Confirmar la anulación" });

test.describe("Herramientas → Anular e-NCF", () => {
  test("voids a range in TesteCF (double click sends once) and it shows in the history", async ({
    signedIn: page,
    request,
  }) => {
    const range = freshRange("31", 10);
    await page.goto(TOOL);
    await expect(page.getByRole("heading", { name: "Anular e-NCF", level: 1 })).toBeVisible();
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
    await fillLine(page, 1, range.desde.toLowerCase(), range.hasta);
    // Type and count derived while typing; the value is normalized to capitals.
    const row = page.locator('[data-line="1"]');
    await expect(row).toContainText("Factura de Crédito Fiscal Electrónica");
    await expect(row).toContainText("10");
    await expect(page.getByTestId("void-total")).toHaveText("10");

    // XML preview: the ANECF as it will be signed, with the fecha that is sent.
    await page.getByRole("button", { name: "Vista previa del XML" }).click();
    const xml = page.getByTestId("void-xml-preview");
    await expect(xml).toContainText("<RncEmisor>130000001</RncEmisor>");
    await expect(xml).toContainText(`<SecuenciaeNCFDesde>${range.desde}</SecuenciaeNCFDesde>`);
    await expect(xml).toContainText(`<SecuenciaeNCFHasta>${range.hasta}</SecuenciaeNCFHasta>`);
    await expect(xml).toContainText("<CantidadeNCFAnulados>10</CantidadeNCFAnulados>");
    await expect(
      page.getByText("La firma digital con el certificado de la cuenta se añade al enviar"),
    ).toBeVisible();
    const fecha = /<FechaHoraAnulacioneNCF>([^<]+)</.exec((await xml.textContent()) ?? "")?.[1];
    expect(fecha).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar XML sin firmar" }).click();
    expect((await downloadPromise).suggestedFilename()).toMatch(/^130000001ANECF.*\.xml$/);
    await screenshot(page, "void-tool-preview");

    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("confirm-environment")).toHaveText("TesteCF");
    await expect(dialog).toContainText("130000001");
    await expect(dialog).toContainText(fecha!);
    await expect(dialog.getByTestId("confirm-total")).toHaveText("10");
    await expect(dialog).toContainText("La anulación es irreversible");
    await screenshot(page, "void-tool-confirm");
    await dialog.getByRole("button", { name: "Anular 10 secuencias" }).dblclick();

    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
    const voidId = (await page.getByTestId("void-result-id").textContent())!.trim();
    await expect(page.getByText(`130000001ANECF${voidId}.xml`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver el registro completo" })).toHaveAttribute(
      "href",
      `/voids/${voidId}`,
    );
    await expect(page.getByRole("link", { name: "Descargar el XML firmado" })).toHaveAttribute(
      "href",
      `/voids/${voidId}/xml`,
    );
    await screenshot(page, "void-tool-result-accepted");

    // The double click sent one void: the same range again is blocked as already voided (409 check).
    const again = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(again.status).toBe(409);
    expect(again.body.voidId).toBe(voidId);

    await page.goto("/voids");
    await expect(page.getByTestId("void-history").locator(`tr[data-void-id="${voidId}"]`)).toContainText(
      "Aceptado",
    );

    // Back in the tool, the same range is blocked before sending, with a link to that void.
    await page.goto(TOOL);
    await fillLine(page, 1, range.desde, range.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const warnings = page.getByTestId("void-warnings");
    await expect(warnings).toContainText("ya fue anulado y aceptado por la DGII");
    await expect(warnings.getByRole("link", { name: `Ver la anulación ${voidId}` })).toHaveAttribute(
      "href",
      `/voids/${voidId}`,
    );
    await expect(confirmDialog(page)).toBeHidden();
    await screenshot(page, "void-tool-blocked-already-voided");
  });

  test("pasting 50 lines flags the two overlapping lines together and the invalid one", async ({
    signedIn: page,
  }) => {
    const base = freshRange("31", 1);
    const start = Number(base.desde.slice(3));
    const encf = (n: number) => `E31${String(n).padStart(10, "0")}`;
    const rows = Array.from({ length: 50 }, (_, i) => `${encf(start + i * 10)}\t${encf(start + i * 10 + 4)}`);
    rows[20] = `${encf(start + 2)},${encf(start + 7)}`; // line 21 overlaps line 1 (comma separated)
    rows[35] = "E3100000001"; // line 36: 11 positions
    rows[40] = encf(start + 405); // line 41: a single e-NCF is one sequence
    await page.goto(TOOL);
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").focus();
    await paste(page, rows.join("\r\n"));

    await expect(editor(page)).toHaveAttribute("data-line-count", "50");
    await expect(editor(page)).toHaveAttribute("data-invalid-count", "1");
    await expect(editor(page)).toHaveAttribute("data-overlap-count", "2");
    await expect(page.getByText("Se pegaron 50 líneas.")).toBeAttached();
    await expect(page.getByText("1 línea con problemas")).toBeVisible();
    await expect(page.getByText("2 líneas solapadas")).toBeVisible();

    const line1 = page.locator('[data-line="1"]');
    await expect(line1).toHaveAttribute("data-status", "overlap");
    await expect(line1).toContainText("se solapa con la línea 21");
    await screenshot(page, "void-tool-paste-flagged");
    // Each overlapping line points to the other: follow the link from line 1 to line 21.
    await line1.getByRole("button", { name: "Ir a la línea 21" }).click();
    const line21 = page.locator('[data-line="21"]');
    await expect(line21).toHaveAttribute("data-status", "overlap");
    await expect(line21).toContainText("se solapa con la línea 1 ");
    await expect(page.getByLabel("Línea 21: e-NCF inicial (desde)")).toBeFocused();

    // Keyboard: ↓ walks down the (virtualized) list to line 36, the invalid one.
    for (let i = 21; i < 36; i++) await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel("Línea 36: e-NCF inicial (desde)")).toBeFocused();
    const line36 = page.locator('[data-line="36"]');
    await expect(line36).toHaveAttribute("data-status", "invalid");
    await expect(line36).toContainText('«Desde» "E3100000001" tiene 11 posiciones');
    await expect(page.getByLabel("Línea 36: e-NCF inicial (desde)")).toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "void-tool-paste-invalid-line");
    await page.keyboard.press("Alt+Delete"); // remove line 36 by keyboard
    await expect(editor(page)).toHaveAttribute("data-line-count", "49");
    await expect(editor(page)).toHaveAttribute("data-invalid-count", "0");

    // Sending is refused while lines overlap; removing one of them clears both flags.
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    await expect(page.getByText("Corrija las líneas marcadas antes de continuar.")).toBeVisible();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toBeFocused();
    await page.getByRole("button", { name: "Ir a la línea 21" }).first().click();
    // Focus reaches the line after the virtualized list has scrolled to it: wait before deleting.
    await expect(page.getByLabel("Línea 21: e-NCF inicial (desde)")).toBeFocused();
    await page.keyboard.press("Alt+Delete");
    await expect(editor(page)).toHaveAttribute("data-overlap-count", "0");
    await expect(editor(page)).toHaveAttribute("data-invalid-count", "0");
    await expect(page.getByText("Todas las líneas son válidas.")).toBeVisible();
    // 47 ranges of 5 + one single sequence.
    await expect(page.getByTestId("void-total")).toHaveText("236");
  });

  test("a rejected void shows the authority's reasons", async ({ signedIn: page }) => {
    const used = freshRange("32", 3);
    await markIssued(used.desde, used.hasta);
    await page.goto(TOOL);
    await fillLine(page, 1, used.desde, used.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    await confirmDialog(page).getByRole("button", { name: "Anular 3 secuencias" }).click();
    await expect(page.getByTestId("void-result-status")).toHaveText("Rechazado", { timeout: 30_000 });
    await expect(page.getByText("La DGII rechazó la anulación: ninguna secuencia fue anulada")).toBeVisible();
    await expect(page.getByTestId("void-result-messages")).toContainText(/utilizadas|usad|emitid/i);
    // Nothing was voided: the ranges are listed as not voided, with no receipt to print.
    const sent = page.getByTestId("void-result-sent-ranges");
    await expect(sent).toContainText("Rangos de la solicitud por tipo (no anulados)");
    await expect(sent).toContainText(used.desde);
    await expect(page.getByText("Rangos anulados por tipo")).toHaveCount(0);
    await expect(page.getByTestId("print-receipt")).toHaveCount(0);
    await screenshot(page, "void-tool-result-rejected");
  });

  test("an Error result explains what to do, and an overlapping new void is warned", async ({
    signedIn: page,
  }) => {
    const range = freshRange("33", 4);
    await simulatorAdmin("/admin/faults", { service: "anularrango", mode: "status", status: 503 });
    try {
      await page.goto(TOOL);
      await fillLine(page, 1, range.desde, range.hasta);
      await chooseReason(page);
      await page.getByRole("button", { name: "Revisar y anular…" }).click();
      await confirmDialog(page).getByRole("button", { name: "Anular 4 secuencias" }).click();
      // The status worded with its reason, as everywhere ("Error · sin respuesta de la DGII").
      await expect(page.getByTestId("void-result-status")).toHaveText(/^Error( · .+)?$/, { timeout: 30_000 });
    } finally {
      await simulatorAdmin("/admin/faults", undefined, "DELETE");
    }
    await expect(page.getByText("No la reenvíe a ciegas")).toBeVisible();
    await expect(
      page.getByText("Si sigue en Error, verifique el estado real de las secuencias"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Consultar el estado de nuevo" })).toBeVisible();
    // The outcome is unknown: the ranges are sent, not "anulados", and there is no receipt yet.
    await expect(page.getByTestId("void-result-sent-ranges")).toContainText(
      "Rangos enviados por tipo (anulación sin confirmar)",
    );
    await expect(page.getByText("Rangos anulados por tipo")).toHaveCount(0);
    await expect(page.getByTestId("print-receipt")).toHaveCount(0);
    await screenshot(page, "void-tool-result-error");

    await page.goto(TOOL);
    // The sent lines are gone from the draft, even though the answer was Error.
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue("");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    await fillLine(page, 1, range.desde);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByTestId("void-warnings")).toContainText("quedó en Error");
    const confirm = dialog.getByRole("button", { name: "Anular 1 secuencia" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Revisé las anulaciones en Error indicadas y quiero continuar.").check();
    await expect(confirm).toBeEnabled();
    await screenshot(page, "void-tool-warning-error-overlap");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
  });

  test("in eCF the user types the total to confirm; works at 390 px", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(TOOL);
    // The header's environment control (the only one); production asks first (the portal's dialog).
    await page.getByTestId("environment-picker").selectOption("eCF");
    await page.getByTestId("confirm-production").click();
    await expect(page.getByTestId("production-banner")).toBeVisible();
    const range = freshRange("34", 12);
    await fillLine(page, 1, range.desde, range.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog).toContainText("Está en PRODUCCIÓN (eCF)");
    await expect(dialog.getByTestId("confirm-environment")).toHaveText("eCF");
    const confirm = dialog.getByRole("button", { name: "Anular 12 secuencias" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Total de secuencias").fill("11");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Total de secuencias").fill("12");
    await expect(confirm).toBeEnabled();
    await screenshot(page, "void-tool-confirm-ecf-390");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    // Nothing of the tool sticks out on a phone (no horizontal scrolling needed to use it).
    const widest = await page
      .getByTestId("void-tool")
      .evaluate((tool) =>
        Math.max(
          ...[tool, ...tool.querySelectorAll("*")].map((element) => element.getBoundingClientRect().right),
        ),
      );
    expect(widest).toBeLessThanOrEqual(390);
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("production-banner")).toBeHidden();
    await screenshot(page, "void-tool-390");
  });

  test("keyboard: Enter adds a line, Alt+↑/↓ reorders, Alt+Delete removes; English messages", async ({
    signedIn: page,
    context,
  }) => {
    await page.goto(TOOL);
    const first = freshRange("41", 2);
    const second = freshRange("43", 1);
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(first.desde);
    await page.keyboard.press("Enter"); // desde → hasta
    await expect(page.getByLabel(/^Línea 1: e-NCF final/)).toBeFocused();
    await page.keyboard.type(first.hasta);
    await page.keyboard.press("Enter"); // hasta → a new line 2
    await expect(page.getByLabel("Línea 2: e-NCF inicial (desde)")).toBeFocused();
    await page.keyboard.type(second.desde);
    await page.keyboard.press("Alt+ArrowUp");
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(second.desde);
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toBeFocused();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(page.getByLabel("Línea 2: e-NCF inicial (desde)")).toHaveValue(second.desde);
    await expect(page.getByTestId("void-total")).toHaveText("3");
    await page.getByRole("button", { name: "Subir línea 2" }).click(); // the same by mouse
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(second.desde);
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").focus();
    await page.keyboard.press("Alt+Delete");
    await expect(editor(page)).toHaveAttribute("data-line-count", "1");
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(first.desde);

    // English: same rules, the domain's English message.
    await context.addCookies([{ name: "anula_lang", value: "en", url: page.url() }]);
    await page.goto(TOOL);
    await expect(page.getByRole("heading", { name: "Void e-NCF", level: 1 })).toBeVisible();
    await page.getByLabel("Line 1: first e-NCF (from)").fill("E3100001");
    await expect(page.locator('[data-line="1"]')).toContainText('Line 1: “From” "E3100001" has 8 positions');
    await screenshot(page, "void-tool-english");
  });

  test("a void carries its reason: required, kept in the draft, shown, filtered and exported; none is 'Sin motivo'", async ({
    signedIn: page,
    request,
  }) => {
    page.on("dialog", (dialog) => void dialog.accept()); // the leave guard on reload
    const range = freshRange("31", 2);
    await page.goto(TOOL);
    await fillLine(page, 1, range.desde, range.hasta);
    // Without a reason nothing is reviewed: the fields say what is missing, in the app's own words.
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const box = page.getByTestId("void-reason");
    await expect(box).toContainText("Elija el motivo de la anulación.");
    await expect(box).toContainText("Describa el motivo de la anulación.");
    await expect(page.locator("#void-reason-code")).toBeFocused();
    await expect(confirmDialog(page)).toBeHidden();
    // DGII's ten 608 reasons, and a placeholder that is not one of them.
    await expect(page.locator("#void-reason-code option")).toHaveCount(11);
    await expect(page.locator('#void-reason-code option[value="10"]')).toHaveText(
      "10 · Pérdida o hurto de talonarios",
    );

    // Kept with the draft: a reload restores the reason with the lines.
    const reason = { code: "09", text: "Cierre de la sucursal de Santiago" };
    await chooseReason(page, reason);
    await expect(box).not.toContainText("Elija el motivo de la anulación.");
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith("anula:void-draft"))
            .sort(),
        ),
      )
      .toEqual([expect.not.stringMatching(/:reason$/), expect.stringMatching(/:reason$/)]);
    await page.reload();
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(range.desde);
    await expect(page.locator("#void-reason-code")).toHaveValue("09");
    await expect(page.locator("#void-reason-text")).toHaveValue(reason.text);

    // The confirmation repeats it before the irreversible step.
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByTestId("void-reason-label")).toHaveText("09 · Por cese de operaciones");
    await expect(dialog.getByTestId("void-reason-text")).toHaveText(reason.text);
    await dialog.getByRole("button", { name: "Anular 2 secuencias" }).click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
    const voidId = (await page.getByTestId("void-result-id").textContent())!.trim();
    // The result page and its printed receipt.
    await expect(page.getByTestId("void-reason-label")).toHaveText(
      Array(2).fill("09 · Por cese de operaciones"),
    );
    await expect(page.getByTestId("void-reason-text").first()).toHaveText(reason.text);
    // Sent: the draft and its reason are gone.
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("anula:void-draft")),
      ),
    ).toEqual([]);

    // The record.
    await page.goto(`/voids/${voidId}`);
    await expect(page.getByTestId("void-reason-label")).toHaveText("09 · Por cese de operaciones");
    await expect(page.getByTestId("void-reason-text")).toHaveText(reason.text);

    // A void through the API without motivo: "Sin motivo", never a default.
    const apiRange = freshRange("31", 1);
    const viaApi = await voidViaApi(request, [
      { secuenciaDesde: apiRange.desde, secuenciaHasta: apiRange.hasta },
    ]);
    expect(viaApi.status).toBe(200);
    const apiVoidId = viaApi.body.voidId as string;

    // The history shows the reason and filters by it (the form, then the URL).
    await page.goto("/voids");
    const history = page.getByTestId("void-history");
    await expect(history.locator(`tr[data-void-id="${voidId}"] [data-testid="row-reason"]`)).toHaveText(
      "09 · Por cese de operaciones" + reason.text,
    );
    await expect(history.locator(`tr[data-void-id="${apiVoidId}"] [data-testid="row-reason"]`)).toHaveText(
      "Sin motivo",
    );
    await page.getByTestId("reason-filter").selectOption("09");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/[?&]motivo=09/);
    await expect(history.locator(`tr[data-void-id="${voidId}"]`)).toBeVisible();
    await expect(history.locator(`tr[data-void-id="${apiVoidId}"]`)).toHaveCount(0);
    await expect(history.locator('[data-testid="row-reason"]:not([data-reason-code="09"])')).toHaveCount(0);
    await page.goto("/voids?motivo=none");
    await expect(history.locator(`tr[data-void-id="${apiVoidId}"]`)).toBeVisible();
    await expect(history.locator(`tr[data-void-id="${voidId}"]`)).toHaveCount(0);
    await screenshot(page, "void-history-reason-filter");

    // The CSV: the reason's words, code and text; "Sin motivo" for the API's void.
    const csv = await page.request.get("/voids/export?env=TesteCF&motivo=09");
    expect(csv.status()).toBe(200);
    const body = await csv.text();
    expect(body.split("\r\n")[0]).toMatch(/,Enviado por,Motivo,Código de motivo,Descripción del motivo$/);
    expect(body).toContain(`${voidId},`);
    expect(body).toContain(`,09 · Por cese de operaciones,09,${reason.text}\r\n`);
    expect(body).not.toContain(apiVoidId);
    const none = await (await page.request.get("/voids/export?env=TesteCF&motivo=none")).text();
    expect(none).toContain(apiVoidId);
    expect(none).toMatch(/,Sin motivo,,\r\n/);
  });

  test("a viewer cannot open the tool", async ({ signedIn: admin, browser }) => {
    const email = `consulta-void-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "consulta-123", "viewer");

    const context = await browser.newContext();
    const viewer = await context.newPage();
    await signIn(viewer, email, "consulta-123");
    await viewer.goto(TOOL);
    await expect(viewer.getByTestId("no-access")).toContainText("no anular");
    await expect(viewer.getByRole("button", { name: "Revisar y anular…" })).toHaveCount(0);
    await screenshot(viewer, "void-tool-viewer");
    await context.close();
  });
});
