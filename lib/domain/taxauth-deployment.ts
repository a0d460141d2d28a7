/**
 * Which tax authority a deployment's database answers to. Every instance on one database must
 * use the same TAXAUTH: a simulator instance would send voids to a test double (and deliver
 * webhooks under the simulator's looser policy) beside instances that speak to DGII. A deployment
 * moves once, from the simulator to DGII, with the command below; what the simulator answered
 * before that moment stays marked as simulated, never shown as DGII's word.
 */

export type TaxAuthMode = "simulator" | "dgii";

export interface TaxAuthDeployment {
  /** The TAXAUTH the database answers to. */
  mode: TaxAuthMode;
  /** When the deployment moved from the simulator to DGII (epoch ms); null if it never did. */
  simulatedUntil: number | null;
}

/** The documented move from the simulator to DGII (scripts/setup.ts). */
export const TAXAUTH_MOVE_COMMAND = "npm run setup -- --move-to-dgii";

/** Whether the answer of a record created at `createdAt` (epoch ms) came from the simulator. */
export function answeredBySimulator(createdAt: number, deployment: TaxAuthDeployment): boolean {
  return (
    deployment.mode === "simulator" ||
    (deployment.simulatedUntil !== null && createdAt < deployment.simulatedUntil)
  );
}

/** Why an instance whose TAXAUTH differs from the database's may not start, and what to do. */
export function taxAuthMismatchMessage(database: TaxAuthMode, instance: TaxAuthMode): string {
  const head =
    `This database answers to TAXAUTH=${database}, and this instance has TAXAUTH=${instance}: ` +
    "every instance on one database must use the same TAXAUTH. ";
  return database === "simulator"
    ? head +
        `To move this deployment from the simulator to DGII, stop every instance, run \`${TAXAUTH_MOVE_COMMAND}\` ` +
        "(what the simulator answered stays marked as simulated), then start them all with TAXAUTH=dgii."
    : head +
        "A deployment that moved to DGII never goes back to the simulator: start this instance with " +
        "TAXAUTH=dgii, or give the simulator a database of its own.";
}
