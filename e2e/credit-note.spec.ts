import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { santoDomingoDate } from "@/lib/domain/fecha";
import { format, getDictionary } from "@/lib/i18n";

import {
  BASE_URL,
  chooseReason,
  createUserInPortal,
  demoIdToken,
  expect,
  freshRange,
  issueAcceptedEcf,
  screenshot,
  seriousAxeFindings,
  signIn,
  test,
} from "./fixtures";

/**
 * The credit note issued from the portal, on the built app with the embedded simulator: an
 * administrator reserves an E34 sub-range inside a registered E34 authorization (Secuencias); a
 * clerk (operator only) whose void the tool refuses with SEQUENCE_USED follows the used number to
 * "¿Qué hago con este número?", prepares the credit note (summary and unsigned XML), confirms it in
 * the design system's dialog and lands on the new note's page, which links to the original, whose
 * page lists the note; once nothing is left no second note is offered (in English). Axe clean at 1280 and
 * 390 px on the prepared note and on the note's page.
 */

const t = getDictionary("es");
const c = t.creditNote;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PARTS =
  '[data-testid="credit-note-ranges"], [data-testid="credit-note-tool"], [data-testid="credit-note-links"]';

/** Whole days from a dd-MM-yyyy date to today in Santo Domingo. */
function daysSince(fecha: string): number {
  const [day, month, year] = fecha.split("-").map(Number);
  const today = santoDomingoDate(Date.now());
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.UTC(year!, month! - 1, day!)) / 86_400_000);
}

