import type { Dialog, Page } from "@playwright/test";

import { getDictionary, plural } from "@/lib/i18n";

import { chooseReason, DEMO, expect, freshRange, test, voidViaApi } from "./fixtures";

/**
 * The void tool as a finance clerk uses it: the draft survives reloads and navigation and
 * stays with its company and environment; leaving with unsent lines asks first; the header's
 * environment control is the only one and eCF needs a confirmation; spreadsheet pastes (headers,
 * quotes, dashes, odd spaces, a cantidad column); already voided lines marked on the line, cut out
 * with one click; after sending, focus on the result, ranges per type and a printable receipt.
 * Closing-note numbers (clicks and seconds to an accepted void, 10,000 pasted lines) are logged.
 */

const t = getDictionary("es");
const s = t.voidTool;
const TOOL = "/tools/void-encf";

const encf = (type: string, n: number) => `E${type}${String(n).padStart(10, "0")}`;
const numberOf = (value: string) => Number(value.slice(3));

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

const desde = (page: Page, line: number) => page.getByLabel(`Línea ${line}: e-NCF inicial (desde)`);
const hasta = (page: Page, line: number) => page.getByLabel(new RegExp(`^Línea ${line}: e-NCF final`));
const editor = (page: Page) => page.locator("[data-line-count]");

/** Accepts the browser's own dialogs (only beforeunload is left: a page cannot replace it) and remembers them. */
function dialogs(page: Page) {
  const seen: Array<{ type: string; message: string }> = [];
  page.on("dialog", (dialog: Dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return { seen };
}

/** Answers the portal's confirm dialog named `title` with its button `button`: it closes. */
async function answer(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** "Vaciar el editor", confirmed in the portal's dialog. */
async function emptyEditor(page: Page): Promise<void> {
  await page.getByRole("button", { name: s.editor.clearAll }).click();
  await answer(page, s.editor.clearAll, s.editor.clearYes);
}

async function savedDraft(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("anula:void-draft"))),
    )
    .not.toEqual([]);
}

