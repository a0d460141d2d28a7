import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

import { format, getDictionary, plural } from "@/lib/i18n";

import {
  createUserInPortal,
  DEMO,
  expect,
  freshRange,
  screenshot,
  seriousAxeFindings,
  signIn,
  test,
} from "./fixtures";

/**
 * The notification centre through a real flow: with the approval policy on in TesteCF,
 * an operator's void over the REST API becomes a request; within a few seconds the outbox consumer
 * (a recurring job) tells the approvers — a fresh approver's bell says 1, the operator's nothing.
 * The approver opens /notifications, opens the notification (marked read, lands on the request) and
 * the bell is back to none; the demo administrator (also an approver) marks all read. axe finds
 * nothing serious on the page at 1280 and 390 px. The policy is switched off again at the end.
 */

const t = getDictionary("es");
const n = t.notifications;
const a = t.approvals;
const suffix = randomUUID().slice(0, 8);
const operatorEmail = `notif-operadora-${suffix}@anula.local`;
const approverEmail = `notif-aprobador-${suffix}@anula.local`;
const PASSWORD_OPERATOR = "operadora-clave-1";
const PASSWORD_APPROVER = "aprobador-clave-1";

test.describe.configure({ mode: "serial" });

async function setPolicy(page: Page, enabled: boolean) {
  await page.goto("/settings/approvals");
  const form = page.getByTestId("approval-policy-TesteCF");
  const box = form.getByLabel(format(a.policy.enabledLabel, { environment: t.environments.TesteCF }));
  if (enabled) await box.check();
  else await box.uncheck();
  await form.getByRole("button", { name: format(a.policy.save, { environment: "TesteCF" }) }).click();
  await expect(form.getByTestId("approval-policy-result")).toContainText(
    format(enabled ? a.policy.saved : a.policy.savedOff, { environment: "TesteCF" }),
  );
}

async function signedInAs(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

const bell = (page: Page) => page.getByTestId("notification-bell");

/** Reloads until the bell's accessible name says `label` (the consumer runs every 2 s). */
async function bellSays(page: Page, label: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return bell(page).getAttribute("aria-label");
      },
      { timeout: 20_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(label);
}

test.describe("notificaciones", () => {
  test.afterAll(async ({ browser }) => {
    const page = await signedInAs(browser, DEMO.email, DEMO.password);
    await setPolicy(page, false);
    await page.context().close();
  });

  test("an operator's request rings the approvers' bells; opening it marks it read; mark all read", async ({
    browser,
    signedIn: admin,
    request,
  }) => {
    test.setTimeout(180_000);
    await createUserInPortal(admin, operatorEmail, PASSWORD_OPERATOR, "operator");
    await createUserInPortal(admin, approverEmail, PASSWORD_APPROVER, "approver");
    await setPolicy(admin, true);

    const approver = await signedInAs(browser, approverEmail, PASSWORD_APPROVER);
    await expect(bell(approver)).toHaveAttribute("aria-label", n.bellNone);
    await expect(approver.getByTestId("notification-count")).toHaveCount(0);

    // The operator asks for a void through the REST API: held for approval (409 APPROVAL_REQUIRED).
    const token = await request.post("/auth/token", {
      data: { username: operatorEmail, password: PASSWORD_OPERATOR },
    });
    expect(token.status()).toBe(200);
    const { idToken } = (await token.json()) as { idToken: string };
    const range = freshRange("31", 2);
    const held = await request.post("/TesteCF/customer/void-ncf", {
      headers: { authorization: `Bearer ${idToken}` },
      data: { ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] },
    });
    expect(held.status()).toBe(409);
    expect(((await held.json()) as { code: string }).code).toBe("APPROVAL_REQUIRED");

    await bellSays(approver, plural(n.bellUnread, 1, "es"));
    await expect(approver.getByTestId("notification-count")).toHaveText("1");
    // The requester is not told of their own request.
    const operator = await signedInAs(browser, operatorEmail, PASSWORD_OPERATOR);
    await expect(bell(operator)).toHaveAttribute("aria-label", n.bellNone);
    await operator.context().close();

    await bell(approver).click();
    await expect(approver).toHaveURL(/\/notifications$/);
    await expect(approver.getByRole("heading", { name: n.title })).toBeVisible();
    const item = approver.getByTestId("notification-item");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(item.getByTestId("notification-state")).toHaveText(n.unread);
    await expect(item).toContainText(n.events.void_request_created.title);
    await expect(item).toContainText(`${operatorEmail} (API) pidió anular 2 e-NCF.`);
    await expect(item).toContainText(t.environments.TesteCF);
    expect(await seriousAxeFindings(approver, "notifications-1280")).toEqual([]);
    await approver.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeFindings(approver, "notifications-390")).toEqual([]);
    await screenshot(approver, "notifications-approver");
    await approver.setViewportSize({ width: 1280, height: 800 });

    // Opening it: read, and on the request's page.
    await item.getByRole("link", { name: n.events.void_request_created.title }).click();
    await expect(approver).toHaveURL(/\/voids\/requests\/[0-9a-f-]{36}$/);
    await expect(approver.getByTestId("void-request-status")).toHaveText(a.statuses.Pendiente);
    await expect(bell(approver)).toHaveAttribute("aria-label", n.bellNone);
    await approver.goto("/notifications");
    await expect(approver.getByTestId("notification-item")).toHaveAttribute("data-read", "true");
    await expect(approver.getByTestId("notifications-mark-all")).toBeDisabled();
    await approver.context().close();

    // The demo administrator is an approver too: told as well; "Marcar todas como leídas" empties the bell.
    await admin.goto("/notifications");
    await expect(admin.getByTestId("notification-item").filter({ hasText: operatorEmail })).toHaveCount(1);
    await expect(admin.getByTestId("notification-count")).toBeVisible();
    await admin.getByRole("button", { name: n.markAll }).click();
    await expect(admin.getByTestId("notifications-message")).toHaveText(n.markedAll);
    // The bell counts every environment of the company: what still waits elsewhere (the demo's eCF
    // notifications) is counted and named, never TesteCF's any more.
    await expect(bell(admin)).toHaveAttribute("aria-label", /^Notificaciones: ninguna sin leer$|\(.*\)$/);
    await expect(bell(admin)).not.toHaveAttribute("aria-label", /en TesteCF/);
    await expect(admin.locator('[data-testid="notification-item"][data-read="false"]')).toHaveCount(0);
  });

  test("Mi cuenta: the e-mail preference is saved; the English portal words the bell", async ({
    signedIn: admin,
  }) => {
    await admin.goto("/account");
    const form = admin.getByTestId("notification-email-form");
    await expect(form.getByTestId("notification-email-unconfigured")).toContainText(n.email.notConfigured);
    await form.getByLabel(n.email.daily).check();
    await form.getByRole("button", { name: n.email.save }).click();
    await expect(form).toContainText(n.email.saved);
    await admin.reload();
    await expect(admin.getByTestId("notification-email-form").getByLabel(n.email.daily)).toBeChecked();
    await admin.getByTestId("notification-email-form").getByLabel(n.email.immediate).check();
    await admin.getByRole("button", { name: n.email.save }).click();
    await expect(admin.getByTestId("notification-email-form")).toContainText(n.email.saved);

    await admin.getByTestId("language-en").click();
    await expect(bell(admin)).toHaveAttribute("aria-label", getDictionary("en").notifications.bellNone);
    await admin.getByTestId("language-es").click();
    await expect(bell(admin)).toHaveAttribute("aria-label", n.bellNone);
  });
});
