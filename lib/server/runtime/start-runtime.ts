import "server-only";
import { randomBytes } from "node:crypto";
import { dropBlankNextAuthUrl } from "@/lib/server/platform/config/next-auth-url";
import { loadConfig, logger } from "@/lib/server/platform/config";
import { connectEmbeddedSimulator } from "@/lib/server/platform/taxauth/client-instance";
import { registerGracefulShutdown } from "@/lib/server/platform/ops/shutdown";
import { SIMULATOR_ADMIN_TOKEN_LABEL, showSecretsOnce } from "@/lib/server/platform/ops/show-secrets-once";
import { startBackgroundWork } from "@/lib/server/platform/jobs/background-work";
import { startWebhookDispatcher, stopWebhookDispatcher } from "@/lib/server/webhooks";
import { startIssuedFollowUp, stopIssuedFollowUp } from "@/lib/server/issuing";
import { interruptAbandonedSends, startLeaseKeeper, stopLeaseKeeper } from "@/lib/server/voids";

import { recurringJobs } from "./recurring-jobs";

import { prepareDatabase } from "./prepare-database";

let started: Promise<void> | undefined;

/**
 * What the server process does once at start (Next's instrumentation hook): in the embedded default
 * (TAXAUTH unset or "simulator", no TAXAUTH_SIMULATOR_URL given) start the DGII simulator in-process
 * on loopback and hand its URL to the DGII client; migrate the database and seed the demo on an
 * empty one (prepare-database.ts); keep this instance's send leases alive; start the job queue
 * and its recurring jobs — the sweep of expired leases, the refresh of pending documents — once per
 * period across every instance (lib/server/platform/jobs). Next awaits this before the server answers.
 */
export function startRuntime(): Promise<void> {
  started ??= start();
  return started;
}

async function start(): Promise<void> {
  const config = loadConfig();
  dropBlankNextAuthUrl();
  registerGracefulShutdown({
    sends: { stopKeeping: stopLeaseKeeper, interrupt: async () => void (await interruptAbandonedSends()) },
  });
  const embedded = config.taxAuth.embeddedSimulator;
  let registerDemoDocuments: ((rnc: string) => void) | undefined;
  if (embedded) {
    const { startTaxAuthSimulator } = await import("@/lib/taxauth-simulator");
    const adminToken = randomBytes(24).toString("base64url");
    const simulator = await startTaxAuthSimulator({
      port: embedded.port,
      host: "127.0.0.1",
      ledgerFile: embedded.ledgerFile,
      // The embedded simulator is a test double: its admin API (loopback only) lets a user mark
      // sequences as issued to see a rejection. Off with TAXAUTH_SIMULATOR_ADMIN=0.
      adminEnabled: embedded.adminEnabled,
      // Only its holder may drive the test double (the app runs with NODE_ENV=production here too):
      // a token made at each start, shown once on the console, never logged.
      adminToken,
      // With TAXAUTH_STATUS_API_KEY, the simulator's status service answers only that key, as DGII's does.
      statusApiKey: config.taxAuth.status?.apiKey,
    });
    if (embedded.adminEnabled) showSecretsOnce([{ label: SIMULATOR_ADMIN_TOKEN_LABEL, value: adminToken }]);
    connectEmbeddedSimulator(simulator.url);
    registerDemoDocuments = (rnc) => {
      // The simulated authority knows the demo documents, so their pending statuses resolve.
      void import("@/lib/server/documents").then(({ demoTaxAuthDocuments }) => {
        for (const document of demoTaxAuthDocuments(rnc)) simulator.admin.registerDocument(document);
      });
    };
    logger.warn(
      { simulator: simulator.url },
      "Autoridad tributaria SIMULADA (TAXAUTH=simulator): nada se envía a la DGII. Use TAXAUTH=dgii en producción.",
    );
  }
  await prepareDatabase(config);
  startLeaseKeeper();
  if (registerDemoDocuments && config.demo.enabled) registerDemoDocuments(config.demo.rnc);
  await startBackgroundWork({
    jobs: recurringJobs(),
    services: [
      { name: "webhooks.dispatcher", start: () => startWebhookDispatcher(), stop: stopWebhookDispatcher },
      { name: "issuing.follow-up", start: startIssuedFollowUp, stop: stopIssuedFollowUp },
    ],
  });
}
