import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

import { format, getDictionary, plural } from "@/lib/i18n";

import {
  chooseReason,
  createUserInPortal,
  expect,
  freshRange,
  screenshot,
  seriousAxeFindings,
  signIn,
  test,
} from "./fixtures";

/**
 * Four eyes on voids in the browser, against the embedded DGII simulator: an administrator
 * cannot switch the approval policy on with one approver, adds an approver and switches it on for
 * TesteCF; an operator's "Revisar y anular" then creates a request (nothing sent) that the operator
 * cannot decide; the approver sees the badge, approves it in a dialog that says what is sent where,
 * and lands on the void, Aceptado, with requester and approver on its page; a second request is
 * rejected with a reason, which the requester reads. The policy is switched off again at the end
 * (other specs void in TesteCF). The new pages are scanned with axe at 1280 and 390 px.
 */

const t = getDictionary("es");
const a = t.approvals;
const TOOL = "/tools/void-encf";
const PASSWORD_A = "operadora-clave-1";
const PASSWORD_B = "aprobador-clave-1";
const suffix = randomUUID().slice(0, 8);
const operatorEmail = `operadora-${suffix}@anula.local`;
const approverEmail = `aprobador-${suffix}@anula.local`;

test.describe.configure({ mode: "serial" });

/** The administrator's form for one environment on Configuración → Aprobaciones. */
const policyForm = (page: Page, environment: string) => page.getByTestId(`approval-policy-${environment}`);

async function setPolicy(page: Page, environment: string, enabled: boolean) {
  await page.goto("/settings/approvals");
  const form = policyForm(page, environment);
  const box = form.getByLabel(
    format(a.policy.enabledLabel, { environment: t.environments[environment as "TesteCF"] }),
  );
  if (enabled) await box.check();
  else await box.uncheck();
  await form.getByRole("button", { name: format(a.policy.save, { environment }) }).click();
  return form.getByTestId("approval-policy-result");
}

async function signedInAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** Fills the tool with one range and a reason (required in the portal) and reviews it. */
async function reviewInTool(page: Page, range: { desde: string; hasta: string }) {
  await page.goto(TOOL);
  await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(range.desde);
  await page.getByLabel(/^Línea 1: e-NCF final/).fill(range.hasta);
  await chooseReason(page, { code: "04", text: "Secuencias de prueba que no se usarán" });
  await page.getByRole("button", { name: t.voidTool.actions.review }).click();
}

