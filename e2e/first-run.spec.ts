import { expect, test } from "@playwright/test";

import { format, getDictionary } from "@/lib/i18n";
import { readShownSecret } from "@/lib/server/platform/ops/show-secrets-once";
import { SETUP_PAGE_LABEL, SETUP_TOKEN_LABEL } from "@/lib/server/setup/setup-labels";

import { startAppProcess, type AppProcess } from "./app-process";

/**
 * A fresh production-like deployment: the built app on an EMPTY database (DEMO=off, its own data
 * directory and ports). The operator reads the setup token from the console, completes /setup in
 * the browser, signs in as the new administrator and sees the new company's RNC.
 */

const t = getDictionary("es");
const RNC = "131793917"; // its check digit fails: the form warns and needs a confirmation

test.describe("first run on an empty database", () => {
  test.setTimeout(180_000);
  let app: AppProcess | undefined;

  test.afterAll(async () => {
    if (!app) return;
    app.kill("SIGTERM");
    await app.exited;
  });

  test("the setup token from the console opens /setup; the new administrator signs in to the new company", async ({
    page,
  }) => {
    app = await startAppProcess({ port: 4786, simulatorPort: 4796, env: { DEMO: "off" } });
    const output = app.output();
    const token = readShownSecret(output, SETUP_TOKEN_LABEL);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(readShownSecret(output, SETUP_PAGE_LABEL)).toBe(`${app.url}/setup`);
    // Shown once, in the secrets block only: no log line carries it.
    expect(output.split("\n").filter((line) => line.includes(token!))).toEqual([
      `${SETUP_TOKEN_LABEL}: ${token}`,
    ]);

    // No user yet: the home page and the sign-in page lead to the first run.
    await page.goto(`${app.url}/`);
    await expect(page).toHaveURL(`${app.url}/setup`);
    await page.goto(`${app.url}/login`);
    await expect(page).toHaveURL(`${app.url}/setup`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.setup.title);

    const fill = async (setupToken: string) => {
      await page.getByLabel(t.setup.token).fill(setupToken);
      await page.getByLabel(t.setup.organizationName).fill("Grupo Primera Corrida");
      await page.getByLabel(t.setup.companyName).fill("Primera Corrida SRL");
      await page.getByLabel(t.setup.rnc).fill(RNC);
      await page.getByLabel(t.setup.email).fill("admin@primera.do");
      await page.getByLabel(t.setup.name).fill("Ana Primera");
      await page.getByLabel(t.setup.password, { exact: true }).fill("clave de la primera corrida");
      await page.getByLabel(t.setup.passwordConfirmation).fill("clave de la primera corrida");
    };
    const submit = page.getByRole("button", { name: t.setup.submit });

    // The check digit fails: a warning, and no submission until it is confirmed.
    await fill("token-equivocado");
    await expect(page.getByTestId("setup-check-digit")).toContainText(
      format(t.setup.checkDigitWarning, { rnc: RNC }),
    );
    await submit.click();
    await expect(page.getByText(t.setup.validation.checkDigitUnconfirmed)).toBeVisible();
    await page.getByLabel(t.setup.confirmCheckDigit).check();

    // A wrong token: refused with the closed-setup words, nothing created.
    await submit.click();
    await expect(page.getByTestId("setup-error")).toHaveText(t.appErrors.SETUP_CLOSED!);

    await page.getByLabel(t.setup.token).fill(token!);
    await submit.click();
    await expect(page).toHaveURL(`${app.url}/login?notice=setupDone`);
    await expect(page.getByTestId("login-notice")).toHaveText(t.login.setupDone);

    await page.getByLabel(t.login.email).fill("admin@primera.do");
    await page.getByLabel(t.login.password, { exact: true }).fill("clave de la primera corrida");
    await page.getByRole("button", { name: t.login.submit }).click();
    await expect(page).toHaveURL(`${app.url}/inicio`);
    await expect(page.getByTestId("current-company")).toHaveText(RNC);

    // Setup is over: the page says so, and the token no longer makes anything.
    await page.goto(`${app.url}/setup`);
    await expect(page.getByTestId("setup-done")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.setup.done);
  });
});
