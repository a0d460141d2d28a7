// `npm start` runs this, then `next start`: it runs `next build` only when the build is missing or
// stale (scripts/build-fingerprint.mjs says what a build depends on), so a second start is quick.
// `npm run build` runs it with --always: a build now, recorded, so a later `npm start` reuses it.
// Arguments after --always go to `next build`; `npm start -- -p 4000` never reaches this script
// (npm appends them to `next start`). Messages go to stderr: stdout stays the server's.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { collectBuildInputs, forgetBuild, recordBuild, staleReason } from "./build-fingerprint.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const always = args[0] === "--always";
const buildArgs = always ? args.slice(1) : args;
const say = (message) => process.stderr.write(`> ${message}\n`);

const started = performance.now();
let distDir;
let inputs;
let reason = always ? "asked for (npm run build)" : undefined;
try {
  // Next's own loader, as `next build` calls it: it reads the .env files into process.env first and
  // applies next.config, so distDir and the variables are the ones the build will see.
  const { default: loadConfig } = require("next/dist/server/config");
  const { PHASE_PRODUCTION_BUILD } = require("next/constants");
  distDir = (await loadConfig(PHASE_PRODUCTION_BUILD, root)).distDir;
  inputs = collectBuildInputs({ root, env: process.env, distDir });
  reason ??= staleReason({ root, distDir, inputs });
} catch (error) {
  // When in doubt, build; without known inputs nothing is recorded, so the next start builds again.
  inputs = undefined;
  reason = `its inputs could not be read (${error instanceof Error ? error.message : String(error)})`;
}
const checkedMs = Math.round(performance.now() - started);

if (!reason) {
  say(`build in ${distDir} is current (${Object.keys(inputs).length} inputs checked in ${checkedMs} ms)`);
  process.exit(0);
}

say(`next build: ${reason}`);
if (distDir && inputs) forgetBuild({ root, distDir });
const build = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "build", ...buildArgs], {
  cwd: root,
  stdio: "inherit",
});
// A supervisor's SIGTERM reaches npm and this script only: pass it on, so no build is left behind.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => build.kill(signal));
build.on("exit", (code, signal) => {
  if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
  if (distDir && inputs) recordBuild({ root, distDir, inputs });
  process.exit(0);
});
