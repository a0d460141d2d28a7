import type { Page } from "@playwright/test";

import { santoDomingoDate } from "@/lib/domain/fecha";
import { format, getDictionary } from "@/lib/i18n";

import {
  BASE_URL,
  chooseReason,
  demoApiHeaders,
  expect,
  freshLowRange,
  freshRange,
  issueAcceptedEcf,
  screenshot,
  seriousAxeFindings,
  signIn,
  test,
  voidViaApi,
} from "./fixtures";

/**
 * Secuencias → "¿Qué hago con este número?" on the built app with the embedded simulator: an accepted
 * e-CF answers "credit note" with the fields it would carry (reached from its document's page); a
 * number the company voided links to the void; a skipped number opens the void tool with it as a
 * draft; a CerteCF number is unknown because DGII cannot be asked there; a wrong e-NCF is said in
 * the field; the void tool's SEQUENCE_USED block links each used number here; axe clean at 1280 and
 * 390 px; in English.
 */

const t = getDictionary("es");
const r = t.remedy;
const PAGE = "/sequences/remedy";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const at = (encf: string, n: number) =>
  `${encf.slice(0, 3)}${String(Number(encf.slice(3)) + n).padStart(10, "0")}`;
/** yyyy-MM-ddTHH:mm in Santo Domingo time (UTC−4), as the datetime-local field takes it. */
const santoDomingo = (epochMs: number) => new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 16);

/** Whole days from a dd-MM-yyyy date to today in Santo Domingo. */
function daysSince(fecha: string): number {
  const [day, month, year] = fecha.split("-").map(Number);
  const today = santoDomingoDate(Date.now());
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.UTC(year!, month! - 1, day!)) / 86_400_000);
}

async function ask(page: Page, encf: string) {
  await page.goto(PAGE);
  await page.getByLabel(r.form.label, { exact: true }).fill(encf);
  await page.getByRole("button", { name: r.form.submit }).click();
  // The form also sends its optional security code, empty here.
  await expect(page).toHaveURL(new RegExp(`\\?encf=${encf}&codigoSeguridad=$`));
}

const answer = (page: Page) => page.getByTestId("remedy-answer");