test.describe("Anular e-NCF for a finance clerk", () => {
  test("the draft survives reload, the menu and Back; leaving asks; it stays in its environment; eCF asks; Vaciar clears", async ({
    signedIn: page,
  }) => {
    const { seen } = dialogs(page);
    const a = freshRange("31", 3);
    const b = freshRange("32", 2);
    await page.goto(TOOL);
    // One environment control: the header's. The tool has no radio group of its own any more.
    await expect(page.getByRole("radio")).toHaveCount(0);
    await desde(page, 1).fill(a.desde);
    await hasta(page, 1).fill(a.hasta);
    await savedDraft(page);

    await page.reload();
    await expect(desde(page, 1)).toHaveValue(a.desde);
    await expect(hasta(page, 1)).toHaveValue(a.hasta);
    await expect(page.getByTestId("draft-restored")).toHaveText(plural(s.editor.draftRestored, 1, "es"));
    expect(seen.some((dialog) => dialog.type === "beforeunload")).toBe(true);

    // The menu: asked first, in the portal's dialog; "Quedarme" stays with the lines, "Salir" leaves;
    // Back restores them.
    await page.getByRole("link", { name: t.shell.history }).first().click();
    await expect(page.getByRole("dialog", { name: s.editor.leaveTitle })).toContainText(
      s.editor.leaveConfirm,
    );
    await answer(page, s.editor.leaveTitle, s.editor.leaveNo);
    await expect(page).toHaveURL(new RegExp(`${TOOL}$`));
    await expect(desde(page, 1)).toHaveValue(a.desde);
    await page.getByRole("link", { name: t.shell.history }).first().click();
    await answer(page, s.editor.leaveTitle, s.editor.leaveYes);
    await expect(page).toHaveURL(/\/voids/);
    await page.goBack();
    await expect(desde(page, 1)).toHaveValue(a.desde);

    // Another environment has its own draft (empty); back in TesteCF the lines are there again.
    await page.getByTestId("environment-picker").selectOption("CerteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("CerteCF");
    await expect(desde(page, 1)).toHaveValue("");
    await desde(page, 1).fill(b.desde);
    await savedDraft(page);
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
    await expect(desde(page, 1)).toHaveValue(a.desde);

    // eCF: a confirmation in the portal's dialog and language; refused, nothing changes; accepted,
    // the TesteCF draft does not come along (and the question said it stays in TesteCF).
    await page.getByTestId("environment-picker").selectOption("eCF");
    const production = page.getByRole("dialog", { name: t.dialogs.production.title });
    await expect(production).toContainText("PRODUCCIÓN (eCF)");
    await expect(production).toContainText("Lo que tenga escrito en TesteCF se queda guardado en TesteCF.");
    await answer(page, t.dialogs.production.title, t.dialogs.cancel);
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
    await expect(page.getByTestId("environment-picker")).toHaveValue("TesteCF");
    await expect(desde(page, 1)).toHaveValue(a.desde);
    await page.getByTestId("environment-picker").selectOption("eCF");
    await answer(page, t.dialogs.production.title, t.dialogs.production.confirm);
    await expect(page.getByTestId("current-environment")).toHaveText("eCF");
    await expect(desde(page, 1)).toHaveValue("");
    await expect(editor(page)).toHaveAttribute("data-line-count", "1");
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
    await expect(desde(page, 1)).toHaveValue(a.desde);

    // Vaciar asks, then forgets it: a reload brings back an empty editor.
    await emptyEditor(page);
    await expect(desde(page, 1)).toHaveValue("");
    await page.reload();
    await expect(desde(page, 1)).toHaveValue("");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    // Leave CerteCF clean for other specs.
    await page.getByTestId("environment-picker").selectOption("CerteCF");
    await expect(desde(page, 1)).toHaveValue(b.desde);
    await emptyEditor(page);
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
  });

  test("the history follows the header's environment: no environment control of its own", async ({
    signedIn: page,
    request,
  }) => {
    const range = freshRange("46", 1);
    await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }], "CerteCF");
    await page.getByTestId("environment-picker").selectOption("CerteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("CerteCF");
    await page.goto("/voids");
    const filters = page.getByTestId("void-filters");
    await expect(filters.getByLabel(t.common.environment)).toHaveCount(0);
    await expect(page.locator("table caption")).toContainText("CerteCF");
    await filters.getByRole("button", { name: t.voids.apply }).click();
    await expect(page).toHaveURL(/\/voids\?/);
    await expect(page).not.toHaveURL(/env=/);
    await expect(page.locator("table caption")).toContainText("CerteCF");
    await page.getByTestId("environment-picker").selectOption("TesteCF");
    await expect(page.getByTestId("current-environment")).toHaveText("TesteCF");
  });

  test("pastes what finance people paste: a header, quotes, dashes, no-break spaces, a cantidad column; 10,000 lines timed", async ({
    signedIn: page,
  }) => {
    dialogs(page);
    const [r1, r2, r3, r4, r5] = [1, 2, 3, 4, 5].map(() => freshRange("31", 10));
    await page.goto(TOOL);
    await desde(page, 1).focus();
    await paste(
      page,
      [
        "Desde\tHasta\tCantidad",
        `${r1!.desde}\t${r1!.hasta}\t10`,
        `"${r2!.desde}","${r2!.hasta}"`,
        `${r3!.desde}-${r3!.hasta}`,
        `${r4!.desde}\u00a0–\u00a0${r4!.hasta}`,
        `${r5!.desde}\t${r5!.hasta}\t7`,
      ].join("\r\n"),
    );
    await expect(editor(page)).toHaveAttribute("data-line-count", "5");
    await expect(page.getByTestId("paste-note")).toHaveText(
      plural(s.editor.headersIgnored, 1, "es", { rows: "1" }),
    );
    for (const [line, range] of [r1, r2, r3, r4, r5].entries()) {
      await expect(desde(page, line + 1)).toHaveValue(range!.desde);
      await expect(hasta(page, line + 1)).toHaveValue(range!.hasta); // never "…10" glued on
    }
    const fifth = page.locator('[data-line="5"]');
    await expect(fifth).toHaveAttribute("data-status", "quantity");
    await expect(fifth).toContainText("la cantidad de la fila pegada (7) no coincide con el rango (10)");
    await expect(page.getByTestId("void-total")).toHaveText("40");
    // Correcting the line (the user looked at it) ends the comparison.
    await hasta(page, 5).fill("");
    await hasta(page, 5).fill(r5!.hasta);
    await expect(fifth).toHaveAttribute("data-status", "valid");

    // 10,000 lines, Ctrl+V to every line validated.
    await emptyEditor(page);
    const base = numberOf(freshRange("33").desde);
    const big = Array.from(
      { length: 10_000 },
      (_, i) => `${encf("33", base + i * 3)}\t${encf("33", base + i * 3 + 1)}`,
    ).join("\n");
    await desde(page, 1).focus();
    const started = Date.now();
    await paste(page, big);
    await expect(editor(page)).toHaveAttribute("data-valid-count", "10000", { timeout: 30_000 });
    const pasteMs = Date.now() - started;
    await expect(page.getByTestId("void-total")).toHaveText("20,000");
    const validatedMs = Date.now() - started;
    console.log(`[measure] paste of 10,000 lines → validated ${pasteMs} ms, summary ${validatedMs} ms`);
    test
      .info()
      .annotations.push({ type: "measure", description: `paste 10,000 lines → validated ${pasteMs} ms` });
    await emptyEditor(page);
  });

  test("already voided parts are marked on their lines and cut out in one click; the result has focus, the ranges and a receipt", async ({
    signedIn: page,
    request,
  }) => {
    dialogs(page);
    const r = freshRange("31", 10);
    const u = freshRange("32", 5);
    const v = freshRange("31", 5);
    const r0 = numberOf(r.desde);
    const u0 = numberOf(u.desde);
    // Earlier accepted voids: the middle of r (4–6) and the start of u (1–2).
    const earlier = await voidViaApi(request, [
      { secuenciaDesde: encf("31", r0 + 3), secuenciaHasta: encf("31", r0 + 5) },
      { secuenciaDesde: encf("32", u0), secuenciaHasta: encf("32", u0 + 1) },
    ]);
    expect(earlier.body.status).toBe("Aceptado");

    await page.goto(TOOL);
    await desde(page, 1).focus();
    await paste(page, `${r.desde}\t${r.hasta}\n${v.desde}\t${v.hasta}\n${u.desde}\t${u.hasta}`);
    await expect(page.getByTestId("void-total")).toHaveText("20");
    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();

    // Both lines say so on the line; the summary never says all is well meanwhile.
    const line1 = page.locator('[data-line="1"]');
    const line3 = page.locator('[data-line="3"]');
    await expect(line1).toHaveAttribute("data-status", "voided");
    await expect(line3).toHaveAttribute("data-status", "voided");
    await expect(line1).toContainText(`3 secuencias de esta línea ya fueron anuladas`);
    await expect(line1).toContainText(`${encf("31", r0 + 3)} – ${encf("31", r0 + 5)}`);
    await expect(page.locator('[data-line="2"]')).toHaveAttribute("data-status", "valid");
    await expect(page.getByTestId("summary-already-voided")).toHaveText(
      plural(s.summary.alreadyVoided, 2, "es"),
    );
    await expect(page.getByText(s.summary.allGood)).toHaveCount(0);
    await expect(page.getByTestId("void-warnings")).toBeInViewport();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // One click on the line: split around the voided part.
    await line1.getByRole("button", { name: s.editor.removeVoided }).click();
    await expect(editor(page)).toHaveAttribute("data-line-count", "4");
    await expect(desde(page, 1)).toHaveValue(r.desde);
    await expect(hasta(page, 1)).toHaveValue(encf("31", r0 + 2));
    await expect(desde(page, 2)).toHaveValue(encf("31", r0 + 6));
    await expect(hasta(page, 2)).toHaveValue(r.hasta);
    // And the rest from the warning: every line at once.
    await page.getByRole("button", { name: s.warnings.removeAllVoided }).click();
    await expect(page.getByTestId("voided-removed")).toHaveText(plural(s.warnings.removed, 1, "es"));
    await expect(desde(page, 4)).toHaveValue(encf("32", u0 + 2));
    await expect(page.getByTestId("void-total")).toHaveText("15");
    await expect(page.getByText(s.summary.allGood)).toBeVisible();

    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();
    const dialog = page.getByRole("dialog", { name: s.confirm.title });
    await dialog.getByRole("button", { name: plural(s.confirm.submit, 15, "es") }).click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//);
    await expect(page.getByTestId("void-result-status")).toContainText("Aceptado");
    // Focus on the result, not on <body>.
    await expect(page.getByTestId("void-result")).toBeFocused();
    const ranges = page.getByTestId("void-result-ranges");
    await expect(ranges.locator('[data-tipo="31"]')).toContainText(encf("31", r0 + 6));
    await expect(ranges.locator('[data-tipo="31"] tbody tr')).toHaveCount(3);
    await expect(ranges.locator('[data-tipo="32"] tbody tr')).toHaveCount(1);
    await expect(page.getByTestId("print-receipt")).toBeVisible();

    // On paper: the receipt header, no menus.
    const receipt = page.getByTestId("void-receipt");
    await expect(receipt).toBeHidden();
    await page.emulateMedia({ media: "print" });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText(DEMO.rnc);
    await expect(receipt).toContainText("TesteCF");
    await expect(receipt).toContainText(`${DEMO.email} (portal)`);
    await expect(receipt).toContainText("15");
    await expect(page.getByTestId("sign-out")).toBeHidden();
    // The receipt alone: its facts once (the page's summary card is left off), no buttons, no heading
    // or navigation of the page, the ranges per type kept.
    await expect(page.getByTestId("void-result-id")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    await expect(page.getByTestId("print-receipt")).toBeHidden();
    await expect(page.getByRole("button").filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole("navigation").filter({ visible: true })).toHaveCount(0);
    await expect(ranges.locator('[data-tipo="31"]')).toBeVisible();
    expect(await page.getByText(DEMO.rnc, { exact: true }).filter({ visible: true }).count()).toBe(1);
    await page.emulateMedia({ media: "screen" });

    // Sent: the draft is gone.
    await page.goto(TOOL);
    await expect(desde(page, 1)).toHaveValue("");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
  });

  test("the clerk's path: clicks and seconds from sign-in to an accepted void", async ({ page }) => {
    dialogs(page);
    const range = freshRange("31", 5);
    let clicks = 0;
    const started = Date.now();
    await page.goto("/login");
    await page.getByLabel(t.login.email).fill(DEMO.email);
    await page.getByLabel(t.login.password, { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: t.login.submit }).click();
    clicks++;
    // Sign-in lands on Inicio (what needs doing); the void tool is one click away in the navigation.
    await expect(page).toHaveURL(/\/inicio$/);
    await page
      .getByRole("navigation", { name: "Navegación principal" })
      .getByRole("link", { name: "Anular e-NCF" })
      .click();
    clicks++;
    await expect(desde(page, 1)).toBeVisible();
    await desde(page, 1).fill(range.desde);
    await hasta(page, 1).fill(range.hasta);
    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();
    clicks++;
    await page
      .getByRole("dialog", { name: s.confirm.title })
      .getByRole("button", { name: plural(s.confirm.submit, 5, "es") })
      .click();
    clicks++;
    await expect(page.getByTestId("void-result-status")).toContainText("Aceptado");
    const seconds = (Date.now() - started) / 1000;
    console.log(`[measure] sign-in → accepted void: ${clicks} clicks, ${seconds.toFixed(1)} s`);
    test
      .info()
      .annotations.push({ type: "measure", description: `${clicks} clicks, ${seconds.toFixed(1)} s` });
    expect(clicks).toBe(4);
  });
});

