// The browser tests' server: `next start` with the given arguments, its console read the way an
// operator reads it. The embedded DGII simulator's admin token is shown once on the console (never
// in a log line); this wrapper copies it to E2E_DATA_DIR/simulator-admin-token (0600), where the
// fixtures read it. Signals are passed on, so Playwright's stop is the server's stop.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const LABEL = "DGII simulator admin token (Authorization: Bearer): ";
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
    if (line.startsWith(LABEL)) {
      const file = path.join(process.env.E2E_DATA_DIR, "simulator-admin-token");
      writeFileSync(file, line.slice(LABEL.length).trim(), { mode: 0o600 });
    }
  }
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