/** The answer at 1280 and 390 px: no serious axe finding, nothing scrolls sideways, a screenshot each. */
async function axeAndScreenshots(page: Page, name: string) {
  const problems: string[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(answer(page)).toBeVisible();
    problems.push(...(await seriousAxeFindings(page, `${viewport.width} ${PAGE} ${name}`)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${viewport.width}`).toBeLessThanOrEqual(1);
    await screenshot(page, `remedy-${name}-${viewport.width}`);
  }
  expect(problems).toEqual([]);
}

test.describe("¿Qué hago con este número?", () => {
  test("an accepted e-CF: a credit note with the fields it would carry, from the document's page", async ({
    signedIn: page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { encf, fechaEmision } = await issueAcceptedEcf(request);

    await page.goto(`/documents/${encf}`);
    await page.getByTestId("document-remedy-link").click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}\\?encf=${encf}$`));
    await expect(answer(page)).toHaveAttribute("data-kind", "credit-note");
    await expect(page.getByTestId("remedy-headline")).toHaveText(r.headline["credit-note"]);
    await expect(page.getByTestId("remedy-field-NCFModificado")).toHaveText(encf);
    await expect(page.getByTestId("remedy-field-FechaNCFModificado")).toHaveText(fechaEmision);
    await expect(page.getByTestId("remedy-field-CodigoModificacion")).toHaveText(r.creditNote.codigo1);
    const days = daysSince(fechaEmision);
    await expect(page.getByTestId("remedy-field-IndicadorNotaCredito")).toHaveText(
      days <= 30 ? r.creditNote.indicator.within : r.creditNote.indicator.after,
    );
    await expect(page.getByTestId("remedy-field-remaining")).toContainText("RD$");
    await expect(page.getByTestId("remedy-document-link")).toHaveAttribute("href", `/documents/${encf}`);
    // Lo que se comprobó: the ledger and DGII, each with when.
    const checks = page.getByTestId("remedy-checks");
    await expect(checks).toContainText(r.checks.title);
    await expect(checks.locator('[data-check="ledger"]')).toContainText(r.checks.names.ledger);
    await expect(checks.locator('[data-check="dgii"]')).toContainText(r.checks.names.dgii);
    await expect(checks.locator('[data-check="ledger"]')).toContainText(
      /\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/,
    );
    // Nothing offered to void.
    await expect(page.getByTestId("remedy-open-void")).toHaveCount(0);

    await axeAndScreenshots(page, "credit-note");
  });

  test("a number the company voided links to the void; the Secuencias tab leads here", async ({
    signedIn: page,
    request,
  }) => {
    const encf = freshRange("31", 1).desde;
    const voided = await voidViaApi(request, [{ secuenciaDesde: encf, secuenciaHasta: encf }]);
    expect(voided.status).toBe(200);
    const voidId = String(voided.body.voidId);

    await page.goto("/sequences");
    await page
      .getByRole("navigation", { name: t.sequences.title, exact: true })
      .getByRole("link", { name: r.nav })
      .click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.title);
    await page.getByLabel(r.form.label, { exact: true }).fill(encf.toLowerCase());
    await page.getByRole("button", { name: r.form.submit }).click();
    await expect(answer(page)).toHaveAttribute("data-kind", "voided");
    await expect(page.getByTestId("remedy-headline")).toHaveText(r.headline.voided);
    await expect(page.getByTestId("remedy-void-link")).toHaveAttribute("href", `/voids/${voidId}`);
    await page.getByTestId("remedy-void-link").click();
    await expect(page).toHaveURL(new RegExp(`/voids/${voidId}$`));
  });

  test("a skipped number: 'Puede anular este número' opens the void tool with it as a draft, nothing sent", async ({
    signedIn: page,
    request,
  }) => {
    test.setTimeout(90_000);
    // 0 _ 2: 1 is skipped, its neighbours issued four days ago, under the coverage mark.
    const block = freshLowRange("33", 3);
    const skipped = at(block.desde, 1);
    const imported = await request.post("/TesteCF/documentos-ecf/import", {
      headers: await demoApiHeaders(request),
      data: {
        documents: [block.desde, at(block.desde, 2)].map((ncf) => ({
          ncf,
          status: "Aceptado",
          createdAt: Date.now() - 4 * 24 * 3_600_000,
        })),
      },
    });
    expect(imported.status()).toBe(200);
    await page.goto("/sequences");
    await page.getByTestId("coverage-input").fill(santoDomingo(Date.now() - 60_000));
    await page.getByRole("button", { name: "Guardar marca" }).click();
    await expect(page.getByTestId("coverage-result")).toContainText("Marca de cobertura guardada.");

    await ask(page, skipped);
    await expect(answer(page)).toHaveAttribute("data-kind", "void");
    await expect(page.getByTestId("remedy-headline")).toHaveText(r.headline.void);
    await expect(answer(page)).toContainText(r.void.proven.salto);
    await expect(page.getByTestId("remedy-check")).toHaveCount(7);
    await page.getByTestId("remedy-open-void").click();
    await expect(page).toHaveURL(/\/tools\/void-encf\?gaps=[a-z0-9]+&part=1$/);
    await expect(page.getByTestId("gaps-draft-notice")).toBeVisible();
    await expect(page.getByLabel("Línea 1: e-NCF inicial (desde)")).toHaveValue(skipped);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a CerteCF number: it cannot be known, DGII cannot be asked there", async ({ signedIn: page }) => {
    await page.context().addCookies([{ name: "anula_env", value: "CerteCF", url: BASE_URL }]);
    const encf = freshRange("31", 1).desde;
    await page.goto(`${PAGE}?encf=${encf}`);
    await expect(answer(page)).toHaveAttribute("data-kind", "unknown");
    await expect(page.getByTestId("remedy-headline")).toHaveText(r.headline.unknown);
    await expect(page.getByTestId("remedy-unmet").locator('[data-reason="NOT_ASKABLE"]')).toHaveText(
      r.unknown.reasons.NOT_ASKABLE,
    );
    await expect(page.getByTestId("remedy-checks").locator('[data-check="dgii"]')).toContainText(
      r.checks.results.dgii["not-asked"],
    );
    await expect(page.getByTestId("remedy-open-void")).toHaveCount(0);

    await axeAndScreenshots(page, "unknown");
  });

  test("a wrong e-NCF is said in the field, and nothing is asked", async ({ signedIn: page }) => {
    await ask(page, "E31123");
    const field = page.getByLabel(r.form.label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("E31123");
    await expect(
      page.getByRole("alert").filter({ hasText: r.form.problems.INVALID_ENCF_LENGTH }),
    ).toBeVisible();
    await expect(answer(page)).toHaveCount(0);

    await page.goto(`${PAGE}?encf=E990000000001`);
    await expect(page.getByRole("alert").filter({ hasText: r.form.problems.INVALID_TIPO_ECF })).toBeVisible();

    // A type 32 summary's security code that is not 6 characters: said in its field, nothing asked.
    await page.goto(`${PAGE}?encf=E320000000001&codigoSeguridad=abc`);
    const code = page.getByLabel(r.form.securityCode, { exact: true });
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toHaveValue("abc");
    await expect(page.getByRole("alert").filter({ hasText: r.form.securityCodeProblem })).toBeVisible();
    await expect(answer(page)).toHaveCount(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeFindings(page, `${viewport.width} ${PAGE} invalid`)).toEqual([]);
    }
  });

  test("the void tool's SEQUENCE_USED block links each used number to its remedy", async ({
    signedIn: page,
  }) => {
    // E310000000001 and E310000000002 are the demo's seeded documents: never voidable.
    await page.goto("/tools/void-encf");
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill("E310000000001");
    await page.getByLabel(/^Línea 1: e-NCF final/).fill("E310000000002");
    await chooseReason(page);
    await page.getByRole("button", { name: t.voidTool.actions.review }).click();
    const links = page.getByTestId("void-blocked").getByTestId("used-remedy-links");
    for (const encf of ["E310000000001", "E310000000002"]) {
      const link = links.locator(`a[data-encf="${encf}"]`);
      await expect(link).toHaveText(format(t.voidTool.warnings.usedRemedyLink, { encf }));
      await expect(link).toHaveAttribute("href", `${PAGE}?encf=${encf}`);
    }
    await page.goto(`${PAGE}?encf=E310000000001`);
    await expect(answer(page)).toHaveAttribute("data-encf", "E310000000001");
    await expect(answer(page)).not.toHaveAttribute("data-kind", "void");
  });

  test("in English", async ({ browser, request }) => {
    const encf = freshRange("31", 1).desde;
    expect((await voidViaApi(request, [{ secuenciaDesde: encf, secuenciaHasta: encf }])).status).toBe(200);
    const en = getDictionary("en").remedy;
    const context = await browser.newContext();
    await context.addCookies([{ name: "anula_lang", value: "en", url: BASE_URL }]);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${PAGE}?encf=${encf}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
    await expect(page.getByTestId("remedy-headline")).toHaveText(en.headline.voided);
    await expect(page.getByTestId("remedy-checks")).toContainText(en.checks.title);
    await page.goto(`${PAGE}?encf=E310000000000`);
    await expect(
      page.getByRole("alert").filter({ hasText: en.form.problems.INVALID_SEQUENCE }),
    ).toBeVisible();
    await context.close();
  });
});