async function axeAt(page: Page, name: string, reload: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    if (reload) await page.reload();
    problems.push(...(await seriousAxeFindings(page, `${viewport.width} ${name}`)));
    // The credit note's own parts never reach past the window (the rest of the page is other specs').
    for (const part of await page.locator(PARTS).all()) {
      const box = await part.boundingBox();
      expect(box && box.x + box.width, `${name} at ${viewport.width}`).toBeLessThanOrEqual(
        viewport.width + 1,
      );
    }
    await screenshot(page, `credit-note-${name}-${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);
  return problems;
}

test.describe("Credit note from the portal", () => {
  test("administrator reserves E34 numbers; a clerk credits an accepted e-CF from the void tool's refusal", async ({
    signedIn: admin,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { encf: original, fechaEmision } = await issueAcceptedEcf(request);

    // An E34 authorization DGII granted (entered through the API), and the portal's part of it.
    const authorized = freshRange("34", 1000);
    const at = (n: number) => `E34${String(Number(authorized.desde.slice(3)) + n).padStart(10, "0")}`;
    const created = await request.post("/TesteCF/secuencias/autorizaciones", {
      headers: { authorization: `Bearer ${await demoIdToken(request)}` },
      data: {
        secuenciaDesde: authorized.desde,
        secuenciaHasta: authorized.hasta,
        fechaAutorizacion: "02-01-2026",
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await admin.goto("/sequences");
    const form = admin.getByTestId("credit-note-range-form");
    // Outside the authorization: refused in words, nothing reserved.
    await form.getByLabel(c.range.from, { exact: true }).fill(at(990));
    await form.getByLabel(c.range.to, { exact: true }).fill(at(1010));
    await form.getByRole("button", { name: c.range.save }).click();
    await expect(admin.getByTestId("credit-note-range-result")).toContainText("autorización E34");
    await form.getByLabel(c.range.from, { exact: true }).fill(at(900));
    await form.getByLabel(c.range.to, { exact: true }).fill(at(999));
    await form.getByRole("button", { name: c.range.save }).click();
    await expect(admin.getByTestId("credit-note-range-result")).toHaveText(
      format(c.range.saved, { from: at(900), to: at(999) }),
    );
    await expect(admin.getByTestId("credit-note-range").filter({ hasText: at(900) })).toContainText(at(999));
    expect(await axeAt(admin, "sequences-ranges", true)).toEqual([]);

    // The clerk: an operator of the company, nothing more.
    const email = `clerk-${randomUUID().slice(0, 8)}@anula.local`;
    await createUserInPortal(admin, email, "clave-clerk-1", "operator");
    const context = await browser.newContext();
    let clerk = await context.newPage();
    await signIn(clerk, email, "clave-clerk-1");

    // The void tool refuses the accepted number (SEQUENCE_USED) and links it to its remedy.
    await clerk.goto("/tools/void-encf");
    await clerk.getByLabel("Línea 1: e-NCF inicial (desde)").fill(original);
    await clerk.getByLabel(/^Línea 1: e-NCF final/).fill(original);
    await chooseReason(clerk);
    await clerk.getByRole("button", { name: t.voidTool.actions.review }).click();
    // The link opens the remedy in a new tab, so the void tool's lines stay where they were.
    const remedyTab = clerk.waitForEvent("popup");
    await clerk
      .getByTestId("void-blocked")
      .getByTestId("used-remedy-links")
      .locator(`a[data-encf="${original}"]`)
      .click();
    clerk = await remedyTab;
    await expect(clerk).toHaveURL(new RegExp(`/sequences/remedy\\?encf=${original}$`));
    await expect(clerk.getByTestId("remedy-answer")).toHaveAttribute("data-kind", "credit-note");

    // Prepared: the reason is required; then the note's summary and its unsigned XML, nothing issued.
    const tool = clerk.getByTestId("credit-note-tool");
    await expect(tool).toContainText(c.tool.title);
    await tool.getByTestId("credit-note-prepare").click();
    await expect(tool.getByText(c.tool.reasonRequired)).toBeVisible();
    await tool.getByLabel(c.tool.reason).fill("Devolución total de la mercancía");
    await tool.getByTestId("credit-note-prepare").click();
    const preview = clerk.getByTestId("credit-note-preview");
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(original);
    // The sample's 7,980.59 carries 1,080.09 ITBIS, not credited more than 30 days after the original.
    const within = daysSince(fechaEmision) <= 30;
    await expect(clerk.getByTestId("credit-note-indicator")).toHaveText(within ? "0" : "1");
    await expect(clerk.getByTestId("credit-note-total")).toContainText(within ? "7,980.59" : "6,900.50");
    await preview.getByText(c.tool.xml).click();
    const xml = clerk.getByTestId("credit-note-xml");
    await expect(xml).toContainText(`<NCFModificado>${original}</NCFModificado>`);
    await expect(xml).toContainText("<CodigoModificacion>1</CodigoModificacion>");
    await expect(xml).toContainText(`<IndicadorNotaCredito>${within ? 0 : 1}</IndicadorNotaCredito>`);
    await expect(xml).not.toContainText("<Signature");
    expect(await axeAt(clerk, "prepared", false)).toEqual([]);

    // Confirmed like a void: the dialog, then the new note's page.
    await clerk.getByTestId("credit-note-issue").click();
    const dialog = clerk.getByRole("dialog");
    await expect(dialog).toContainText(format(c.tool.confirmTitle, { encf: original }));
    await dialog.getByTestId("credit-note-confirm").click();
    await expect(clerk).toHaveURL(/\/documents\/E34\d{10}$/, { timeout: 30_000 });
    const note = clerk.url().split("/").pop()!;
    await expect(clerk.getByRole("heading", { level: 1 })).toHaveText(note);
    const modifies = clerk.getByTestId("credit-note-modifies");
    await expect(modifies).toHaveText(format(c.links.modifies, { encf: original }));
    expect(await axeAt(clerk, "note-page", true)).toEqual([]);

    // The original's page lists its credit note.
    await modifies.getByRole("link").click();
    await expect(clerk).toHaveURL(new RegExp(`/documents/${original}$`));
    await expect(
      clerk.getByTestId("credit-note-list").getByRole("link", { name: new RegExp(note) }),
    ).toHaveAttribute("href", `/documents/${note}`);
    await context.close();

    // In English: the note already credits the whole amount, so no second one is offered.
    const en = getDictionary("en");
    const english = await browser.newContext();
    await english.addCookies([{ name: "anula_lang", value: "en", url: BASE_URL }]);
    const page = await english.newPage();
    await signIn(page);
    await page.goto(`/sequences/remedy?encf=${original}`);
    await expect(page.getByTestId("remedy-answer")).toHaveAttribute("data-kind", "credit-note");
    await expect(page.getByTestId("remedy-answer")).toContainText(en.remedy.creditNote.fullyCredited);
    await expect(page.getByTestId("remedy-earlier-notes")).toContainText(note);
    await expect(page.getByTestId("credit-note-tool")).toHaveCount(0);
    await page.goto(`/documents/${note}`);
    await expect(page.getByTestId("credit-note-modifies")).toHaveText(
      format(en.creditNote.links.modifies, { encf: original }),
    );
    await english.close();
  });
});
