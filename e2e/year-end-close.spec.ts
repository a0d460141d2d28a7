import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

import { format, getDictionary } from "@/lib/i18n";

import {
  addCompanyInPortal,
  createUserInPortal,
  DEMO,
  demoApiKey,
  expect,
  makeP12,
  pickCompany,
  removeDemoFrom,
  screenshot,
  signIn,
  simulatorAdmin,
  test,
} from "./fixtures";

/**
 * The year-end close ("Cierre de año") in the browser, in CerteCF (no other spec's ranges there): a
 * two-company organization — the demo company with an authorization still valid until 31-12 of this
 * year (its tail needs a person to confirm the company stopped issuing), and a second company with an
 * expired one, a certificate of its own and an approval policy, so one of its approvers (not the demo
 * administrator, who prepared the campaign) decides for it. The administrator starts it; the page
 * shows the progress and the summary (two accepted voids).
 */

const t = getDictionary("es");
const y = t.yearEndClose;
const ENV = "CerteCF";
const YEAR = new Date().getUTCFullYear();
const suffix = randomUUID().slice(0, 8);
const approverEmail = `aprobador-cierre-${suffix}@anula.local`;
const APPROVER_PASSWORD = "aprobador-cierre-1";
const DAY = 86_400_000;

test.describe.configure({ mode: "serial" });

let secondRnc = "";
/** The second company's API key, created in its portal (importing documents takes one). */
let secondApiKey = "";
let closeUrl = "";

async function inCerteCF(page: Page) {
  await page.context().addCookies([{ name: "anula_env", value: ENV, url: page.url() || "http://127.0.0.1" }]);
}

