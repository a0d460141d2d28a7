import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";

import { percentile, report } from "./measure";

/**
 * `portal_paste_10000_lines_ms`: in the real browser (Debian Chromium), the time from a paste of
 * 10,000 lines into Tools → Anular e-NCF until they are validated and the result is painted (the
 * editor reports 10,000 lines and a frame has been drawn). Target: ≤ 300 ms. Also
 * `portal_keystroke_10000_lines_ms`: one typed character with 10,000 lines loaded, until painted.
 *
 * Against BENCH_PORTAL_URL when set (signed in as DEMO_USERNAME/DEMO_PASSWORD or the demo user);
 * otherwise it starts `next start` on the build (`next build` first when missing or stale) with a
 * fresh DATA_DIR, like the e2e tests.
 */
const RUNS = 5;
const LINES = 10_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function benchPortal(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`benchPortal: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  const server = process.env.BENCH_PORTAL_URL ? undefined : await startServer();
  const baseURL = process.env.BENCH_PORTAL_URL ?? server!.url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await signIn(context.request);
    const page = await context.newPage();
    const text = pasteText(LINES);
    const pastes: number[] = [];
    const keystrokes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
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
  } finally {
    await browser.close();
    await server?.stop();
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

/** Dispatches the paste as Ctrl+V would and waits until the editor shows all lines and a frame is painted. */
function measurePaste(page: Page, text: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const painted = ${WAIT_PAINTED};
    const editor = document.querySelector("[data-line-count]");
    const data = new DataTransfer();
    data.setData("text/plain", ${JSON.stringify(text)});
    const started = performance.now();
    document.activeElement.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    const check = () => {
      // Every line counted and validated; the rAF callback runs before the paint, the task after it.
      if (editor.dataset.lineCount === "${LINES}" && editor.dataset.validCount === "${LINES}") painted(resolve, started);
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** One character removed in the first line (10,000 loaded) until the line's new state is painted. */
function measureKeystroke(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
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
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

async function signIn(request: import("playwright-core").APIRequestContext): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: {
      csrfToken,
      username: process.env.DEMO_USERNAME ?? "demo@anula.local",
      password: process.env.DEMO_PASSWORD ?? "anula-demo",
      json: "true",
    },
  });
  if (!response.ok()) throw new Error(`benchPortal: sign-in failed (${response.status()})`);
}

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(__dirname, "../..");
  // As `npm start` does: `next build` only when the build is missing or stale (never a stale one measured).
  await run(process.execPath, ["scripts/build-if-stale.mjs"], root, {});
  const port = Number(process.env.BENCH_PORTAL_PORT ?? 4880);
  const dataDir = mkdtempSync(path.join(tmpdir(), "anula-bench-portal-"));
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
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      rmSync(dataDir, { recursive: true, force: true });
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
