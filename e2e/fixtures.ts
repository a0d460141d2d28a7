import { randomInt, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";

/**
 * The e2e fixture contract (see e2e/README.md). The app runs with DEMO=on on a fresh DATA_DIR, so
 * the demo account (RNC 130000001, admin demo@anula.local / anula-demo, a generated certificate)
 * exists; the embedded DGII simulator listens on E2E_SIMULATOR_URL with its admin API on.
 */
export const DEMO = { email: "demo@anula.local", password: "anula-demo", rnc: "130000001" } as const;
export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:4780";
export const SIMULATOR_URL = process.env.E2E_SIMULATOR_URL ?? "http://127.0.0.1:4790";
export const SCREENSHOT_DIR = path.join(__dirname, "output", "screenshots");

/** Signs in through the login page (next-auth Credentials) and waits for the portal shell. */
export async function signIn(page: Page, email: string = DEMO.email, password: string = DEMO.password) {
  await page.goto("/login");
  await page.getByLabel(/Correo electrónico|E-mail/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)$/).fill(password);
  await page.getByRole("button", { name: /^(Entrar|Sign in)$/ }).click();
  await expect(page.getByTestId("current-environment")).toBeVisible();
}

/**
 * The embedded simulator's admin token: the server shows it once on its console, and e2e/serve.mjs
 * keeps it in the run's data directory.
 */
/**
 * The void tool requires a reason before "Revisar y anular…": DGII's 608 code and the
 * clerk's text. Every spec that sends a void through the portal chooses one here.
 */
export const E2E_REASON = { code: "08", text: "Saltos de secuencia (prueba e2e)" } as const;

export async function chooseReason(
  page: Page,
  reason: { code: string; text: string } = E2E_REASON,
): Promise<void> {
  await page.locator("#void-reason-code").selectOption(reason.code);
  await page.locator("#void-reason-text").fill(reason.text);
}

export function simulatorAdminToken(dataDir = process.env.E2E_DATA_DIR ?? ""): string {
  return readFileSync(path.join(dataDir, "simulator-admin-token"), "utf8").trim();
}

/** The demo account's API key, shown once on the server's console at its first start (e2e/serve.mjs keeps it). */
export function demoApiKey(dataDir = process.env.E2E_DATA_DIR ?? ""): string {
  return readFileSync(path.join(dataDir, "demo-api-key"), "utf8").trim();
}