test.describe("on a 390 px phone, with many lines", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  test("the warnings and the XML preview open below the fold and are scrolled into view", async ({
    signedIn: page,
    request,
  }) => {
    dialogs(page);
    // 50 lines: the warnings and the preview open far below the first screen of a phone.
    const base = numberOf(freshRange("31", 200).desde);
    const earlier = await voidViaApi(request, [
      { secuenciaDesde: encf("31", base), secuenciaHasta: encf("31", base + 1) },
    ]);
    expect(earlier.body.status).toBe("Aceptado");
    const lines = Array.from(
      { length: 50 },
      (_, i) => `${encf("31", base + i * 3)}\t${encf("31", base + i * 3 + 1)}`,
    ).join("\n");
    await page.goto(TOOL);
    await desde(page, 1).focus();
    await paste(page, lines);
    await expect(editor(page)).toHaveAttribute("data-line-count", "50");
    await expect(page.getByTestId("void-total")).toHaveText("100");

    await chooseReason(page);
    await page.getByRole("button", { name: s.actions.review }).click();
    await expect(page.getByTestId("summary-already-voided")).toHaveText(
      plural(s.summary.alreadyVoided, 1, "es"),
    );
    await expect(page.getByTestId("void-warnings")).toBeInViewport();
    await page.getByRole("button", { name: s.warnings.removeAllVoided }).click();
    await expect(page.getByTestId("void-total")).toHaveText("98");

    // Back to the top, as a clerk who scrolled up to check the lines; the preview opens below them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: s.actions.preview }).click();
    await expect(page.getByTestId("void-xml-preview")).toBeInViewport();
    await emptyEditor(page);
  });
});
