/**
 * `npm run bench`: prints one JSON object per line, `{"name","value","unit"}`. Targets live in the
 * issues; numbers are reported in their closing notes. Runs on the embedded defaults.
 */
import { benchFoundation } from "./bench/foundation";

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === "foundation") await benchFoundation();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