/** Calls the simulator's admin API over HTTP, e.g. simulatorAdmin("/admin/issued-sequences", {...}). */
export async function simulatorAdmin(adminPath: string, body?: unknown, method = "POST"): Promise<unknown> {
  const response = await fetch(`${SIMULATOR_URL}${adminPath}`, {
    method,
    headers: {
      authorization: `Bearer ${simulatorAdminToken()}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`simulator ${method} ${adminPath} → ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Marks sequences as issued in the simulator's ledger (a void of them is then Rechazado). */
export function markIssued(from: string, to: string = from, environment = "TesteCF") {
  return simulatorAdmin("/admin/issued-sequences", { environment, rnc: DEMO.rnc, ranges: [{ from, to }] });
}

/**
 * An e-NCF range nobody has used in this run: the ledger and the database live for the whole run,
 * so each spec needs its own numbers. `type` e.g. "31"; count sequences starting at a random block.
 */
export function freshRange(type = "31", count = 1): { desde: string; hasta: string } {
  return rangeFrom(type, randomInt(1, 9_000_000_000), count);
}

/**
 * A fresh range low in its type's numbering, for specs that read the gap review. The demo's e-CF
 * number 1 of each type is issued, so the review proposes every number from 2 up to the spec's
 * block; kept low, that span stays clear of the other specs' random voids, each of which would cut
 * it into more rows (one spec voids 6,000 numbers of one type).
 */
export function freshLowRange(type: string, count: number): { desde: string; hasta: string } {
  return rangeFrom(type, randomInt(2, 1_000_000), count);
}

function rangeFrom(type: string, start: number, count: number): { desde: string; hasta: string } {
  const encf = (n: number) => `E${type}${String(n).padStart(10, "0")}`;
  return { desde: encf(start), hasta: encf(start + count - 1) };
}

const ROLE_SETS = {
  admin: ["Administrador", "Aprobador", "Operador"],
  operator: ["Operador"],
  approver: ["Aprobador"],
  viewer: ["Consulta"],
} as const;

/**
 * Invites a person through Configuración → Usuarios (signed in as an admin on `admin`) with the role
 * set of `role` and returns the temporary password the page shows once. `admin` stays on the users page.
 */
export async function inviteInPortal(
  admin: Page,
  email: string,
  role: keyof typeof ROLE_SETS,
): Promise<string> {
  await admin.goto("/settings/users");
  const create = admin.getByTestId("user-create");
  await create.getByLabel("Correo").fill(email);
  for (const label of ["Administrador", "Aprobador", "Operador", "Consulta"]) {
    const box = create.getByLabel(label, { exact: true });
    if ((ROLE_SETS[role] as readonly string[]).includes(label)) await box.check();
    else await box.uncheck();
  }
  await create.getByRole("button", { name: "Invitar" }).click();
  await expect(admin.getByTestId("users-result")).toContainText(email);
  const temporary = (await admin.getByTestId("temporary-password").textContent())?.trim() ?? "";
  expect(temporary.length).toBeGreaterThanOrEqual(12);
  return temporary;
}

/**
 * A first sign-in with a temporary password: the portal sends the person to Mi cuenta before anything
 * else, they choose `password`, every session ends and the sign-in page says so.
 */
export async function changeTemporaryPassword(
  page: Page,
  email: string,
  temporary: string,
  password: string,
) {
  await page.goto("/login");
  await page.getByLabel(/Correo electrónico|E-mail/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)$/).fill(temporary);
  await page.getByRole("button", { name: /^(Entrar|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("forced-step")).toBeVisible();
  const form = page.getByTestId("password-form");
  await form.getByLabel("Contraseña actual").fill(temporary);
  await form.getByLabel("Contraseña nueva (mín. 8)").fill(password);
  await form.getByLabel("Repita la contraseña nueva").fill(password);
  await form.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/login\?notice=passwordChanged$/);
  await expect(page.getByTestId("login-notice")).toBeVisible();
}

/**
 * Creates a portal user through Configuración → Usuarios (an invitation with a temporary password)
 * and signs them in once in a browser context of their own to change it to `password`, so specs sign
 * in with `password` as before. `admin` ends on the users page, reloaded.
 */
export async function createUserInPortal(
  admin: Page,
  email: string,
  password: string,
  role: keyof typeof ROLE_SETS,
): Promise<void> {
  const temporary = await inviteInPortal(admin, email, role);
  const context = await admin.context().browser()!.newContext();
  try {
    await changeTemporaryPassword(await context.newPage(), email, temporary, password);
  } finally {
    await context.close();
  }
  await admin.reload();
}

/** A 9-digit RNC nobody uses whose check digit is right (no confirmation asked when adding it). */
export function freshRnc(): string {
  for (;;) {
    const rnc = String(randomInt(500_000_000, 599_999_999));
    if (hasValidCheckDigit(rnc)) return rnc;
  }
}

/**
 * Adds a company of the demo organization on the organization page (signed in as its administrator,
 * who becomes the new company's administrator, approver and operator), with a fresh RNC; returns it.
 */
export async function addCompanyInPortal(admin: Page, namePrefix: string): Promise<string> {
  const rnc = freshRnc();
  const name = `${namePrefix} ${randomUUID().slice(0, 4)} SRL`;
  await admin.goto("/organization");
  const create = admin.getByTestId("company-create");
  await create.getByLabel("RNC o cédula").fill(rnc);
  await create.getByLabel("Nombre o razón social").fill(name);
  await create.getByRole("button", { name: "Agregar empresa" }).click();
  await expect(admin.getByTestId("company-create-result")).toContainText(`Empresa ${name} (${rnc}) agregada`);
  return rnc;
}

/** Switches the header's company picker to the company `rnc` and waits for the shell to show it. */
export async function pickCompany(page: Page, rnc: string): Promise<void> {
  const picker = page.getByTestId("company-picker");
  const option = picker.locator("option", { hasText: `(${rnc})` });
  await picker.selectOption((await option.getAttribute("value")) ?? "");
  await expect(page.getByTestId("current-company")).toHaveText(rnc);
}

/**
 * Leaves the demo user with one company again (other specs sign in without rnc): an administrator of
 * the company `rnc`, invited here by `admin` (whose current company it is), removes the demo user from it.
 */
export async function removeDemoFrom(admin: Page, browser: Browser, rnc: string) {
  const email = `zeta-${randomUUID().slice(0, 8)}@anula.local`;
  const temporary = await inviteInPortal(admin, email, "admin");
  const context = await browser.newContext();
  const other = await context.newPage();
  await changeTemporaryPassword(other, email, temporary, "clave-zeta-1");
  await signIn(other, email, "clave-zeta-1");
  await expect(other.getByTestId("current-company")).toHaveText(rnc);
  await other.goto("/settings/users");
  await other.getByRole("button", { name: `Quitar de la empresa: ${DEMO.email}` }).click();
  await expect(other.locator(`tr[data-email="${DEMO.email}"]`)).toHaveCount(0);
  await context.close();
}

/** An idToken of the demo user (POST /auth/token), for REST calls from specs. */
export async function demoIdToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/auth/token", {
    data: { username: DEMO.email, password: DEMO.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The demo company's Bearer idToken and X-API-KEY, for the document endpoints. */
export async function demoApiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await demoIdToken(request)}`, "x-api-key": demoApiKey() };
}

/**
 * A type 31 issued in TesteCF through the API and followed to DGII's verdict (the embedded simulator
 * accepts it): its document record as GET documentos-ecf answers it, and the FechaEmision it carries.
 */
export async function issueAcceptedEcf(
  request: APIRequestContext,
): Promise<{ encf: string; record: Record<string, unknown>; fechaEmision: string }> {
  const encf = freshRange("31", 1).desde;
  const body = sampleEcfBody("31");
  const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
  encabezado.IdDoc!.eNCF = encf;
  const response = await request.post("/TesteCF/documentos-ecf", {
    headers: await demoApiHeaders(request),
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  let record: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/TesteCF/documentos-ecf?ecf=${encf}`, {
          headers: await demoApiHeaders(request),
        });
        record = (await answer.json()) as Record<string, unknown>;
        return record.status;
      },
      { timeout: 30_000 },
    )
    .toBe("Aceptado");
  return { encf, record, fechaEmision: encabezado.Emisor!.FechaEmision as string };
}

