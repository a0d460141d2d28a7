import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";

import { hasValidCheckDigit } from "@/lib/domain/rnc";
import { createAccount, createUser } from "@/lib/server/accounts";
import { openDatabase, setDbForTests } from "@/lib/server/platform/db";

import { PORTAL_PAGES, urlOf } from "../../e2e/portal-pages";

import { percentile, report } from "./measure";
import { seedVoids } from "./seed-voids";

/**
 * `portal_paste_10000_lines_ms`: in the real browser (Debian Chromium), the time from a paste of
 * 10,000 lines into Tools → Anular e-NCF until they are validated and the result is painted (the
 * editor reports 10,000 lines and a frame has been drawn). Target: ≤ 300 ms. Also
 * `portal_keystroke_10000_lines_ms`: one typed character with 10,000 lines loaded, until painted.
 *
 * `portal_render_<page>_p50_ms`: the server's render of every portal page (the whole HTML of a
 * signed-in GET, p50 of RENDER_RUNS after one warm-up), with the demo data (`company: "demo"`) and
 * for a company with 10,000 voids (`company: "10000 voids"`: seeded straight into the database,
 * each void one range with its voided interval, its administrator signed in).
 *
 * Against BENCH_PORTAL_URL when set (signed in as DEMO_USERNAME/DEMO_PASSWORD or the demo user; the
 * 10,000-void company is then skipped: it is seeded into the server's own database); otherwise it
 * starts `next start` on the build (`next build` first when missing or stale) with a fresh
 * DATA_DIR, like the e2e tests, and restarts it once around the seeding (PGlite has one owner).
 */
