import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";

import { es } from "@/lib/i18n/es";

import { expect, screenshot, seriousAxeFindings, signIn, test } from "./fixtures";

/**
 * Configuración → Webhooks, in a real browser against the real server, delivering to a
 * receiver this spec starts on 127.0.0.1 (http to loopback: the e2e server runs TAXAUTH=simulator).
 * The secret is shown once; "Enviar prueba" reaches the receiver with a signature that verifies with
 * it; the delivery log shows it delivered; "Reenviar" sends it again with the same webhook-id; a
 * rotation signs with both secrets; disable, enable, delete; axe at 1280 and 390 px; English too.
 */

const w = es.webhooks;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let receiverUrl = "";
const received: Received[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/anula`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The receiver's requests carrying `webhookId`, once `count` have arrived (the dispatcher polls). */
async function arrivals(webhookId: string | null, count: number): Promise<Received[]> {
  let matching: Received[] = [];
  await expect
    .poll(
      () => {
        matching = received.filter((one) => webhookId === null || one.headers["webhook-id"] === webhookId);
        return matching.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return matching;
}

function verify(secret: string, request: Received): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { type: string; data: Record<string, unknown> };
}

const rowOf = (page: Page) => page.getByTestId("webhook-row").filter({ hasText: receiverUrl });
let secret = "";
let endpointId = "";

test("create an endpoint: the secret once; a test event arrives signed; the log shows it; replay sends it again", async ({
  signedIn: page,
}) => {
  await page.goto("/settings");
  await page.getByRole("link", { name: w.tab, exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);

  const form = page.getByTestId("webhook-create");
  // The browser checks with the API's schema: a URL is required.
  await form.getByRole("button", { name: w.create }).click();
  await expect(form.getByText("Indique la URL del webhook.")).toBeVisible();
  // The server refuses http to a public host (only loopback, and only with the simulator).
  await form.getByLabel(w.url).fill("http://erp.example.com/hooks");
  await form.getByRole("button", { name: w.create }).click();
  await expect(page.getByTestId("webhook-notice")).toContainText("https://");

  await form.getByLabel(w.url).fill(receiverUrl);
  await form.getByLabel(w.description).fill("Receptor de prueba e2e");
  await form.getByLabel(w.allEvents).uncheck();
  await form.getByLabel(w.eventLabels.void_settled!).check();
  await form.getByLabel(w.eventLabels.webhook_disabled!).check();
  await form.getByRole("button", { name: w.create }).click();

  const shown = page.getByTestId("webhook-secret");
  await expect(shown).toContainText(w.createdTitle);
  secret = (await page.getByTestId("webhook-secret-value").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  const row = rowOf(page);
  await expect(row).toContainText(w.states.active);
  await expect(row).toContainText(w.eventLabels.void_settled!);
  await expect(row).toContainText(w.never);
  endpointId = (await row.getAttribute("data-webhook-id")) ?? "";
  await screenshot(page, "webhooks-created");

  // Shown once: gone after a reload.
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(page.getByTestId("webhook-list")).not.toContainText(secret);

  // A test event: the receiver gets it, signed with the secret.
  await rowOf(page)
    .getByRole("button", { name: `Enviar un evento de prueba al webhook ${receiverUrl}` })
    .click();
  await expect(page.getByTestId("webhook-notice")).toContainText("Evento de prueba enviado");
  const [test] = await arrivals(null, 1);
  const webhookId = String(test!.headers["webhook-id"]);
  expect(webhookId).toMatch(/^[0-9a-f-]{36}$/);
  expect(verify(secret, test!)).toMatchObject({
    type: "webhook.test",
    data: { endpointId, customerId: "130000001", environment: "TesteCF" },
  });
  expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString("base64")}`, test!)).toThrow();

  // The log: delivered, HTTP 204, one attempt.
  await page.goto(`/settings/webhooks/${endpointId}`);
  const log = page.getByTestId("delivery-log");
  const delivery = log.locator(`tr[data-event-id="${webhookId}"]`);
  await expect(async () => {
    await page.reload();
    await expect(delivery.getByTestId("delivery-status")).toHaveText(w.deliveryStatus.delivered, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(delivery.getByTestId("delivery-attempts")).toHaveText("1");
  await expect(delivery).toContainText("204");
  await screenshot(page, "webhooks-delivery-log");

  // Reenviar: now, with the same webhook-id.
  await delivery.getByRole("button", { name: /^Reenviar el evento webhook\.test/ }).click();
  await expect(page.getByTestId("replay-result")).toContainText("Reenviado: el receptor respondió HTTP 204.");
  const again = await arrivals(webhookId, 2);
  expect(verify(secret, again[1]!)).toMatchObject({ type: "webhook.test" });
  await expect(delivery.getByTestId("delivery-attempts")).toHaveText("2");
});

test("rotate (both secrets sign for 24 h), disable and enable, delete with confirmation", async ({
  signedIn: page,
}) => {
  await page.goto("/settings/webhooks");
  const row = rowOf(page);
  await row.getByRole("button", { name: `Rotar el secreto del webhook ${receiverUrl}` }).click();
  const dialog = page.getByRole("dialog", { name: `¿Rotar el secreto de ${receiverUrl}?` });
  await expect(dialog).toContainText("Durante 24 horas cada envío lleva dos firmas");
  await dialog.getByTestId("webhook-rotate-confirm").click();
  await expect(page.getByTestId("webhook-secret")).toContainText(w.rotatedTitle);
  await expect(page.getByTestId("webhook-previous-secret")).toContainText(
    "El secreto anterior sigue firmando",
  );
  const fresh = (await page.getByTestId("webhook-secret-value").textContent()) ?? "";
  expect(fresh).toMatch(/^whsec_/);
  expect(fresh).not.toBe(secret);

  const before = received.length;
  await row.getByRole("button", { name: `Enviar un evento de prueba al webhook ${receiverUrl}` }).click();
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(before);
  const signed = received[before]!;
  expect(String(signed.headers["webhook-signature"]).split(" ")).toHaveLength(2);
  expect(verify(fresh, signed).type).toBe("webhook.test");
  expect(verify(secret, signed).type).toBe("webhook.test");

  await row.getByRole("button", { name: `Desactivar el webhook ${receiverUrl}` }).click();
  await expect(row.getByTestId("webhook-state")).toHaveText(w.states.disabled_manual);
  await expect(
    row.getByRole("button", { name: `Enviar un evento de prueba al webhook ${receiverUrl}` }),
  ).toBeDisabled();
  await row.getByRole("button", { name: `Activar el webhook ${receiverUrl}` }).click();
  await expect(row.getByTestId("webhook-state")).toHaveText(w.states.active);

  await row.getByRole("button", { name: `Eliminar el webhook ${receiverUrl}` }).click();
  const confirm = page.getByRole("dialog", { name: `¿Eliminar el webhook ${receiverUrl}?` });
  await confirm.getByRole("button", { name: es.common.cancel }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Eliminar el webhook ${receiverUrl}` }).click();
  await confirm.getByTestId("webhook-delete-confirm").click();
  await expect(page.getByTestId("webhook-notice")).toHaveText(w.deleted);
  await expect(rowOf(page)).toHaveCount(0);
});

test("no serious or critical axe finding at 1280 and 390 px; English", async ({ browser, baseURL }) => {
  const problems: string[] = [];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 600 });
    const page = await context.newPage();
    await signIn(page);
    await page.goto("/settings/webhooks");
    const form = page.getByTestId("webhook-create");
    await form.getByLabel(w.url).fill(`${receiverUrl}/${viewport.width}`);
    await form.getByRole("button", { name: w.create }).click();
    await expect(page.getByTestId("webhook-secret")).toBeVisible();
    problems.push(...(await seriousAxeFindings(page, `${viewport.width} /settings/webhooks`)));
    const id = await page
      .getByTestId("webhook-row")
      .filter({ hasText: `${receiverUrl}/${viewport.width}` })
      .getAttribute("data-webhook-id");
    await page.goto(`/settings/webhooks/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    problems.push(...(await seriousAxeFindings(page, `${viewport.width} /settings/webhooks/[id]`)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${viewport.width}`).toBeLessThanOrEqual(1);
    await screenshot(page, `webhooks-detail-${viewport.width}`);
    // Nothing is left to receive the later specs' events.
    await page.goto("/settings/webhooks");
    const url = `${receiverUrl}/${viewport.width}`;
    await page.getByRole("button", { name: `Eliminar el webhook ${url}` }).click();
    await page.getByTestId("webhook-delete-confirm").click();
    await expect(page.getByTestId("webhook-row").filter({ hasText: url })).toHaveCount(0);
    await context.close();
  }
  expect(problems).toEqual([]);

  const context = await browser.newContext();
  await context.addCookies([{ name: "anula_lang", value: "en", url: baseURL! }]);
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("button", { name: "Create webhook" })).toBeVisible();
  await expect(page.getByTestId("webhook-list")).toContainText("No webhooks in TesteCF (testing).");
  await expect(page.getByTestId("webhook-create")).toContainText("Every event (including those added later)");
  await context.close();
});
