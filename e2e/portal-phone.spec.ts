import type { Page } from "@playwright/test";

import { format, getDictionary } from "@/lib/i18n";

import { expect, freshRange, screenshot, signIn, test, voidViaApi } from "./fixtures";
import { PORTAL_PAGES, urlOf } from "./portal-pages";

/**
 * The portal on a 390 px phone (touch, no hover), in Spanish and English: every page fits the
 * screen's width and keeps its header within ~120 px; the menu button opens and closes the
 * navigation as a disclosure; the void tool's line fields carry their own labels; keyboard hints
 * are not shown on touch; long lists are compact rows; a void of 10,000 ranges pages them.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** The shell's header (below DGII's banners, above the page's content) on a phone, at most. */
const HEADER_MAX_PX = 120;
/** An id no request or webhook has: those pages' own "not found" (a spec's own would change the data of others). */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

async function chooseLanguage(page: Page, locale: "es" | "en") {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "anula_lang", value: locale, url: url.origin }]);
}

/** Where the page's content begins below the shell's banners: the header's height (null: no shell). */
function headerHeight(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const content = document.querySelector("#content");
    const banner = document.querySelector(".shell-banner");
    if (!content || !banner) return null;
    return Math.round(content.getBoundingClientRect().top - banner.getBoundingClientRect().bottom);
  });
}

