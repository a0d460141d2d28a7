import { mkdirSync } from "node:fs";
import path from "node:path";

import { format, getDictionary, plural } from "@/lib/i18n";

import {
  chooseReason,
  expect,
  freshRange,
  SCREENSHOT_DIR,
  seriousAxeFindings,
  signIn,
  test,
  voidViaApi,
} from "./fixtures";
import { PORTAL_PAGES, urlOf } from "./portal-pages";

/**
 * Accessibility as a floor: an axe-core scan of every portal page (e2e/portal-pages.ts) at 1280 px and
 * on a 390 px phone, in Spanish and in English, finds no serious or critical violation, and each page
 * is saved as a screenshot under e2e/output/screenshots/axe-<width>-<locale>-<page>.png (not committed). Also scanned: the void tool with its
 * confirm dialog open, and (on the phone) the shell's menu open. The pages a clerk reads a void on
 * never show the API's word "voidId".
 */
const WIDTHS = [
  { name: "1280", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

/** An id no request or webhook has: those pages' own "not found" (this spec leaves others' data alone). */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Pages that show a void to the clerk: no API vocabulary in their visible Spanish text. */
const NO_VOID_ID = new Set(["history", "pending", "void-requests", "void-detail", "void-result"]);

for (const width of WIDTHS) {
  test.describe(`axe at ${width.name} px`, () => {
    test.use({ viewport: width.viewport, isMobile: width.isMobile });

    for (const locale of ["es", "en"] as const) {
      test(`every portal page (${locale}): no serious or critical violation, screenshot saved`, async ({
        page,
        request,
        browser,
        baseURL,
      }) => {
        const t = getDictionary(locale);
        await page.context().addCookies([{ name: "anula_lang", value: locale, url: baseURL! }]);
        // Fifteen pages, a dialog and a menu, each scanned and saved: minutes on a small shared machine.
        test.setTimeout(600_000);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const range = freshRange("31", 2);
        const voided = await voidViaApi(request, [
          { secuenciaDesde: range.desde, secuenciaHasta: range.hasta },
        ]);
        const voidId = voided.body.voidId as string;
        const problems: string[] = [];
        async function scan(name: string, { on = page, screenshot = true } = {}) {
          // Every page whole, /docs's API reference included (rendered by the app, nothing left out).
          problems.push(...(await seriousAxeFindings(on, name)));
          if (!screenshot) return;
          await on.screenshot({
            path: path.join(SCREENSHOT_DIR, `axe-${width.name}-${locale}-${name}.png`),
            fullPage: true,
          });
        }
        // The API reference is public: its contents and every one of its pages, signed out, in this
        // test's language (the four tests cover both languages at both widths). Its pages are long:
        // no screenshot, which would only repeat the OpenAPI document. Scanned in a page of its own
        // while the portal's pages are scanned: axe on a page of 8,000 elements keeps one core busy
        // for ~20 s, and the machine has two.
        const docsContext = await browser.newContext({
          baseURL,
          viewport: width.viewport,
          isMobile: width.isMobile,
          locale: "es-DO",
          timezoneId: "America/Santo_Domingo",
        });
        const docsScans = (async () => {
          const docs = await docsContext.newPage();
          for (const section of [
            "",
            "/autenticacion",
            "/anulaciones",
            "/documentos",
            "/secuencias",
            "/webhooks",
            "/operacion",
            "/eventos-webhook",
            "/esquemas",
          ]) {
            await docs.goto(`/docs${section}?lang=${locale}`);
            await expect(docs.getByRole("heading", { level: 2 }).first()).toBeVisible();
            await scan(`docs${section.replace("/", "-")}`, { on: docs, screenshot: false });
          }
        })();
        // Settled now, awaited at the end: a failure there is reported, never left unhandled.
        const docsScanned = docsScans.then(
          () => null,
          (error: unknown) => error,
        );
        try {
          await page.goto("/login");
          await scan("login");
          // The signed-out ways back in: the forgotten password, and a reset link that no longer works.
          await page.goto("/login/forgot");
          await scan("login-forgot");
          await page.goto("/login/reset?token=no-longer-valid");
          await scan("login-reset");
          await page.goto("/login");
          await signIn(page);
          const ids = { voidId, requestId: UNKNOWN_ID, webhookId: UNKNOWN_ID };
          for (const portalPage of PORTAL_PAGES) {
            const name = portalPage.name;
            await page.goto(urlOf(portalPage, ids));
            await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
            await scan(name);
            if (NO_VOID_ID.has(name))
              expect(await page.locator("body").innerText(), name).not.toContain("voidId");
          }

          // The void tool's confirm dialog, open (its focus trap and labels scanned too).
          const fresh = freshRange("31", 1);
          await page.goto("/tools/void-encf");
          const editor = t.voidTool.editor;
          await page.getByLabel(format(editor.desdeLabel, { line: 1 }), { exact: true }).fill(fresh.desde);
          await page.getByLabel(format(editor.hastaLabel, { line: 1 }), { exact: true }).fill(fresh.hasta);
          await chooseReason(page);
          await page.getByRole("button", { name: t.voidTool.actions.review }).click();
          const dialog = page.getByRole("dialog", { name: t.voidTool.confirm.title });
          await expect(
            dialog.getByRole("button", { name: plural(t.voidTool.confirm.submit, 1, locale) }),
          ).toBeVisible();
          await scan("void-confirm-dialog");
          await page.keyboard.press("Escape");
          await expect(dialog).toHaveCount(0);
          await page.getByRole("button", { name: t.voidTool.editor.clearAll }).click();
          // Emptying asks in the portal's dialog (scanned too).
          await expect(page.getByRole("dialog", { name: t.voidTool.editor.clearAll })).toBeVisible();
          await scan("clear-confirm-dialog");
          await page.getByTestId("clear-confirm").click();

          // The phone's menu, open.
          if (width.isMobile) {
            await page.getByTestId("shell-menu-button").click();
            await expect(page.getByTestId("account-info")).toBeVisible();
            await scan("shell-menu-open");
          }
        } finally {
          // The reference's scans end before the test does, whatever happened here.
          await docsScanned;
          await docsContext.close();
        }
        const docsFailure = await docsScanned;
        if (docsFailure) throw docsFailure;
        expect(problems).toEqual([]);
      });
    }
  });
}
