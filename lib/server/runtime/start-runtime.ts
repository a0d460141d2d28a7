import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { loadConfig, logger } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { registerGracefulShutdown } from "@/lib/server/ops/shutdown";
import { SIMULATOR_ADMIN_TOKEN_LABEL, showSecretsOnce } from "@/lib/server/ops/show-secrets-once";
import { startLeaseKeeper } from "@/lib/server/voids/send-leases";

let started: Promise<void> | undefined;

/** How often documents with a non-final status are refreshed from the authority. */
const DOCUMENT_REFRESH_INTERVAL_MS = 60_000;

/**
 * What the server process does once at start (Next's instrumentation hook): in the embedded default
 * (TAXAUTH unset or "simulator", no TAXAUTH_SIMULATOR_URL given) start the DGII simulator in-process
 * on loopback; open and migrate the database (which seeds the demo account on first start); and
 * schedule the refresh of pending documents.
 */
export function startRuntime(): Promise<void> {
  started ??= start();
  return started;
}

async function start(): Promise<void> {
  const config = loadConfig();
  registerGracefulShutdown();
  const embedded = (process.env.TAXAUTH ?? "simulator") === "simulator" && !process.env.TAXAUTH_SIMULATOR_URL;
  let registerDemoDocuments: ((rnc: string) => void) | undefined;
  if (embedded) {
    const { startTaxAuthSimulator } = await import("@/lib/taxauth-simulator");
    const adminToken = randomBytes(24).toString("base64url");
    const simulator = await startTaxAuthSimulator({
      port: Number(process.env.TAXAUTH_SIMULATOR_PORT ?? 0),
      host: "127.0.0.1",
      ledgerFile:
        process.env.TAXAUTH_SIMULATOR_LEDGER ?? path.join(config.dataDir, "dgii-simulator-ledger.json"),
      // The embedded simulator is a test double: its admin API (loopback only) lets a user mark
      // sequences as issued to see a rejection. Off with TAXAUTH_SIMULATOR_ADMIN=0.
      adminEnabled: process.env.TAXAUTH_SIMULATOR_ADMIN !== "0",
      // Only its holder may drive the test double (the app runs with NODE_ENV=production here too):
      // a token made at each start, shown once on the console, never logged.
      adminToken,
    });
    if (process.env.TAXAUTH_SIMULATOR_ADMIN !== "0") {
      showSecretsOnce([{ label: SIMULATOR_ADMIN_TOKEN_LABEL, value: adminToken }]);
    }
    process.env.TAXAUTH_SIMULATOR_URL = simulator.url;
    registerDemoDocuments = (rnc) => {
      // The simulated authority knows the demo documents, so their pending statuses resolve.
      void import("@/lib/server/documents/demo-documents").then(({ demoTaxAuthDocuments }) => {
        for (const document of demoTaxAuthDocuments(rnc)) simulator.admin.registerDocument(document);
      });
    };
    logger.warn(
      { simulator: simulator.url },
      "Autoridad tributaria SIMULADA (TAXAUTH=simulator): nada se envía a la DGII. Use TAXAUTH=dgii en producción.",
    );
  }
  await getDb();
  startLeaseKeeper();
  if (registerDemoDocuments && config.demo.enabled) registerDemoDocuments(config.demo.rnc);
  scheduleDocumentRefresh();
}

function scheduleDocumentRefresh(): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void import("@/lib/server/documents")
      .then(({ refreshPendingDocuments }) => refreshPendingDocuments({ limit: 100 }))
      .catch((error: unknown) => logger.error({ err: error }, "Document refresh failed"))
      .finally(() => {
        running = false;
      });
  }, DOCUMENT_REFRESH_INTERVAL_MS);
  timer.unref();
}