test.describe("on a 390 px phone", () => {
  test.use(PHONE);

  for (const locale of ["es", "en"] as const) {
    test(`every portal page is no wider than the screen, its header compact (${locale})`, async ({
      page,
      request,
    }) => {
      // Thirty pages, each loaded and measured: a few minutes on the small shared machine.
      test.setTimeout(420_000);
      const range = freshRange("31", 2);
      const voided = await voidViaApi(request, [
        { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
      ]);
      const ids = { voidId: voided.body.voidId as string, requestId: UNKNOWN_ID, webhookId: UNKNOWN_ID };
      await signIn(page);
      await chooseLanguage(page, locale);
      const problems: string[] = [];
      for (const portalPage of PORTAL_PAGES) {
        await page.goto(urlOf(portalPage, ids));
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale}`));
        // Measured once the page has settled (a moment of hydration is not what the clerk reads).
        const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
        await expect
          .poll(scrollWidth, { timeout: 5_000 })
          .toBeLessThanOrEqual(PHONE.viewport.width)
          .catch(() => undefined);
        const width = await scrollWidth();
        if (width > PHONE.viewport.width) problems.push(`${portalPage.name}: ${width} px wide`);
        const header = await headerHeight(page);
        if (header !== null && header > HEADER_MAX_PX)
          problems.push(`${portalPage.name}: header ${header} px`);
      }
      expect(problems).toEqual([]);
    });
  }

  test("the header's menu button opens the navigation, moves the focus there, Escape closes it", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/voids");
    const t = getDictionary("es");
    const menu = page.getByRole("button", { name: t.shell.menu });
    const nav = page.getByRole("navigation", { name: t.shell.navLabel });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toHaveAttribute("aria-controls", "shell-menu");
    await expect(nav).toBeHidden();
    expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
    // The environment stays in sight with the menu closed.
    await expect(page.getByTestId("current-environment")).toBeVisible();
    await screenshot(page, "phone-header-closed");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link").first()).toBeFocused();
    await screenshot(page, "phone-header-open");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // Enter opens it from the keyboard too, and following a link closes it.
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: t.shell.documents }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(nav).toBeHidden();
  });

  test("the void tool's line fields carry their labels, and no keyboard hints on touch", async ({ page }) => {
    await signIn(page);
    for (const locale of ["es", "en"] as const) {
      const e = getDictionary(locale).voidTool.editor;
      await chooseLanguage(page, locale);
      await page.goto("/tools/void-encf");
      const line = page.locator('[data-line="1"]');
      for (const [label, name] of [
        [e.desde, format(e.desdeLabel, { line: 1 })],
        [e.hasta, format(e.hastaLabel, { line: 1 })],
      ] as const) {
        const caption = line.getByText(label, { exact: true });
        await expect(caption, `${locale}: ${label}`).toBeVisible();
        const field = page.getByRole("textbox", { name, exact: true });
        // The visible word is part of the field's name, and sits beside it on the same line.
        expect(name.toLowerCase()).toContain(label.toLowerCase());
        const [captionBox, fieldBox] = [await caption.boundingBox(), await field.boundingBox()];
        expect(captionBox!.x + captionBox!.width).toBeLessThanOrEqual(fieldBox!.x);
        expect(
          Math.abs(captionBox!.y + captionBox!.height / 2 - (fieldBox!.y + fieldBox!.height / 2)),
        ).toBeLessThan(8);
      }
      expect(await page.evaluate(() => matchMedia("(hover: none), (pointer: coarse)").matches)).toBe(true);
      await expect(page.getByTestId("keyboard-hint")).toBeHidden();
    }
    await screenshot(page, "phone-void-tool-labels");
  });

  test("long lists are compact labelled rows: history, documents, requests, activity", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // A few voids, so the history has rows to measure.
    for (let i = 0; i < 3; i++) {
      const range = freshRange("32", 1);
      await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    }
    await signIn(page);
    const heights: number[] = [];
    for (const url of [
      "/voids?env=TesteCF",
      "/documents",
      "/voids/requests",
      "/voids/pending",
      "/settings/activity",
    ]) {
      await page.goto(url);
      const table = page.locator("main table").first();
      await expect(table, url).toBeVisible();
      const layout = await table.evaluate((element) => {
        const rows = [...element.querySelectorAll("tbody tr")] as HTMLElement[];
        const cells = rows.flatMap((row) => [...row.querySelectorAll("td")]);
        return {
          rows: rows.length,
          display: rows.map((row) => getComputedStyle(row).display),
          heights: rows.map((row) => Math.round(row.getBoundingClientRect().height)),
          theadHeight: Math.round(element.querySelector("thead")?.getBoundingClientRect().height ?? 0),
          // A cell that is only a button or a link ("Revisar", "Abrir") is named by it.
          labelled: cells.filter(
            (cell) =>
              cell.colSpan > 1 ||
              cell.hasAttribute("data-label") ||
              (cell.children.length === 1 &&
                cell.firstElementChild!.matches("a, button") &&
                cell.textContent === cell.firstElementChild!.textContent),
          ).length,
          cells: cells.length,
          width: Math.round(element.getBoundingClientRect().width),
        };
      });
      expect(layout.rows, url).toBeGreaterThan(0);
      // Stacked rows: no table row, no visible column headers, each value labelled, within the screen.
      expect(
        layout.display.filter((display) => display === "table-row"),
        url,
      ).toEqual([]);
      expect(layout.theadHeight, url).toBeLessThanOrEqual(1);
      expect(layout.labelled, url).toBe(layout.cells);
      expect(layout.width, url).toBeLessThanOrEqual(390);
      // A row with much to say (a typed reason, several ranges, what is known of an unconfirmed void)
      // takes more lines, never half the screen; the typical row is judged once all five are read.
      expect(Math.max(...layout.heights), `${url}: ${layout.heights.join(", ")}`).toBeLessThanOrEqual(
        PHONE.viewport.height / 2,
      );
      heights.push(...layout.heights);
      await screenshot(page, `phone-list-${url.split("?")[0]!.replaceAll("/", "-").slice(1)}`);
    }
    // Compact: the typical row of the portal's long lists is a few short lines.
    const sorted = heights.sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)], sorted.join(", ")).toBeLessThanOrEqual(200);
  });
});

test("a void of 10,000 ranges pages them 100 at a time, on a phone and at 1280 px", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const start = Number(freshRange("46", 20_000).desde.slice(3));
  const encf = (n: number) => `E46${String(n).padStart(10, "0")}`;
  const ranges = Array.from({ length: 10_000 }, (_, i) => ({
    secuenciaDesde: encf(start + 2 * i),
    secuenciaHasta: encf(start + 2 * i),
  }));
  const voided = await voidViaApi(request, ranges);
  expect(voided.status).toBe(200);
  const voidId = voided.body.voidId as string;
  for (const viewport of [
    PHONE,
    { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  ]) {
    const context = await browser.newContext(viewport);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`/voids/${voidId}?env=TesteCF`);
    const rows = page.getByTestId("void-ranges").locator("tbody tr");
    await expect(rows).toHaveCount(100);
    await expect(page.getByTestId("ranges-page-range")).toHaveText("1–100 de 10,000 rangos");
    await expect(rows.first()).toContainText(ranges[0]!.secuenciaDesde);
    await expect(page.getByTestId("ranges-previous")).toHaveCount(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${viewport.viewport.width} px`).toBeLessThan(viewport.isMobile ? 12_000 : 6_000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.viewport.width,
    );

    await page.getByTestId("ranges-next").click();
    await expect(page).toHaveURL(/rangos=2/);
    await expect(page.getByTestId("ranges-page-range")).toHaveText("101–200 de 10,000 rangos");
    await expect(rows.first()).toContainText(ranges[100]!.secuenciaDesde);
    await page.getByTestId("ranges-previous").click();
    await expect(page.getByTestId("ranges-page-range")).toHaveText("1–100 de 10,000 rangos");

    await page.goto(`/voids/${voidId}?env=TesteCF&rangos=100`);
    await expect(page.getByTestId("ranges-page-range")).toHaveText("9,901–10,000 de 10,000 rangos");
    await expect(rows.last()).toContainText(ranges[9_999]!.secuenciaDesde);
    await expect(page.getByTestId("ranges-next")).toHaveCount(0);
    await screenshot(page, `void-10000-ranges-last-page-${viewport.viewport.width}`);
    await context.close();
  }
});

test("at 1280 px the line fields' labels give way to the column headers, and keyboard hints show", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/tools/void-encf");
  const e = getDictionary("es").voidTool.editor;
  await expect(page.locator('[data-line="1"]').getByText(e.desde, { exact: true })).toBeHidden();
  await expect(page.getByTestId("keyboard-hint")).toBeVisible();
  await expect(page.getByTestId("keyboard-hint")).toHaveText(e.shortcuts);
  await expect(page.getByTestId("shell-menu-button")).toBeHidden();
});
