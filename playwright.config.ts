import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the real app: `next build` when stale, then `next start` with a fresh DATA_DIR
 * (embedded PGlite + demo account) and the embedded DGII simulator on a fixed port with its admin
 * API on, so specs can mark sequences as issued. See e2e/README.md.
 *
 * Debian's Chromium only (/usr/bin/chromium, `apt-get install chromium`): never `playwright install`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4780);
export const E2E_SIMULATOR_PORT = Number(process.env.E2E_SIMULATOR_PORT ?? 4790);

// Workers inherit the runner's environment: the first evaluation (the runner) picks the directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "anula-e2e-"));
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${E2E_PORT}`;
process.env.E2E_SIMULATOR_URL ??= `http://127.0.0.1:${E2E_SIMULATOR_PORT}`;

// `next build` only when the build in DIST_DIR is missing or stale (as `npm start` does); E2E_SKIP_BUILD=1
// skips even that check and serves whatever build is there.
const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "node scripts/build-if-stale.mjs && ";
/**
 * Own build directory (next.config.mjs reads ANULA_DIST_DIR): other builds of the checkout cannot
 * disturb it. E2E_DIST_DIR gives two runs on one checkout (two people, two terminals) one each.
 */
const DIST_DIR = (process.env.E2E_DIST_DIR ??= "e2e/output/next");

export default defineConfig({
  testDir: "./e2e",
  // Maps `server-only` to its empty module, so specs can use the app's own helpers (e.g. generatePkcs12).
  tsconfig: "./e2e/tsconfig.json",
  outputDir: "./e2e/output/test-results",
  // One worker: the machine is small, and specs share one server and one simulator ledger.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: "e2e/output/report", open: "never" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: "es-DO",
    timezoneId: "America/Santo_Domingo",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "portal", use: { browserName: "chromium" } }],
  webServer: {
    // e2e/serve.mjs runs `next start` and keeps the simulator admin token it prints once.
    command: `${build}node e2e/serve.mjs -H 127.0.0.1 -p ${E2E_PORT}`,
    url: `${process.env.E2E_BASE_URL}/login`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ANULA_DIST_DIR: DIST_DIR,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO: "on",
      DATABASE_URL: "",
      TAXAUTH: "simulator",
      TAXAUTH_SIMULATOR_URL: "",
      TAXAUTH_SIMULATOR_PORT: String(E2E_SIMULATOR_PORT),
      TAXAUTH_SIMULATOR_ADMIN: "1",
      // DGII's status service, served by the embedded simulator (taxauth-status.spec.ts); 1 s cache.
      TAXAUTH_STATUS_API_KEY: "e2e-dgii-status-key",
      TAXAUTH_STATUS_INTERVAL_MS: "1000",
      NEXTAUTH_URL: process.env.E2E_BASE_URL,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