async function tokenFor(request: APIRequestContext, rnc: string): Promise<string> {
  const answer = await request.post("/auth/token", {
    data: { username: DEMO.email, password: DEMO.password, rnc },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { idToken: string }).idToken;
}

/**
 * An authorization of one type (desde–hasta) and the coverage mark an hour ago, through the API. The
 * demo company's tail is of a type no other spec issues in CerteCF: an e-CF issued there minutes ago
 * (issued-review issues E31) is above any tail and inside the quiet period, so the ledger rightly
 * proposes nothing of that type.
 */
async function ledgerOf(
  request: APIRequestContext,
  rnc: string,
  type: string,
  range: { desde: number; hasta: number },
  fechaVencimiento: string,
) {
  const headers = { authorization: `Bearer ${await tokenFor(request, rnc)}` };
  const encf = (n: number) => `E${type}${String(n).padStart(10, "0")}`;
  const created = await request.post(`/${ENV}/secuencias/autorizaciones`, {
    headers,
    data: {
      secuenciaDesde: encf(range.desde),
      secuenciaHasta: encf(range.hasta),
      fechaAutorizacion: `02-01-${YEAR - 1}`,
      fechaVencimiento,
    },
  });
  expect(created.status()).toBe(201);
  // One old e-CF of another type, only to carry the import-coverage mark.
  const at = Date.now() - 10 * DAY;
  const imported = await request.post(`/${ENV}/documentos-ecf/import`, {
    headers: { ...headers, "x-api-key": rnc === DEMO.rnc ? demoApiKey() : secondApiKey },
    data: {
      documents: [{ ncf: "E320000000001", status: "Aceptado", createdAt: at }],
      coveredUntil: Date.now() - 3_600_000,
    },
  });
  expect(imported.status()).toBe(200);
  await simulatorAdmin("/admin/authorized-ranges", {
    environment: ENV,
    rnc,
    ranges: [{ from: encf(range.desde), to: encf(range.hasta) }],
  });
}

async function signedInAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test.describe("cierre de año", () => {
  test.afterAll(async ({ browser }) => {
    if (!secondRnc) return;
    // Other specs sign the demo user in without choosing a company.
    const admin = await signedInAs(browser, DEMO.email, DEMO.password);
    await pickCompany(admin, secondRnc);
    await removeDemoFrom(admin, browser, secondRnc);
    await admin.context().close();
  });

  test("a second company with its certificate, its approver and an approval policy in CerteCF", async ({
    signedIn: admin,
    request,
  }) => {
    test.setTimeout(120_000);
    secondRnc = await addCompanyInPortal(admin, "Cierre");
    await pickCompany(admin, secondRnc);
    await admin.goto("/settings");
    const upload = admin.getByTestId("certificate-upload");
    await upload.getByLabel("Archivo .p12 / .pfx").setInputFiles({
      name: "segunda.p12",
      mimeType: "application/x-pkcs12",
      buffer: makeP12("clave-segunda", secondRnc),
    });
    await upload.getByLabel("Contraseña del certificado").fill("clave-segunda");
    await upload.getByRole("button", { name: "Cargar certificado" }).click();
    await expect(admin.getByTestId("active-certificate")).toContainText(secondRnc);
    await admin.goto("/settings/api-keys");
    await admin.getByTestId("api-key-create").getByLabel("Nombre de la clave").fill("Cierre e2e");
    await admin.getByRole("button", { name: "Crear clave" }).click();
    await expect(admin.getByTestId("api-key-value")).toHaveText(/^anula_/);
    secondApiKey = (await admin.getByTestId("api-key-value").textContent()) ?? "";
    await createUserInPortal(admin, approverEmail, APPROVER_PASSWORD, "approver");
    await admin.goto("/settings/approvals");
    const form = admin.getByTestId(`approval-policy-${ENV}`);
    await form
      .getByLabel(format(t.approvals.policy.enabledLabel, { environment: t.environments[ENV] }))
      .check();
    await form.getByRole("button", { name: format(t.approvals.policy.save, { environment: ENV }) }).click();
    await expect(form.getByTestId("approval-policy-result")).toContainText(
      format(t.approvals.policy.saved, { environment: ENV }),
    );
    // The demo company's tail is still valid until 31-12; the second company's authorization expired.
    await ledgerOf(request, DEMO.rnc, "43", { desde: 900_001, hasta: 900_050 }, `31-12-${YEAR}`);
    await ledgerOf(request, secondRnc, "31", { desde: 1, hasta: 40 }, `02-01-${YEAR}`);
  });

  test("the administrator prepares the close: one screen, each company's proposal and checks", async ({
    signedIn: admin,
  }) => {
    await inCerteCF(admin);
    await admin.goto("/organization");
    await admin.getByTestId("organization-year-end-close").click();
    await expect(admin.getByRole("heading", { name: y.title, level: 1 })).toBeVisible();
    await admin.getByTestId("year-end-close-year").fill(String(YEAR));
    await admin.getByTestId("year-end-close-create").click();
    await expect(admin.getByTestId("year-end-close")).toBeVisible();
    closeUrl = admin.url();
    const demo = admin.getByTestId(`year-end-close-company-${DEMO.rnc}`);
    const second = admin.getByTestId(`year-end-close-company-${secondRnc}`);
    await expect(demo.getByTestId("year-end-close-company-state")).toHaveText(y.state.awaiting_confirmation);
    await expect(demo).toContainText(y.kind.vigente);
    await expect(demo).toContainText(y.dgiiNever);
    await expect(second.getByTestId("year-end-close-company-state")).toHaveText(y.state.awaiting_approval);
    await expect(second).toContainText(y.kind.vencida);
    await expect(second).toContainText(y.approverNeeded);
    // The administrator prepared it: the second company's approvers decide, not them.
    await expect(admin.getByTestId("year-end-close-start")).toBeDisabled();
    await demo.getByTestId("year-end-close-confirm").click();
    await admin.getByTestId("year-end-close-confirm-yes").click();
    await expect(demo.getByTestId("year-end-close-company-state")).toHaveText(y.state.awaiting_approval);
    await demo.getByTestId("year-end-close-approve").click();
    await expect(demo.getByTestId("year-end-close-company-state")).toHaveText(y.state.approved);
    await second.getByTestId("year-end-close-approve").click();
    await expect(admin.getByTestId("year-end-close-result")).toContainText("aprobador");
    await screenshot(admin, "year-end-close-proposed");
  });

  test("the second company's approver approves it on the same screen", async ({ browser }) => {
    const approver = await signedInAs(browser, approverEmail, APPROVER_PASSWORD);
    await inCerteCF(approver);
    await approver.goto(closeUrl.replace(/^https?:\/\/[^/]+/, ""));
    const second = approver.getByTestId(`year-end-close-company-${secondRnc}`);
    // Only their own company shows.
    await expect(approver.getByTestId(`year-end-close-company-${DEMO.rnc}`)).toHaveCount(0);
    await second.getByTestId("year-end-close-approve").click();
    await expect(second.getByTestId("year-end-close-company-state")).toHaveText(y.state.approved);
    await approver.context().close();
  });

  test("started, it sends one company at a time: progress, then the summary", async ({ signedIn: admin }) => {
    test.setTimeout(120_000);
    await inCerteCF(admin);
    await admin.goto(closeUrl.replace(/^https?:\/\/[^/]+/, ""));
    await admin.getByTestId("year-end-close-start").click();
    await admin.getByTestId("year-end-close-start-yes").click();
    await expect(admin.getByTestId("year-end-close-progress")).toBeVisible();
    // The page follows the worker until both companies are done.
    await expect(admin.getByTestId("year-end-close-status")).toHaveText(y.status.done, { timeout: 90_000 });
    await expect(admin.getByTestId("year-end-close-progress")).toHaveText(
      format(y.progress, { finished: "2", total: "2" }),
    );
    await expect(admin.getByTestId("year-end-close-summary-accepted")).toContainText("2");
    await expect(admin.getByTestId("year-end-close-summary-toSettle")).toContainText("0");
    await screenshot(admin, "year-end-close-done");
  });
});
