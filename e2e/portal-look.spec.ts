import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";

import type { Locale } from "@/lib/domain/locale";
import { format, getDictionary, plural, type Dictionary } from "@/lib/i18n";

import {
  chooseReason,
  expect,
  freshRange,
  markIssued,
  SCREENSHOT_DIR,
  signIn,
  test,
  voidViaApi,
} from "./fixtures";

/**
 * One look and one language: every portal page in Spanish and in English, each asserted to render
 * in that language (its h1 and <title> from the catalogue, no `{placeholder}` left, no words of the
 * other language where the catalogues differ) and saved as a full-page screenshot under
 * e2e/output/screenshots/look-<locale>-<page>.png, to compare side by side.
 */

const LOOK_DIR = SCREENSHOT_DIR;

async function shot(page: Page, locale: Locale, name: string) {
  mkdirSync(LOOK_DIR, { recursive: true });
  await page.screenshot({ path: path.join(LOOK_DIR, `look-${locale}-${name}.png`), fullPage: true });
}

/**
 * The page shows `heading` as its h1, no placeholder is left unfilled, and (where the page words its
 * <title> from the catalogue) the title is `title · Anula`.
 */
async function rendersIn(page: Page, t: Dictionary, heading: string, title: string | null = heading) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  if (title !== null)
    await expect(page).toHaveTitle(format(t.common.pageTitle, { page: title, app: t.common.appName }));
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
}

/** Words that exist in only one language: the page of the other must not show them. */
function foreignWords(locale: Locale): RegExp {
  const other = getDictionary(locale === "es" ? "en" : "es");
  const words = [other.shell.history, other.shell.documents, other.shell.settings, other.shell.signOut];
  return new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"));
}

for (const locale of ["es", "en"] as const) {
  const t = getDictionary(locale);

  test.describe(`the portal in ${locale}`, () => {
    test.use({ locale: locale === "es" ? "es-DO" : "en-US" });

    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "anula_lang", value: locale, url: baseURL! }]);
    });

    test("sign-in page", async ({ page }) => {
      await page.goto("/login");
      await rendersIn(page, t, t.login.title);
      await shot(page, locale, "01-login");
    });

    test("every signed-in page renders in this language", async ({ page, request }) => {
      test.setTimeout(180_000);
      // An accepted and a rejected void to look at (through the REST API: the same use case).
      const accepted = freshRange("31", 5);
      const ok = await voidViaApi(request, [
        { secuenciaDesde: accepted.desde, secuenciaHasta: accepted.hasta },
      ]);
      expect(ok.status).toBe(200);
      const used = freshRange("32", 1);
      await markIssued(used.desde, used.hasta);
      const rejected = await voidViaApi(request, [
        { secuenciaDesde: used.desde, secuenciaHasta: used.hasta },
      ]);
      expect(rejected.status).toBe(422);
      const acceptedId = String(ok.body.voidId);
      const rejectedId = String(rejected.body.voidId);

      await signIn(page);
      const foreign = foreignWords(locale);
      const visit = async (url: string, name: string, heading: string, title: string | null = heading) => {
        await page.goto(url);
        await rendersIn(page, t, heading, title);
        await expect(page.locator("nav").first()).not.toContainText(foreign);
        await shot(page, locale, name);
      };

      // Tools → Anular e-NCF: one line typed, the summary, then the confirmation dialog.
      await page.goto("/tools/void-encf");
      await rendersIn(page, t, t.voidTool.title);
      await expect(page.getByText(plural(t.voidTool.editor.linesCount, 1, locale))).toBeVisible();
      const range = freshRange("31", 1);
      await page.locator('[data-line-input="0-desde"]').fill(range.desde);
      await expect(page.getByTestId("void-total")).toHaveText("1");
      await shot(page, locale, "02-void-tool");
      await chooseReason(page);
      await page.getByRole("button", { name: t.voidTool.actions.review }).click();
      const dialog = page.getByRole("dialog", { name: t.voidTool.confirm.title });
      await expect(
        dialog.getByRole("button", { name: plural(t.voidTool.confirm.submit, 1, locale) }),
      ).toBeVisible();
      await shot(page, locale, "03-void-confirm");
      await dialog.getByRole("button", { name: t.voidTool.confirm.cancel }).click();

      await visit(
        `/tools/void-encf/result/${acceptedId}`,
        "04-void-result-accepted",
        t.voidTool.result.title,
      );
      await expect(page.getByTestId("void-result-status")).toHaveText(t.voidStatus.labels.Aceptado);
      await visit(
        `/tools/void-encf/result/${rejectedId}`,
        "05-void-result-rejected",
        t.voidTool.result.title,
      );
      await expect(page.getByText(t.voidStatus.meanings.Rechazado)).toBeVisible();

      await visit("/voids", "06-history", t.voids.title);
      const row = page.getByTestId("void-history").locator(`tr[data-void-id="${acceptedId}"]`);
      await expect(row).toContainText(t.voidStatus.labels.Aceptado);
      await visit(
        `/voids/${acceptedId}`,
        "07-void-detail-accepted",
        format(t.voidDetail.title, { voidId: acceptedId }),
      );
      await expect(page.getByText(t.voidStatus.meanings.Aceptado)).toBeVisible();
      await visit(
        `/voids/${rejectedId}`,
        "08-void-detail-rejected",
        format(t.voidDetail.title, { voidId: rejectedId }),
      );

      // A server error (the list's INVALID_DATE) in this language.
      await visit("/voids?from=2025-02-01&to=2025-01-01", "09-history-invalid-filter", t.voids.title);
      if (locale === "en") await expect(page.getByText(t.appErrors.INVALID_DATE!)).toBeVisible();

      await visit("/documents?ecf=E310000000001", "10-documents", t.documents.title);
      await expect(page.getByTestId("document-result")).toContainText(t.status.Aceptado);
      await visit("/documents?ecf=X12", "11-documents-invalid", t.documents.title);
      if (locale === "en") await expect(page.getByText(t.appErrors.INVALID_ECF!).first()).toBeVisible();

      // Settings: one h1 (the layout's), each tab's <title> from the catalogue.
      const tabs = t.settings.tabs;
      await visit("/settings", "12-settings-certificate", t.settings.title);
      await visit("/settings/api-keys", "13-settings-api-keys", t.settings.title, tabs.apiKeys);
      await visit("/settings/users", "14-settings-users", t.settings.title, tabs.users);
      await visit("/settings/integration", "15-settings-integration", t.settings.title, tabs.integration);
      await visit(
        "/settings/service-accounts",
        "17-settings-service-accounts",
        t.settings.title,
        tabs.serviceAccounts,
      );

      await visit("/account", "18-account", t.account.title);
      await visit("/organization", "19-organization", t.organization.title);
      await visit("/sequences", "20-sequences", t.sequences.title);
      await visit("/voids/pending", "21-voids-pending", t.voidSettle.queue.title);

      await page.goto(`/docs?lang=${locale}`);
      await expect(page.getByRole("heading", { level: 1, name: t.docs.title })).toBeVisible();
      await shot(page, locale, "16-docs");
    });
  });
}
