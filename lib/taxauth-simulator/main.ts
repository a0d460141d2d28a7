/**
 * `npm run simulator`: the DGII simulator on its own. Run with the react-server export condition
 * (see package.json) so the `server-only` marker imported by the simulator modules resolves to its
 * empty module outside Next.
 *
 * Environment: TAXAUTH_SIMULATOR_PORT (default 4010), TAXAUTH_SIMULATOR_HOST (default 127.0.0.1),
 * TAXAUTH_SIMULATOR_LEDGER (JSON file to persist the ledger), TAXAUTH_SIMULATOR_DIALECT (success1,
 * success15, xml or partial: how anularrango words its answers), TAXAUTH_SIMULATOR_RECEPTION_DELAY_MS
 * (how long a received e-CF shows En Proceso, default 200), TAXAUTH_SIMULATOR_ADMIN=0 to turn the
 * admin endpoints off. They are always off when NODE_ENV=production or TAXAUTH=dgii, and answer
 * only with the token printed at start.
 */
import { randomBytes } from "node:crypto";
import { startTaxAuthSimulator, type Dialect } from "./index";

const productionLike = process.env.NODE_ENV === "production" || process.env.TAXAUTH === "dgii";

async function main(): Promise<void> {
  const adminEnabled = !productionLike && process.env.TAXAUTH_SIMULATOR_ADMIN !== "0";
  const adminToken = randomBytes(24).toString("base64url");
  const simulator = await startTaxAuthSimulator({
    port: Number(process.env.TAXAUTH_SIMULATOR_PORT ?? 4010),
    host: process.env.TAXAUTH_SIMULATOR_HOST ?? "127.0.0.1",
    ledgerFile: process.env.TAXAUTH_SIMULATOR_LEDGER || undefined,
    dialect: (process.env.TAXAUTH_SIMULATOR_DIALECT || undefined) as Dialect | undefined,
    receptionDelayMs: process.env.TAXAUTH_SIMULATOR_RECEPTION_DELAY_MS
      ? Number(process.env.TAXAUTH_SIMULATOR_RECEPTION_DELAY_MS)
      : undefined,
    adminEnabled,
    adminToken,
  });
  console.log(`DGII simulator listening on ${simulator.url} (/testecf, /certecf, /ecf)`);
  if (adminEnabled) console.log(`Admin API token (Authorization: Bearer): ${adminToken}`);
  const stop = () => {
    void simulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
