// Generates the Prisma Client into prisma/generated, fully offline. Run by `npm install` (root
// "postinstall") and by hand after editing prisma/schema.prisma.
//
// Plain Node ESM (not TypeScript) on purpose: it runs during `npm install`, before anything else
// could compile it, and also under `npm ci --omit=dev`.
//
// Why the placeholder: `prisma generate` insists that a schema-engine binary exists and otherwise
// downloads one from Prisma's servers, which are unreachable here. Generate never executes that
// binary, so pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it start. Migrations do
// not use the binary either: they run on @prisma/schema-engine-wasm (scripts/db-migrate-create.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js", { paths: [root] });

const env = {
  ...process.env,
  // No telemetry or update checks: they would try the network.
  CHECKPOINT_DISABLE: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
const configured = env.PRISMA_SCHEMA_ENGINE_BINARY;
if (!configured || !existsSync(configured)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
}

const result = spawnSync(
  process.execPath,
  [prismaCli, "generate", "--schema", path.join(root, "prisma", "schema.prisma")],
  { cwd: root, env, stdio: "inherit" },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
