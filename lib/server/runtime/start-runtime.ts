import "server-only";
import path from "node:path";
import { loadConfig, logger } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

let started: Promise<void> | undefined;

/**
 * What the server process does once at start (Next's instrumentation hook): in the embedded default
 * (TAXAUTH unset or "simulator", no TAXAUTH_SIMULATOR_URL given) start the DGII simulator in-process
 * on loopback, then open and migrate the database (which seeds the demo account on first start).
 */
export function startRuntime(): Promise<void> {
  started ??= start();
  return started;
}

async function start(): Promise<void> {
  const config = loadConfig();
  if ((process.env.TAXAUTH ?? "simulator") === "simulator" && !process.env.TAXAUTH_SIMULATOR_URL) {
    const { startTaxAuthSimulator } = await import("@/lib/taxauth-simulator");
    const simulator = await startTaxAuthSimulator({
      port: Number(process.env.TAXAUTH_SIMULATOR_PORT ?? 0),
      host: "127.0.0.1",
      ledgerFile:
        process.env.TAXAUTH_SIMULATOR_LEDGER ?? path.join(config.dataDir, "dgii-simulator-ledger.json"),
      // The embedded simulator is a test double: its admin API (loopback only) lets a user mark
      // sequences as issued to see a rejection. Off with TAXAUTH_SIMULATOR_ADMIN=0.
      adminEnabled: process.env.TAXAUTH_SIMULATOR_ADMIN !== "0",
    });
    process.env.TAXAUTH_SIMULATOR_URL = simulator.url;
    logger.warn(
      { simulator: simulator.url },
      "Autoridad tributaria SIMULADA (TAXAUTH=simulator): nada se envía a la DGII. Use TAXAUTH=dgii en producción.",
    );
  }
  await getDb();
}
