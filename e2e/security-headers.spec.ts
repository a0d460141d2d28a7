import http from "node:http";

import type { Page } from "@playwright/test";

import { BASE_URL, chooseReason, expect, freshRange, signIn, test } from "./fixtures";

/**
 * Browser security headers on the built app: every page, /docs, /login and the API
 * carry CSP, frame protection, nosniff and a referrer policy; HSTS only over https (never for a
 * client's own X-Forwarded-Proto: the test server has no TRUST_PROXY). The pages really pass their
 * CSP: the browser reports no violation while they load and work, the void tool and /docs
 * included. And /auth/token throttles per client address, by the socket's address.
 */

/** Records every CSP violation the page reports (the DOM event and Chromium's console line). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleViolations: string[] = [];
  page.on("console", (message) => {
    if (
      /Content Security Policy|Refused to (execute|load|apply|connect|frame|create)/i.test(message.text())
    ) {
      consoleViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => {
    const fromPage = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => []);
    return [...consoleViolations, ...fromPage];
  };
}

function expectPageHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/** Navigates and checks the document's headers; returns the nonce of its policy. */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(200);
  const headers = response!.headers();
  expectPageHeaders(headers);
  await page.waitForLoadState("networkidle");
  return /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1]!;
}

test.describe("browser security headers", () => {
  test("the login page, every portal page and the void tool pass their CSP, with Next.js's scripts nonced", async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const nonce = await visit(page, "/login");
    // Every script Next.js rendered carries this answer's nonce.
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);

    await signIn(page);
    for (const path of [
      "/voids",
      "/documents",
      "/settings",
      "/settings/api-keys",
      "/settings/users",
      "/settings/integration",
      "/tools/void-encf",
    ]) {
      await visit(page, path);
    }

    // The void tool at work: type a line, preview the XML, send, land on the result.
    const range = freshRange("32", 2);
    await page.getByLabel("Línea 1: e-NCF inicial (desde)").fill(range.desde);
    await page.getByLabel(/^Línea 1: e-NCF final/).fill(range.hasta);
    await page.getByRole("button", { name: "Vista previa del XML" }).click();
    await expect(page.getByTestId("void-xml-preview")).toContainText(range.desde);
    await chooseReason(page);
    await page.getByRole("button", { name: "Revisar y anular…" }).click();
    await page
      .getByRole("dialog", { name: "Confirmar la anulación" })
      .getByRole("button", { name: /^Anular 2/ })
      .click();
    await expect(page).toHaveURL(/\/tools\/void-encf\/result\//, { timeout: 30_000 });
    await expect(page.getByTestId("void-result-status")).toHaveText("Aceptado");
    await page.getByRole("link", { name: "Ver el registro completo" }).click();
    await expect(page).toHaveURL(/\/voids\/[0-9a-f-]+$/);
    await page.waitForLoadState("networkidle");

    expect(await violations()).toEqual([]);
  });

  test("/docs (the API reference, rendered by the server) passes its CSP", async ({ page }) => {
    const violations = await watchCsp(page);
    await visit(page, "/docs");
    await expect(page.getByRole("heading", { name: "Documentación de la API de Anula" })).toBeVisible();
    await expect(page.getByText("/auth/token").first()).toBeVisible();
    await visit(page, "/docs?lang=en");
    await expect(page.getByText("/auth/token").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("no page can be framed", async ({ page }) => {
    await page.goto("about:blank");
    await page.setContent(`<iframe id="framed" src="${BASE_URL}/login" width="600" height="400"></iframe>`);
    const frame = page.frameLocator("#framed");
    await page.waitForTimeout(1_000);
    await expect(frame.getByRole("button", { name: "Entrar" })).toHaveCount(0);
  });

  test("a server action posted from another site is 403 with a page that says nothing was done, never Next's 500", async ({
    request,
  }) => {
    const host = new URL(BASE_URL).host;
    for (const origin of ["https://evil.example", "null"]) {
      const answer = await request.post("/tools/void-encf", {
        headers: { "next-action": "7f00aa00", origin, "content-type": "text/plain;charset=UTF-8" },
        data: "[]",
      });
      expect(answer.status(), origin).toBe(403);
      expect(await answer.text()).toContain("no se guardó ni se envió nada a la DGII");
    }
    // The same post from the portal's own origin reaches Next.js (an unknown action: not a 403).
    const own = await request.post("/tools/void-encf", {
      headers: {
        "next-action": "7f00aa00",
        origin: `http://${host}`,
        "content-type": "text/plain;charset=UTF-8",
      },
      data: "[]",
    });
    expect(own.status()).not.toBe(403);
  });

  test("the API, next-auth and errors carry the API's headers; a client's own X-Forwarded-Proto gets no HSTS", async ({
    request,
  }) => {
    for (const [method, path] of [
      ["GET", "/TesteCF/customer/void-ncf"],
      ["GET", "/nope/customer/void-ncf"],
      ["POST", "/auth/token"],
      ["GET", "/api/auth/csrf"],
      ["GET", "/openapi.json"],
      ["GET", "/healthz"],
    ] as const) {
      const response = await request.fetch(path, {
        method,
        headers: { "x-forwarded-proto": "https" },
        data: method === "POST" ? { username: "x@y.do", password: "" } : undefined,
        maxRedirects: 0,
      });
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("default-src 'none'");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("no-referrer");
      expect(headers["strict-transport-security"], path).toBeUndefined();
      expect(headers["location"], path).toBeUndefined();
    }
    const page = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
    expectPageHeaders(page.headers());
  });
});

/** POST /auth/token over a socket bound to `localAddress` (127.0.0.x all reach the loopback server). */
function signInFrom(
  localAddress: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter?: string }> {
  const url = new URL("/auth/token", BASE_URL);
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            retryAfter: answer.headers["retry-after"] as string | undefined,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

test.describe("/auth/token throttling by client address (the built app, no TRUST_PROXY)", () => {
  test("600 sign-ins with different user names from one address: 429 with Retry-After after 30, quickly; forged X-Forwarded-For changes nothing; other addresses are unaffected", async () => {
    const started = Date.now();
    const statuses: number[] = [];
    let lastRetryAfter: string | undefined;
    for (let attempt = 0; attempt < 600; attempt++) {
      const answer = await signInFrom(
        "127.0.0.2",
        `spray-${Date.now()}-${attempt}@empresa.do`,
        "Verano2026!",
        {
          // A fresh forged address per attempt, as an attacker would: never believed without TRUST_PROXY.
          "x-forwarded-for": `10.9.${attempt >> 8}.${attempt & 255}`,
          "x-anula-peer-address": `10.8.${attempt >> 8}.${attempt & 255}`,
        },
      );
      statuses.push(answer.status);
      lastRetryAfter = answer.retryAfter;
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    expect(Number(lastRetryAfter)).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(45_000);

    // The demo user still signs in from another address.
    expect((await signInFrom("127.0.0.3", "demo@anula.local", "anula-demo")).status).toBe(200);
  });

  test("a guesser locks an e-mail from its own address only", async () => {
    const email = "demo@anula.local";
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signInFrom("127.0.0.4", email, `wrong-${attempt}`)).status).toBe(401);
    }
    expect((await signInFrom("127.0.0.4", email, "anula-demo")).status).toBe(429);
    expect((await signInFrom("127.0.0.5", email, "anula-demo")).status).toBe(200);
  });
});
