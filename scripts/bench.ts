/**
 * `npm run bench [foundation|voids|documents|portal|ledger|webhooks|issue]`: prints one JSON object
 * per line, `{"name","value","unit", ...}`. Targets live in the issues; numbers are reported in their
 * closing notes. Set TEST_DATABASE_URL=postgres://… to run the database benchmarks on PostgreSQL.
 */
import "./bench/quiet-logs";
import { benchFoundation } from "./bench/foundation";
import { benchIssue } from "./bench/issue";
import { benchLedger } from "./bench/ledger";
import { benchDocuments } from "./bench/documents";
import { benchPortal } from "./bench/portal";
import { benchVoids } from "./bench/voids";
import { benchWebhooks } from "./bench/webhooks";

const suites: Record<string, () => Promise<void>> = {
  foundation: benchFoundation,
  voids: benchVoids,
  documents: benchDocuments,
  portal: benchPortal,
  ledger: benchLedger,
  webhooks: benchWebhooks,
  issue: benchIssue,
};

async function main(): Promise<void> {
  const only = process.argv[2];
  for (const [name, run] of Object.entries(suites)) {
    if (!only || only === name) await run();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