const RUNS = 5;
const RENDER_RUNS = 10;
/** Pages that open a request or a webhook: an id nobody has (their own "not found" view). */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const BIG_COMPANY = {
  voids: 10_000,
  email: "bench-10000-voids@anula.local",
  password: "bench-10000-voids",
} as const;
const LINES = 10_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function benchPortal(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`benchPortal: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  const dataDir = process.env.BENCH_PORTAL_URL
    ? undefined
    : mkdtempSync(path.join(tmpdir(), "anula-bench-portal-"));
  let server = dataDir ? await startServer(dataDir) : undefined;
  const baseURL = process.env.BENCH_PORTAL_URL ?? server!.url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const text = pasteText(LINES);
    const pastes: number[] = [];
    const keystrokes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      // A new context each run: the tool keeps unsent lines as a draft in localStorage, and a
      // second visit would paste 10,000 lines below the 10,000 restored ones (never "all shown").
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      await signIn(context.request);
      const page = await context.newPage();
      await page.goto("/tools/void-encf");
      await page
        .getByLabel(/^(Línea|Line) 1: /)
        .first()
        .focus();
      const pasteMs = await measurePaste(page, text);
      const keyMs = await measureKeystroke(page);
      // The first run warms up the JIT and the page's chunks; it is not counted.
      if (run > 0) {
        pastes.push(pasteMs);
        keystrokes.push(keyMs);
      }
      await context.close();
    }
    report({
      name: "portal_paste_10000_lines_ms",
      value: percentile(pastes, 50),
      unit: "ms",
      runs: RUNS,
      max: Math.max(...pastes),
    });
    report({
      name: "portal_keystroke_10000_lines_ms",
      value: percentile(keystrokes, 50),
      unit: "ms",
      runs: RUNS,
    });
    await benchRenders(browser, baseURL, "demo");

    if (!dataDir || !server) {
      console.error("benchPortal: the 10,000-void company is skipped against BENCH_PORTAL_URL");
      return;
    }
    await server.stop();
    server = undefined;
    await seedBigCompany(dataDir);
    server = await startServer(dataDir);
    await benchRenders(browser, baseURL, `${BIG_COMPANY.voids} voids`, BIG_COMPANY);
  } finally {
    await browser.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server render of every portal page (e2e/portal-pages.ts, the list the axe and phone specs
 * visit), signed in: the whole HTML of a GET, p50 after a warm-up. The void pages show the company's
 * newest void (none: their "not found" view, said in the line's `void`).
 */
async function benchRenders(
  browser: import("playwright-core").Browser,
  baseURL: string,
  company: string,
  user?: { email: string; password: string },
): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(context.request, user);
    const voidId = await newestVoidId(context.request, user);
    const ids = { voidId: voidId ?? UNKNOWN_ID, requestId: UNKNOWN_ID, webhookId: UNKNOWN_ID };
    for (const page of PORTAL_PAGES) {
      const [name, url] = [page.name.replaceAll("-", "_"), urlOf(page, ids)];
      const times: number[] = [];
      let status = 0;
      for (let run = 0; run <= RENDER_RUNS; run++) {
        const started = performance.now();
        const response = await context.request.get(url);
        await response.body();
        const ms = performance.now() - started;
        status = response.status();
        // A page's own "not found" (an unknown request, a company without that e-CF) is a render too.
        if ((!response.ok() && status !== 404) || new URL(response.url()).pathname === "/login") {
          throw new Error(`benchPortal: ${url} answered ${status} at ${response.url()}`);
        }
        if (run > 0) times.push(ms);
      }
      report({
        name: `portal_render_${name}_p50_ms`,
        value: percentile(times, 50),
        unit: "ms",
        runs: RENDER_RUNS,
        max: Math.max(...times),
        company,
        ...(status === 404 ? { status } : {}),
        ...(page.url.includes("{voidId}") ? { void: voidId ? "newest" : "none" } : {}),
      });
    }
  } finally {
    await context.close();
  }
}

/** The company's newest void in TesteCF, through the REST API (null: it has none). */
async function newestVoidId(
  request: import("playwright-core").APIRequestContext,
  user?: { email: string; password: string },
): Promise<string | null> {
  const token = await request.post("/auth/token", {
    data: {
      username: user?.email ?? process.env.DEMO_USERNAME ?? "demo@anula.local",
      password: user?.password ?? process.env.DEMO_PASSWORD ?? "anula-demo",
    },
  });
  if (!token.ok()) throw new Error(`benchPortal: /auth/token answered ${token.status()}`);
  const { idToken } = (await token.json()) as { idToken: string };
  const list = await request.get("/TesteCF/customer/void-ncf?limit=1", {
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (!list.ok()) throw new Error(`benchPortal: the void list answered ${list.status()}`);
  const { items } = (await list.json()) as { items: Array<{ voidId: string }> };
  return items[0]?.voidId ?? null;
}

/**
 * A second company with 10,000 voids and its administrator, written into the stopped server's
 * PGlite (the server migrated it and made the demo account on its first start).
 */
async function seedBigCompany(dataDir: string): Promise<void> {
  const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  setDbForTests(db.prisma);
  try {
    let rnc = 131_000_000;
    while (!hasValidCheckDigit(String(rnc))) rnc++;
    const account = await createAccount({ rnc: String(rnc), name: "Empresa con 10,000 anulaciones" });
    await createUser({
      accountId: account.id,
      email: BIG_COMPANY.email,
      password: BIG_COMPANY.password,
      roles: ["administrator", "approver", "operator"],
      organizationAdmin: true,
    });
    await seedVoids(db.prisma, { accountId: account.id, rnc: account.rnc }, BIG_COMPANY.voids, {
      idPrefix: "01920000-0000-7000-8000-",
      startMs: Date.now() - BIG_COMPANY.voids * 1_000,
      intervals: true,
    });
  } finally {
    setDbForTests(null);
    await db.close();
  }
}

function pasteText(count: number): string {
  const rows: string[] = [];
  // Excel-style rows (tab separated) of type 31 and 32, as a finance user would paste them.
  for (let i = 0; i < count; i++) {
    const tipo = i % 2 === 0 ? "31" : "32";
    const start = Math.floor(i / 2) * 10 + 1;
    rows.push(`E${tipo}${String(start).padStart(10, "0")}\tE${tipo}${String(start + 4).padStart(10, "0")}`);
  }
  return rows.join("\r\n");
}

/**
 * In-page code is passed as source text: tsx (esbuild keepNames) would wrap functions given to
 * page.evaluate in a `__name` helper that does not exist in the page.
 */
const WAIT_PAINTED = `(done, started) => requestAnimationFrame(() => setTimeout(() => done(performance.now() - started), 0))`;

/** A paste or keystroke not shown after this long is reported as stuck (with the editor's counts), never waited on. */
const STUCK_MS = 60_000;

/** Dispatches the paste as Ctrl+V would and waits until the editor shows all lines and a frame is painted. */
function measurePaste(page: Page, text: string): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const painted = ${WAIT_PAINTED};
    const editor = document.querySelector("[data-line-count]");
    const data = new DataTransfer();
    data.setData("text/plain", ${JSON.stringify(text)});
    const started = performance.now();
    document.activeElement.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    const check = () => {
      // Every line counted and validated; the rAF callback runs before the paint, the task after it.
      if (editor.dataset.lineCount === "${LINES}" && editor.dataset.validCount === "${LINES}") painted(resolve, started);
      else if (performance.now() - started > ${STUCK_MS}) reject(new Error("paste: " + JSON.stringify(editor.dataset)));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** One character removed in the first line (10,000 loaded) until the line's new state is painted. */
function measureKeystroke(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const painted = ${WAIT_PAINTED};
    const editor = document.querySelector("[data-line-count]");
    const input = document.querySelector('[data-line-input="0-hasta"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    input.focus();
    const started = performance.now();
    setValue.call(input, input.value.slice(0, -1)); // 12 positions: the line turns invalid
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const check = () => {
      if (editor.dataset.invalidCount === "1") painted(resolve, started);
      else if (performance.now() - started > ${STUCK_MS}) reject(new Error("keystroke: " + JSON.stringify(editor.dataset)));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

async function signIn(
  request: import("playwright-core").APIRequestContext,
  user?: { email: string; password: string },
): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: {
      csrfToken,
      username: user?.email ?? process.env.DEMO_USERNAME ?? "demo@anula.local",
      password: user?.password ?? process.env.DEMO_PASSWORD ?? "anula-demo",
      json: "true",
    },
  });
  if (!response.ok()) throw new Error(`benchPortal: sign-in failed (${response.status()})`);
}

/** `next start` on DATA_DIR `dataDir` (kept when stopped: the caller removes it). */
async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(__dirname, "../..");
  // As `npm start` does: `next build` only when the build is missing or stale (never a stale one measured).
  await run(process.execPath, ["scripts/build-if-stale.mjs"], root, {});
  const port = Number(process.env.BENCH_PORTAL_PORT ?? 4880);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO: "on",
      DATABASE_URL: "",
      TAXAUTH: "simulator",
      TAXAUTH_SIMULATOR_URL: "",
      NEXTAUTH_URL: url,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    detached: true,
  });
  await waitForUrl(`${url}/login`, child);
  return {
    url,
    stop: async () => {
      // Until it has exited: its PGlite must be closed before another process opens the directory.
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    },
  };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} → ${code}`)),
    );
  });
}

async function waitForUrl(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`benchPortal: next start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`benchPortal: ${url} did not answer within 180 s`);
}