test.describe("aprobación de anulaciones", () => {
  test.afterAll(async ({ browser }) => {
    // Whatever happened above, TesteCF sends voids without approval again for the specs after this one.
    const page = await signedInAs(browser, "demo@anula.local", "anula-demo");
    const result = await setPolicy(page, "TesteCF", false);
    await expect(result).toContainText(format(a.policy.savedOff, { environment: "TesteCF" }));
    await page.context().close();
  });

  test("with one approver the policy cannot be switched on: the page says why, the server refuses", async ({
    signedIn: admin,
  }) => {
    await admin.goto("/settings/approvals");
    await expect(admin.getByRole("heading", { name: a.policy.title })).toBeVisible();
    // Only the demo administrator (administrator, approver, operator) can approve so far.
    await expect(admin.getByTestId("approvers-count")).toHaveAttribute("data-approvers", "1");
    await expect(admin.getByTestId("approvers-too-few")).toContainText(
      format(a.policy.needsTwo, { approvers: "1" }),
    );
    await expect(admin.getByTestId("approval-recommend-ecf")).toContainText("eCF (producción)");
    const result = await setPolicy(admin, "TesteCF", true);
    await expect(result).toContainText("al menos 2 personas");
    await expect(result).toContainText("hay 1");
    await expect(admin.locator('tr[data-environment="TesteCF"] [data-testid="policy-state"]')).toHaveText(
      a.policy.off,
    );
    await screenshot(admin, "approvals-refused");
  });

  test("with a second approver the administrator switches it on for TesteCF", async ({ signedIn: admin }) => {
    await createUserInPortal(admin, operatorEmail, PASSWORD_A, "operator");
    await createUserInPortal(admin, approverEmail, PASSWORD_B, "approver");
    await admin.goto("/settings/approvals");
    await expect(admin.getByTestId("approvers-count")).toHaveAttribute("data-approvers", "2");
    await expect(admin.getByTestId("approvers-too-few")).toHaveCount(0);
    const result = await setPolicy(admin, "TesteCF", true);
    await expect(result).toContainText(format(a.policy.saved, { environment: "TesteCF" }));
    await admin.reload();
    await expect(admin.locator('tr[data-environment="TesteCF"] [data-testid="policy-state"]')).toHaveText(
      a.policy.on,
    );
    await expect(admin.locator('tr[data-environment="eCF"] [data-testid="policy-state"]')).toHaveText(
      a.policy.off,
    );
  });

  let requestId = "";
  const range = freshRange("31", 3);

  test("the operator's void becomes a request: nothing sent, and the operator cannot decide it", async ({
    browser,
  }) => {
    const operator = await signedInAs(browser, operatorEmail, PASSWORD_A);
    await operator.goto(TOOL);
    await expect(operator.getByTestId("approval-notice")).toContainText("requieren aprobación");
    await reviewInTool(operator, range);
    const dialog = operator.getByRole("dialog", { name: a.tool.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(a.tool.dialogNote);
    await expect(dialog.getByTestId("confirm-total")).toHaveText("3");
    // No typed total and no "Anular": the button asks for approval.
    await dialog.getByRole("button", { name: plural(a.tool.submit, 3, "es") }).click();

    await expect(operator).toHaveURL(/\/voids\/requests\/[0-9a-f-]{36}\?env=TesteCF&created=1$/, {
      timeout: 30_000,
    });
    requestId = (await operator.getByTestId("void-request-id").textContent())!.trim();
    await expect(operator.getByTestId("void-request-created")).toContainText(a.detail.created);
    await expect(operator.getByTestId("void-request-status")).toHaveText(a.statuses.Pendiente);
    await expect(operator.getByTestId("void-request-total")).toHaveText("3");
    await expect(operator.getByTestId("void-request-requested-by")).toContainText(operatorEmail);
    await expect(operator.getByTestId("void-request-expires")).toBeVisible();
    await expect(operator.getByTestId("void-request-ranges")).toContainText(range.desde);
    await expect(operator.getByTestId("void-request-checks")).toContainText(a.detail.checksNote);
    await operator.getByRole("button", { name: t.voidTool.confirm.showXml }).click();
    await expect(operator.getByTestId("void-xml-preview")).toContainText(
      `<SecuenciaeNCFDesde>${range.desde}</SecuenciaeNCFDesde>`,
    );
    // The requester has no way to decide (the server refuses anyway: unit tests).
    await expect(operator.getByTestId("void-request-no-decision")).toHaveText(a.detail.ownRequest);
    await expect(operator.getByRole("button", { name: a.detail.approve })).toHaveCount(0);
    await expect(operator.getByRole("button", { name: a.detail.reject })).toHaveCount(0);
    await screenshot(operator, "approvals-request-requester");

    // No void was recorded: the history has none with this request's ranges yet.
    await operator.goto("/voids/requests");
    const row = operator.locator(`tr[data-request-id="${requestId}"]`);
    await expect(row).toHaveAttribute("data-status", "Pendiente");
    await expect(row.getByRole("link", { name: a.list.review })).toHaveCount(0);
    // The requester's own request never counts in their badge.
    await expect(operator.getByTestId("nav-badge")).toHaveCount(0);
    await operator.context().close();
  });

  test("the approver sees the badge, approves, and lands on the void: Aceptado, requester and approver shown", async ({
    browser,
  }) => {
    const approver = await signedInAs(browser, approverEmail, PASSWORD_B);
    const nav = approver.getByRole("navigation", { name: t.shell.navLabel });
    const link = nav.getByRole("link", { name: new RegExp(a.nav) });
    await expect(link.getByTestId("nav-badge")).toContainText("1");
    await expect(link).toContainText(plural(a.navBadge, 1, "es"));
    await link.click();
    await expect(approver).toHaveURL(/\/voids\/requests$/);
    await expect(approver.getByTestId("requests-for-me")).toContainText(plural(a.list.pendingCount, 1, "es"));
    await approver
      .locator(`tr[data-request-id="${requestId}"]`)
      .getByRole("link", { name: a.list.review })
      .click();
    await expect(approver.getByTestId("void-request-status")).toHaveText(a.statuses.Pendiente);

    // Keyboard: the approve button opens the dialog, Escape closes it.
    await approver.getByRole("button", { name: a.detail.approve }).focus();
    await approver.keyboard.press("Enter");
    const dialog = approver.getByRole("dialog", { name: a.detail.approveTitle });
    await expect(dialog).toBeVisible();
    await approver.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await approver.getByRole("button", { name: a.detail.approve }).click();
    await expect(dialog.getByTestId("approve-what")).toHaveText(
      plural(a.detail.approveWhat, 3, "es", {
        environment: t.environments.TesteCF,
        requester: `${operatorEmail} (portal)`,
      }),
    );
    await expect(dialog.getByTestId("approve-environment")).toHaveText("TesteCF");
    expect(await seriousAxeFindings(approver, "approve-dialog")).toEqual([]);
    await screenshot(approver, "approvals-approve-dialog");
    await dialog.getByTestId("approve-confirm").click();

    await expect(approver).toHaveURL(/\/tools\/void-encf\/result\/[0-9a-f-]{36}\?env=TesteCF$/, {
      timeout: 30_000,
    });
    await expect(approver.getByTestId("void-result-status")).toHaveText("Aceptado");
    const voidId = (await approver.getByTestId("void-result-id").textContent())!.trim();
    await approver.goto(`/voids/${voidId}?env=TesteCF`);
    await expect(approver.getByTestId("void-requested-by")).toContainText(operatorEmail);
    await expect(approver.getByTestId("void-approved-by")).toContainText(approverEmail);
    await screenshot(approver, "approvals-void-detail");

    await approver.goto(`/voids/requests/${requestId}?env=TesteCF`);
    await expect(approver.getByTestId("void-request-status")).toHaveText(a.statuses.Enviada);
    await expect(approver.getByTestId("void-request-decided-by")).toContainText(approverEmail);
    await expect(approver.getByRole("link", { name: a.detail.openVoid })).toHaveAttribute(
      "href",
      `/voids/${voidId}?env=TesteCF`,
    );
    await expect(approver.getByTestId("nav-badge")).toHaveCount(0);
    await approver.context().close();
  });

  test("a second request is rejected with a reason, and the requester reads it", async ({ browser }) => {
    const operator = await signedInAs(browser, operatorEmail, PASSWORD_A);
    await reviewInTool(operator, freshRange("32", 2));
    await operator
      .getByRole("dialog", { name: a.tool.dialogTitle })
      .getByRole("button", { name: plural(a.tool.submit, 2, "es") })
      .click();
    await expect(operator).toHaveURL(/\/voids\/requests\/[0-9a-f-]{36}/, { timeout: 30_000 });
    const secondId = (await operator.getByTestId("void-request-id").textContent())!.trim();

    const approver = await signedInAs(browser, approverEmail, PASSWORD_B);
    // An approver who cannot void is told their real role on the tool, and what it does instead.
    await approver.goto(TOOL);
    await expect(approver.getByTestId("no-access")).toContainText("(Aprobador)");
    await expect(approver.getByTestId("no-access")).toContainText(t.voidTool.deniedCan.approver);
    await expect(approver.getByTestId("no-access")).not.toContainText("Consulta");
    await approver.goto(`/voids/requests/${secondId}?env=TesteCF`);
    await approver.getByRole("button", { name: a.detail.reject }).click();
    const dialog = approver.getByRole("dialog", { name: a.detail.rejectTitle });
    // The reason is required: the app's own message beside the field.
    await dialog.getByTestId("reject-confirm").click();
    await expect(dialog).toContainText(a.detail.rejectReasonRequired);
    await dialog.getByLabel(a.detail.rejectReason).fill("El rango pertenece a otra sucursal");
    expect(await seriousAxeFindings(approver, "reject-dialog")).toEqual([]);
    await dialog.getByTestId("reject-confirm").click();
    await expect(approver.getByTestId("void-request-status")).toHaveText(a.statuses.Rechazada);
    await expect(approver.getByTestId("void-request-rejection")).toContainText(
      "El rango pertenece a otra sucursal",
    );
    await approver.context().close();

    await operator.reload();
    await expect(operator.getByTestId("void-request-status")).toHaveText(a.statuses.Rechazada);
    await expect(operator.getByTestId("void-request-rejection")).toContainText(
      "El rango pertenece a otra sucursal",
    );
    // A rejected request will never be signed: its XML is what it proposed, and its checks never run again.
    await expect(operator.getByTestId("void-request-xml-note")).toHaveText(a.detail.xmlNoteNotSigned);
    await expect(operator.getByTestId("void-request-checks")).toContainText(a.detail.checksNoteFinal);
    await expect(operator.getByTestId("void-request-checks")).not.toContainText(a.detail.checksNote);
    await operator.goto("/voids/requests?mine=1");
    await expect(operator.locator(`tr[data-request-id="${secondId}"]`)).toHaveAttribute(
      "data-status",
      "Rechazada",
    );
    await screenshot(operator, "approvals-requests-mine");
    await operator.context().close();
  });

  test("the new pages have no serious or critical axe finding at 1280 and 390 px", async ({ browser }) => {
    const problems: string[] = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 600 });
      const page = await context.newPage();
      await signIn(page, approverEmail, PASSWORD_B);
      for (const url of ["/voids/requests", `/voids/requests/${requestId}?env=TesteCF`]) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        problems.push(...(await seriousAxeFindings(page, `${viewport.width} ${url}`)));
        // Nothing wider than the phone's screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${viewport.width} ${url}`).toBeLessThanOrEqual(1);
      }
      await context.close();

      const adminContext = await browser.newContext({ viewport, isMobile: viewport.width < 600 });
      const admin = await adminContext.newPage();
      await signIn(admin);
      await admin.goto("/settings/approvals");
      await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
      problems.push(...(await seriousAxeFindings(admin, `${viewport.width} /settings/approvals`)));
      await screenshot(admin, `approvals-settings-${viewport.width}`);
      await adminContext.close();
    }
    expect(problems).toEqual([]);
  });
});