/** Creates a void through the REST API (same use case as the portal) and returns its JSON answer. */
export async function voidViaApi(
  request: APIRequestContext,
  ranges: Array<{ secuenciaDesde: string; secuenciaHasta: string }>,
  environment = "TesteCF",
): Promise<{ status: number; body: Record<string, unknown> }> {
  const idToken = await demoIdToken(request);
  const response = await request.post(`/${environment}/customer/void-ncf`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: { ranges },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/**
 * The page's serious and critical axe-core findings as it is now, one line each (none: clean).
 * It first waits for the page's title: Next.js streams a dynamic page's metadata after its body, and
 * for a moment after a server action's refresh the head holds no <title> yet — a scan in that
 * moment reports document-title for a page that has one.
 */
export async function seriousAxeFindings(page: Page, name: string): Promise<string[]> {
  await expect.poll(() => page.title(), { message: `${name}: the page's title` }).not.toBe("");
  // The whole page, always: nothing is left out of a scan.
  let { violations } = await new AxeBuilder({ page }).analyze();
  if (violations.some((violation) => violation.id === "document-title")) {
    // A re-render after a server action replaces the <title> (React hoists the page's metadata):
    // scanned in that instant, the page has none. Scanned again once it is back; a page that truly
    // has none fails the wait.
    await expect.poll(() => page.title(), { message: `${name}: the page's title` }).not.toBe("");
    ({ violations } = await new AxeBuilder({ page }).analyze());
  }
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${name}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** A full-page screenshot under e2e/output/screenshots/<name>.png (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A self-signed .p12 shaped like a DGII certificate (serialNumber = RNC), for upload tests. */
export function makeP12(password: string, rnc: string = DEMO.rnc, commonName = "E2E PRUEBA"): Buffer {
  return generatePkcs12({ rnc, password, commonName }).p12;
}

interface Fixtures {
  /** A page already signed in as the demo admin. */
  signedIn: Page;
  /** The simulator admin helper, as a fixture for convenience. */
  simulatorAdmin: typeof simulatorAdmin;
}

export const test = base.extend<Fixtures>({
  // The second argument is Playwright's `use`, named `provide` so React's hook lint leaves it alone.
  signedIn: async ({ page }, provide) => {
    await signIn(page);
    await provide(page);
  },
  simulatorAdmin: async ({}, provide) => {
    await provide(simulatorAdmin);
  },
});

export { expect };
