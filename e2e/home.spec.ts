import { getDictionary } from "@/lib/i18n";

import {
  addCompanyInPortal,
  expect,
  freshRange,
  pickCompany,
  removeDemoFrom,
  screenshot,
  seriousAxeFindings,
  signIn,
  simulatorAdmin,
  test,
  voidViaApi,
} from "./fixtures";

/**
 * Inicio: the first page after sign-in says what needs doing in the company and environment, each
 * count a link to its page; a new company's administrator sees the first steps; a company without a
 * certificate is told so on Inicio and in the void tool before any confirmation is offered.
 */
const WIDTHS = [
  { name: "1280", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

test.describe("Inicio", () => {
  test.afterEach(async () => {
    await simulatorAdmin("/admin/faults", undefined, "DELETE");
  });

  test("the demo user lands on Inicio after signing in; each count links to its page", async ({
    page,
    request,
  }) => {
    const t = getDictionary("es");
    // A void whose outcome is unknown: Por confirmar has at least one, and Inicio says so.
    const range = freshRange("31", 2);
    await simulatorAdmin("/admin/faults", { service: "anularrango", mode: "status", status: 500 });
    const voided = await voidViaApi(request, [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }]);
    expect(voided.status).toBe(502);
    await simulatorAdmin("/admin/faults", undefined, "DELETE");

    await signIn(page);
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole("heading", { level: 1, name: t.home.title })).toBeVisible();
    const nav = page.getByRole("navigation", { name: t.shell.navLabel });
    await expect(nav.getByRole("link", { name: t.home.nav })).toHaveAttribute("aria-current", "page");

    // The demo company's certificate: valid until a dd-MM-aaaa date, with a link to see it.
    const certificate = page.getByTestId("home-certificate-state");
    await expect(certificate).toContainText(/\d{2}-\d{2}-\d{4}/);
    await expect(page.getByTestId("home-certificate").getByRole("link").first()).toHaveAttribute(
      "href",
      "/settings",
    );

    // The demo administrator also approves and settles: every count is there, each linking to its page.
    const toSettle = page.getByTestId("home-count-to-settle");
    await expect(toSettle).toHaveAttribute("data-active", "true");
    await expect(toSettle).toHaveText(/^\d[\d,]* anulaci(ón|ones) por confirmar$/);
    await expect(toSettle).toHaveAttribute("href", "/voids/pending");
    await expect(page.getByTestId("home-count-requests")).toHaveAttribute("href", "/voids/requests");
    await expect(page.getByTestId("home-count-gaps")).toHaveAttribute("href", "/sequences");
    const authorizations = page.locator('[data-testid^="home-count-authorizations"]');
    expect(await authorizations.count()).toBeGreaterThan(0);
    for (const link of await authorizations.all()) await expect(link).toHaveAttribute("href", "/sequences");
    const documents = page.locator(
      '[data-testid="home-count-documents"], [data-testid="home-count-pending-send"], [data-testid="home-count-in-process"]',
    );
    expect(await documents.count()).toBeGreaterThan(0);
    for (const link of await documents.all()) await expect(link).toHaveAttribute("href", /^\/documents/);
    // An administrator reads the company's latest activity: this sign-in is among it.
    await expect(page.getByTestId("home-activity")).toContainText(t.activity.actions.auth.sign_in);

    await toSettle.click();
    await expect(page).toHaveURL(/\/voids\/pending$/);
    await expect(page.getByRole("heading", { level: 1, name: t.voidSettle.queue.title })).toBeVisible();
    await nav.getByRole("link", { name: t.home.nav }).click();
    await expect(page).toHaveURL(/\/inicio$/);
  });

  for (const locale of ["es", "en"] as const) {
    for (const width of WIDTHS) {
      test(`axe-clean at ${width.name} px in ${locale}`, async ({ browser, baseURL }) => {
        const t = getDictionary(locale);
        const context = await browser.newContext({ viewport: width.viewport, isMobile: width.isMobile });
        try {
          await context.addCookies([{ name: "anula_lang", value: locale, url: baseURL! }]);
          const page = await context.newPage();
          await signIn(page);
          await expect(page).toHaveURL(/\/inicio$/);
          await expect(page.getByRole("heading", { level: 1, name: t.home.title })).toBeVisible();
          await expect(page.getByTestId("home-counts")).toBeVisible();
          expect(await seriousAxeFindings(page, `inicio ${locale} ${width.name}`)).toEqual([]);
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            width.viewport.width,
          );
          await screenshot(page, `home-${locale}-${width.name}`);
        } finally {
          await context.close();
        }
      });
    }
  }

  test("a new company without a certificate: Inicio lists the first steps; the void tool says it before any confirmation", async ({
    page,
    browser,
  }) => {
    const t = getDictionary("es");
    await signIn(page);
    const rnc = await addCompanyInPortal(page, "Inicio Servicios");
    try {
      await page.goto("/inicio");
      await pickCompany(page, rnc);
      await expect(page).toHaveURL(/\/inicio$/);

      // Inicio: the missing certificate with the way to load it, and the first steps, none done.
      const certificate = page.getByTestId("home-certificate-state");
      await expect(certificate).toContainText(t.home.certificate.missing);
      await expect(certificate.getByRole("link", { name: t.home.certificate.load })).toHaveAttribute(
        "href",
        "/settings",
      );
      const checklist = page.getByTestId("home-checklist");
      await expect(checklist).toBeVisible();
      for (const [step, href] of [
        ["certificate", "/settings"],
        ["authorizations", "/sequences"],
        ["coverage", "/sequences"],
        ["apiKey", "/settings/api-keys"],
        ["approver", "/settings/users"],
      ] as const) {
        const row = page.getByTestId(`home-step-${step}`);
        await expect(row).toHaveAttribute("data-done", "false");
        await expect(row.getByRole("link", { name: t.home.checklist.steps[step] })).toHaveAttribute(
          "href",
          href,
        );
      }
      expect(await seriousAxeFindings(page, "inicio new company")).toEqual([]);
      await screenshot(page, "home-new-company");

      // The void tool: the notice on arrival, a link to the certificate, and no way to the confirmation.
      // (Leaving the editor with a line asks first: accepted.)
      page.on("dialog", (dialog) => void dialog.accept());
      await page.goto("/tools/void-encf");
      const notice = page.getByTestId("no-certificate-notice");
      await expect(notice).toContainText(t.voidTool.certificate.missing);
      await expect(notice.getByRole("link", { name: t.voidTool.certificate.link })).toHaveAttribute(
        "href",
        "/settings",
      );
      const range = freshRange("31", 1);
      await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(range.desde);
      await expect(page.getByRole("button", { name: t.voidTool.actions.review })).toHaveCount(0);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await seriousAxeFindings(page, "void tool without certificate")).toEqual([]);
      await screenshot(page, "void-tool-no-certificate");
    } finally {
      // The demo user keeps one company (other specs sign in without rnc): the new company's own
      // administrator removes them. The invitation goes to the current company: the new one.
      if ((await page.getByTestId("current-company").textContent())?.trim() !== rnc) {
        await pickCompany(page, rnc);
      }
      await removeDemoFrom(page, browser, rnc);
    }
  });
});
