import { randomUUID } from "node:crypto";

import { getDictionary } from "@/lib/i18n";

import { DEMO, expect, screenshot, signIn, test } from "./fixtures";

/**
 * The activity log, as an administrator sees it: signing in and creating an API key each
 * leave their entry on Configuración → Actividad, newest first, in both languages; the CSV export
 * carries them too.
 */
for (const locale of ["es", "en"] as const) {
  test(`an administrator's sign-in and new API key are on the activity page (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = getDictionary(locale);
    await context.addCookies([{ name: "anula_lang", value: locale, url: baseURL! }]);
    await signIn(page);

    await page.goto("/settings/api-keys");
    const name = `E2E actividad ${randomUUID().slice(0, 8)}`;
    const form = page.getByTestId("api-key-create");
    await form.getByLabel(t.settings.apiKeys.name).fill(name);
    await page.getByRole("button", { name: t.settings.apiKeys.create }).click();
    await expect(page.getByTestId("api-key-value")).toHaveText(/^anula_/);
    const key = (await page.getByTestId("api-key-value").textContent()) ?? "";

    await page.getByRole("link", { name: t.activity.tab, exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/activity$/);
    await expect(page.getByRole("heading", { name: t.activity.title })).toBeVisible();
    const rows = page.getByTestId("activity-row");
    // Newest first: the key just created, then (before it) this sign-in.
    await expect(rows.first()).toHaveAttribute("data-action", "api_key.created");
    await expect(rows.first()).toContainText(t.activity.actions.api_key.created);
    await expect(rows.first()).toContainText(name);
    await expect(rows.first()).toContainText(DEMO.email);
    const signIns = page.locator('[data-testid="activity-row"][data-action="auth.sign_in"]');
    await expect(signIns.first()).toContainText(t.activity.actions.auth.sign_in);
    await expect(signIns.first()).toContainText(DEMO.email);
    // Details in words, never the stored keys ("channel: portal"); the address readable.
    await expect(signIns.first()).toContainText(`${t.activity.detailKeys.channel}: portal`);
    await expect(rows.first()).toContainText(`${t.activity.detailKeys.prefix}: `);
    await expect(page.getByTestId("activity-table")).not.toContainText("channel:");
    await expect(page.getByTestId("activity-table")).not.toContainText("::/64");
    // The key itself is never in the log, only its prefix.
    await expect(page.getByTestId("activity-table")).not.toContainText(key);
    await expect(page.getByTestId("activity-table")).toContainText(key.slice(6, 16));
    await screenshot(page, `activity-${locale}`);

    // Filtered by action, then exported with the same filter.
    await page.getByLabel(t.activity.action).selectOption("api_key.created");
    await page.getByRole("button", { name: t.activity.apply }).click();
    await expect(page).toHaveURL(/action=api_key\.created/);
    await expect(page.locator('[data-testid="activity-row"][data-action="auth.sign_in"]')).toHaveCount(0);
    const download = await page.request.get(
      (await page.getByTestId("activity-export").getAttribute("href"))!,
    );
    expect(download.status()).toBe(200);
    const csv = await download.text();
    expect(csv).toContain(name);
    expect(csv).not.toContain("auth.sign_in");
    expect(csv).not.toContain(key);
  });
}
