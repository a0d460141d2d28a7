import { expect, test } from "@playwright/test";

import { getDictionary } from "@/lib/i18n";
import { readShownSecret } from "@/lib/server/platform/ops/show-secrets-once";
import { SETUP_TOKEN_LABEL } from "@/lib/server/setup/setup-labels";

import { startAppProcess, type AppProcess } from "./app-process";
import { DEMO, signIn } from "./fixtures";

/**
 * Sign-in and session as a clerk meets them: "Cerrar sesión" lands on this deployment's own /login
 * whatever host and port serve it (a second instance on another port, NEXTAUTH_URL unset); a submit
 * before the page's JavaScript runs never puts the password in a URL; empty or malformed fields in
 * the sign-in, setup and Mi cuenta forms show the app's own Spanish messages, not the browser's
 * tooltip (which would block the submit, so the app's message would never appear).
 */

const t = getDictionary("es");
const PORT = Number(process.env.E2E_PORT ?? 4780) + 5;
const SIMULATOR_PORT = Number(process.env.E2E_SIMULATOR_PORT ?? 4790) + 5;

test.describe("sign-in and session", () => {
  test.setTimeout(180_000);
  let app: AppProcess | undefined;

  test.afterAll(async () => {
    if (!app) return;
    app.kill("SIGTERM");
    await app.exited;
  });

  test("another port, NEXTAUTH_URL unset: setup's own messages, then sign-out lands on this instance's /login", async ({
    page,
  }) => {
    app = await startAppProcess({
      port: PORT,
      simulatorPort: SIMULATOR_PORT,
      env: { DEMO: "off", NEXTAUTH_URL: "" },
    });
    const token = readShownSecret(app.output(), SETUP_TOKEN_LABEL)!;

    // The setup form: an empty submit shows the app's messages (no native tooltip blocks it).
    await page.goto(`${app.url}/setup`);
    const submit = page.getByRole("button", { name: t.setup.submit });
    await submit.click();
    await expect(page.getByText(t.setup.validation.tokenRequired)).toBeVisible();
    await expect(page.getByText(t.setup.validation.organizationRequired)).toBeVisible();
    await page.getByLabel(t.setup.email).fill("no-es-un-correo");
    await submit.click();
    await expect(page.getByText(t.setup.validation.emailInvalid)).toBeVisible();
    expect(await page.getByTestId("setup-form").evaluate((form: HTMLFormElement) => form.noValidate)).toBe(
      true,
    );

    await page.getByLabel(t.setup.token).fill(token);
    await page.getByLabel(t.setup.organizationName).fill("Grupo Sesión");
    await page.getByLabel(t.setup.companyName).fill("Sesión SRL");
    await page.getByLabel(t.setup.rnc).fill("131793917");
    await page.getByLabel(t.setup.email).fill("admin@sesion.do");
    await page.getByLabel(t.setup.name).fill("Ana Sesión");
    await page.getByLabel(t.setup.password, { exact: true }).fill("clave de la sesión");
    await page.getByLabel(t.setup.passwordConfirmation).fill("clave de la sesión");
    await page.getByLabel(t.setup.confirmCheckDigit).check();
    await submit.click();
    await expect(page).toHaveURL(`${app.url}/login?notice=setupDone`);

    await page.getByLabel(t.login.email).fill("admin@sesion.do");
    await page.getByLabel(t.login.password, { exact: true }).fill("clave de la sesión");
    await page.getByRole("button", { name: t.login.submit }).click();
    await expect(page.getByTestId("current-environment")).toBeVisible();

    // Before the fix next-auth answered {"url":"http://localhost:3000/login"}: a browser error page.
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(`${app.url}/login`);
    await expect(page.getByRole("button", { name: t.login.submit })).toBeVisible();
    const answer = await page.request.post(`${app.url}/api/auth/signout`, {
      form: {
        csrfToken: (
          (await (await page.request.get(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string }
        ).csrfToken,
        callbackUrl: "/login",
        json: "true",
      },
    });
    expect(((await answer.json()) as { url: string }).url).toBe(`${app.url}/login`);
  });
});

test("a sign-in submitted before the page's JavaScript runs never puts the password in a URL", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  await page.goto("/login");
  await page.getByLabel(t.login.email).fill(DEMO.email);
  await page.getByLabel(t.login.password, { exact: true }).fill(DEMO.password);
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().includes("/login"),
  );
  await page.getByLabel(t.login.password, { exact: true }).press("Enter");
  const post = await sent;
  expect(post.postData() ?? "").toContain("password=");
  await page.waitForLoadState();
  expect(page.url()).not.toContain(DEMO.password);
  expect(
    urls.filter((url) => url.includes("password") || url.includes(encodeURIComponent(DEMO.password))),
  ).toEqual([]);
  await context.close();
});

test("empty or malformed fields show the app's own messages: sign-in and Mi cuenta", async ({ page }) => {
  await page.goto("/login");
  const entrar = page.getByRole("button", { name: t.login.submit });
  await entrar.click();
  await expect(page.getByText(t.login.emailRequired)).toBeVisible();
  await expect(page.getByText(t.login.passwordRequired)).toBeVisible();
  await page.getByLabel(t.login.email).fill("demo-sin-arroba");
  await entrar.click();
  await expect(page.getByText(t.login.emailInvalid)).toBeVisible();
  // No native constraint validation ran: the browser would have shown its own (English) tooltip.
  expect(
    await page.getByLabel(t.login.email).evaluate((input: HTMLInputElement) => input.form?.noValidate),
  ).toBe(true);

  await signIn(page);
  await page.getByTestId("my-account").click();
  const form = page.getByTestId("password-form");
  await form.getByRole("button", { name: t.account.password.submit }).click();
  await expect(form.getByText(t.account.password.required).first()).toBeVisible();
  await form.getByLabel(t.account.password.current).fill(DEMO.password);
  await form.getByLabel(t.account.password.new, { exact: true }).fill("corta");
  await form.getByRole("button", { name: t.account.password.submit }).click();
  await expect(form.getByText(t.account.password.tooShort)).toBeVisible();
  expect(await form.evaluate((element: HTMLFormElement) => element.noValidate)).toBe(true);
});
