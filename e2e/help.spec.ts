import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Browser, Locator } from "@playwright/test";

import type { Locale } from "@/lib/domain/locale";
import { format, getDictionary } from "@/lib/i18n";
import { HELP_SCREENSHOTS, HELP_TOPICS, type HelpScreenshot } from "@/lib/i18n/help-topics";
import { helpScreenshotFile } from "@/lib/portal/help-screenshots";

import { chooseReason, demoIdToken, expect, seriousAxeFindings, signIn, test } from "./fixtures";

/**
 * Ayuda: linked from every portal page's header, in the portal's language, axe-clean on a desktop
 * and a phone; unknown portal pages answer 404 in the portal's language, inside the navigation (or,
 * signed out, a plain frame). The help's screenshots are taken here, from the running portal, into
 * public/ayuda/{name}.{locale}.png (committed; a file is rewritten only when its pixels changed), so
 * they never show a screen the portal no longer has.
 */

const LOCALES = ["es", "en"] as const;
const WIDTHS = [
  { name: "1280", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
const SCREENSHOT_DIR = path.join(__dirname, "..", "public", "ayuda");

/**
 * The void the help's screenshots show: fixed numbers, far above every range the fixtures draw at
 * random (freshRange starts below 9,000,000,001), so the picture is the same on every run.
 */
const SHOWN_RANGE = { secuenciaDesde: "E319876500001", secuenciaHasta: "E319876500010" } as const;
const SHOWN_REASON = { es: "Números saltados al facturar", en: "Numbers skipped when invoicing" } as const;

/** A browser context in `locale` at `width`, signed in as the demo administrator. */
async function signedInContext(
  browser: Browser,
  baseURL: string,
  locale: Locale,
  width: (typeof WIDTHS)[number] = WIDTHS[0],
) {
  const context = await browser.newContext({ viewport: width.viewport, isMobile: width.isMobile });
  await context.addCookies([{ name: "anula_lang", value: locale, url: baseURL }]);
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

/** Writes a screenshot where the help serves it, only when its bytes differ (an unchanged screen leaves the file alone). */
async function keepScreenshot(
  target: Locator,
  name: HelpScreenshot,
  locale: Locale,
  mask: Locator[] = [],
): Promise<void> {
  // What changes every run is covered in the page's own muted surface (Playwright's default is magenta),
  // and no focus ring is drawn: a reader sees a calm page, not a test's marks.
  await target.page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const png = await target.screenshot({ animations: "disabled", caret: "hide", mask, maskColor: "#e5e7eb" });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, helpScreenshotFile(name, locale));
  if (existsSync(file) && readFileSync(file).equals(png)) return;
  writeFileSync(file, png);
}

test.describe("Ayuda", () => {
  test("the header links to Ayuda from another page; the index opens every topic; the links go to the portal's pages", async ({
    signedIn: page,
  }) => {
    const t = getDictionary("es");
    await page.goto("/voids");
    const link = page.getByTestId("help-link");
    await expect(link).toHaveText(t.help.nav);
    await link.click();
    await expect(page).toHaveURL(/\/ayuda$/);
    await expect(page.getByRole("heading", { level: 1, name: t.help.title })).toBeVisible();
    const topics = page.getByRole("navigation", { name: t.help.topicsLabel });
    await expect(topics.getByRole("link")).toHaveCount(HELP_TOPICS.length);

    for (const slug of HELP_TOPICS) {
      const topic = t.help.topics[slug];
      await page.goto("/ayuda");
      await page
        .getByRole("navigation", { name: t.help.topicsLabel })
        .getByRole("link", { name: topic.title })
        .click();
      await expect(page).toHaveURL(new RegExp(`/ayuda/${slug}$`));
      await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();
      for (const section of topic.sections) {
        await expect(
          page.getByRole("heading", { level: 2, name: section.heading, exact: true }),
        ).toBeVisible();
      }
    }

    // What a void is not for: the remedy page, one click away.
    const article = page.getByTestId("help-article");
    await page.goto("/ayuda/anular");
    await article.getByRole("link", { name: t.remedy.title }).click();
    await expect(page).toHaveURL(/\/sequences\/remedy$/);
    // The statuses in the history's own words, and what each Error reason means.
    await page.goto("/ayuda/estados");
    const statuses = page.getByTestId("help-voidStatuses");
    for (const status of ["Aceptado", "Rechazado", "Error"] as const) {
      await expect(statuses).toContainText(t.voidStatus.labels[status]);
      await expect(statuses).toContainText(t.voidStatus.meanings[status]);
    }
    await expect(page.getByTestId("help-errorReasons")).toContainText(
      t.voidStatus.reasonMeanings.INTERRUPTED,
    );
    await expect(article.getByRole("link", { name: t.voidSettle.nav, exact: true })).toHaveAttribute(
      "href",
      "/voids/pending",
    );
    // The integrator's page points to the API reference.
    const apiReference = t.help.topics.integracion.sections
      .flatMap((section) => section.links ?? [])
      .find((link) => link.to === "docs")!;
    await page.goto("/ayuda/integracion");
    await expect(article.getByRole("link", { name: apiReference.label })).toHaveAttribute("href", "/docs");
  });

  test("in English when the portal is in English", async ({ browser, baseURL }) => {
    const t = getDictionary("en");
    const { context, page } = await signedInContext(browser, baseURL!, "en");
    try {
      await page.goto("/documents");
      await page.getByTestId("help-link").click();
      await expect(page.getByRole("heading", { level: 1, name: t.help.title })).toBeVisible();
      await expect(page).toHaveTitle(`${t.help.title} · ${t.common.appName}`);
      await page.goto("/ayuda/estados");
      await expect(page.getByRole("heading", { level: 1, name: t.help.topics.estados.title })).toBeVisible();
      await expect(page.getByTestId("help-voidStatuses")).toContainText(t.voidStatus.meanings.Rechazado);
    } finally {
      await context.close();
    }
  });

  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      test(`axe-clean at ${width.name} px in ${locale}: the index, a topic and the 404 page`, async ({
        browser,
        baseURL,
      }) => {
        const t = getDictionary(locale);
        const { context, page } = await signedInContext(browser, baseURL!, locale, width);
        try {
          for (const [where, heading] of [
            ["/ayuda", t.help.title],
            ["/ayuda/anular", t.help.topics.anular.title],
            ["/ayuda/estados", t.help.topics.estados.title],
            ["/ayuda/no-existe", t.notFound.title],
          ] as const) {
            await page.goto(where);
            await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
            // The header's link is on the first screen on a phone too, not behind the menu.
            await expect(page.getByTestId("help-link")).toBeVisible();
            expect(await seriousAxeFindings(page, `${where} ${locale} ${width.name}`)).toEqual([]);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
              `${where} ${locale} ${width.name}: nothing wider than the screen`,
            ).toBeLessThanOrEqual(width.viewport.width);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});

test.describe("Unknown portal pages", () => {
  test("answer 404 in the portal's language, with the navigation around them", async ({
    browser,
    baseURL,
  }) => {
    for (const locale of LOCALES) {
      const t = getDictionary(locale);
      const { context, page } = await signedInContext(browser, baseURL!, locale);
      try {
        for (const where of [
          "/voids/0190f000-0000-7000-8000-000000000000/nope",
          "/settings/nope",
          "/ayuda/nope/x",
          // A mistyped section: the browser gets the portal's page, not the API's JSON 404.
          "/inicoi",
        ]) {
          const response = await page.goto(where);
          expect(response?.status(), `${locale} ${where}`).toBe(404);
          const notFound = page.getByTestId("not-found");
          await expect(notFound.getByRole("heading", { level: 1 })).toHaveText(t.notFound.title);
          await expect(notFound).toContainText(t.notFound.body);
          await expect(page.getByRole("navigation", { name: t.shell.navLabel })).toBeAttached();
          await expect(page.getByTestId("current-environment")).toBeVisible();
          await expect(notFound.getByRole("link", { name: t.notFound.home })).toHaveAttribute(
            "href",
            "/inicio",
          );
          await expect(notFound.getByRole("link", { name: t.help.nav })).toHaveAttribute("href", "/ayuda");
        }
      } finally {
        await context.close();
      }
    }
  });

  test("a signed-out visitor gets the 404 page too, not a sign-in or an error; known pages still ask to sign in", async ({
    browser,
    baseURL,
  }) => {
    for (const locale of LOCALES) {
      const t = getDictionary(locale);
      const context = await browser.newContext();
      try {
        await context.addCookies([{ name: "anula_lang", value: locale, url: baseURL! }]);
        const page = await context.newPage();
        for (const where of ["/settings/nope", "/voids/a/b", "/ayuda/nope", "/login/nope", "/ayudas"]) {
          const response = await page.goto(where);
          expect(response?.status(), `${locale} ${where}`).toBe(404);
          await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText(
            t.notFound.title,
          );
          await expect(page.getByTestId("public-frame")).toBeVisible();
          await expect(page.getByRole("link", { name: t.login.title })).toHaveAttribute("href", "/login");
          await expect(page.getByTestId("current-environment")).toHaveCount(0);
        }
        expect(await seriousAxeFindings(page, `404 signed out ${locale}`)).toEqual([]);
        for (const known of ["/ayuda", "/settings", "/inicio"]) {
          await page.goto(known);
          await expect(page, known).toHaveURL(/\/login$/);
        }
        // The API's own paths keep their JSON answer, in a browser too.
        const api = await context.request.get("/testecf-mistyped/documentos-ecf");
        expect(api.status()).toBe(404);
        expect(((await api.json()) as { code: string }).code).toBe("ENVIRONMENT_NOT_FOUND");
      } finally {
        await context.close();
      }
    }
  });
});

test.describe("The help's screenshots", () => {
  test("are taken from the running portal in both languages, into public/ayuda", async ({
    browser,
    baseURL,
    request,
  }) => {
    // The accepted void the status page shows (the same numbers on every run).
    const answer = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${await demoIdToken(request)}` },
      data: { ranges: [SHOWN_RANGE], motivo: { codigo: "08", descripcion: SHOWN_REASON.es } },
    });
    expect(answer.status()).toBe(200);
    const { voidId } = (await answer.json()) as { voidId: string };

    for (const locale of LOCALES) {
      const t = getDictionary(locale);
      const { context, page } = await signedInContext(browser, baseURL!, locale);
      try {
        const main = page.locator("main#content");
        // Leaving the void tool with its unsent lines: the browser's beforeunload, accepted.
        page.on("dialog", (dialog) => void dialog.accept());
        // A topic first: the server reads which screenshots it serves once, and `next start` serves
        // only the public files present when it started — files written below wait for a restart.
        await page.goto("/ayuda/anular");

        // The void tool with a range and its reason, ready to review (numbers nobody else uses).
        await page.goto("/tools/void-encf");
        await page
          .getByLabel(format(t.voidTool.editor.desdeLabel, { line: 1 }), { exact: true })
          .fill("E319876600001");
        await page
          .getByLabel(format(t.voidTool.editor.hastaLabel, { line: 1 }), { exact: true })
          .fill("E319876600050");
        await chooseReason(page, { code: "08", text: SHOWN_REASON[locale] });
        await expect(main).toContainText(t.voidTool.summary.allGood);
        await keepScreenshot(main, "void-tool", locale);

        // The accepted void's result: its number, file name and dates change every run, so they are masked.
        await page.goto(`/tools/void-encf/result/${voidId}`);
        await expect(page.getByTestId("void-result-status")).toContainText(t.voidStatus.labels.Aceptado);
        await keepScreenshot(main, "void-result", locale, [main.locator("dd.mono")]);

        // Auditoría: the days default to this month's; a fixed month is typed in, so the picture
        // changes only when the page does.
        await page.goto("/audit");
        await expect(page.getByRole("heading", { level: 1, name: t.audit.title })).toBeVisible();
        await main.locator('input[name="from"]').fill("01-11-2026");
        await main.locator('input[name="to"]').fill("30-11-2026");
        await keepScreenshot(main, "audit", locale);

        // The help shows them once the server serves them (files present when it started): here, at
        // least, a topic renders whole whether or not they are there, with no broken image.
        await page.goto("/ayuda/anular");
        const images = page.locator("[data-testid^=help-figure-] img");
        for (const image of await images.all()) {
          expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(
            0,
          );
        }
      } finally {
        await context.close();
      }
    }
    for (const name of HELP_SCREENSHOTS) {
      for (const locale of LOCALES) {
        expect(existsSync(path.join(SCREENSHOT_DIR, helpScreenshotFile(name, locale))), name).toBe(true);
      }
    }
  });
});
