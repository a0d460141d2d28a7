// The browser tests' server: `next start` with the given arguments, its console read the way an
// operator reads it. The secrets the app shows once on the console (never in a log line) — the
// embedded DGII simulator's admin token, the demo API key — are copied to E2E_DATA_DIR (0600), where
// the fixtures read them. Signals are passed on, so Playwright's stop is the server's stop.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const SHOWN_ONCE = {
  "DGII simulator admin token (Authorization: Bearer): ": "simulator-admin-token",
  "Demo API key (X-API-KEY): ": "demo-api-key",
};
const child = spawn(
  process.execPath,
  ["node_modules/next/dist/bin/next", "start", ...process.argv.slice(2)],
  {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  },
);
let pending = "";
child.stdout.on("data", (chunk) => {
  pending += chunk.toString();
  const lines = pending.split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) {
    for (const [label, fileName] of Object.entries(SHOWN_ONCE)) {
      if (!line.startsWith(label)) continue;
      writeFileSync(path.join(process.env.E2E_DATA_DIR, fileName), line.slice(label.length).trim(), {
        mode: 0o600,
      });
    }
  }
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
