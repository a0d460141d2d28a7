import "server-only";

import {
  answeredBySimulator,
  taxAuthMismatchMessage,
  type TaxAuthDeployment,
  type TaxAuthMode,
} from "@/lib/domain/taxauth-deployment";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, type PrismaClient } from "@/lib/server/platform/db";

/** DeploymentSetting rows (lib/domain/taxauth-deployment.ts). */
const MODE_KEY = "taxauth.mode";
const SIMULATED_UNTIL_KEY = "taxauth.simulatedUntil";

/**
 * The record as the start found it (enforceTaxAuthMode), per database handle: it changes only by
 * the move to DGII, which runs with every instance stopped (in this process, moveToDgii forgets
 * it), so a running instance's answers need not read it again each time.
 */
const started = new WeakMap<object, TaxAuthDeployment>();

type Db = Pick<PrismaClient, "deploymentSetting" | "$transaction">;

/** The database's TAXAUTH, or null before any instance recorded one. */
async function readDeployment(
  db: Pick<PrismaClient, "deploymentSetting">,
): Promise<TaxAuthDeployment | null> {
  const rows = await db.deploymentSetting.findMany({
    where: { key: { in: [MODE_KEY, SIMULATED_UNTIL_KEY] } },
  });
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const mode = value(MODE_KEY);
  if (mode !== "simulator" && mode !== "dgii") return null;
  const until = value(SIMULATED_UNTIL_KEY);
  return { mode, simulatedUntil: until === undefined ? null : Number(until) };
}

/**
 * At start, after the migrations: the first instance records its TAXAUTH as the database's; an
 * instance whose TAXAUTH differs stops the start (CONFIGURATION_ERROR naming the move command).
 */
export async function enforceTaxAuthMode(
  db: Db,
  mode: TaxAuthMode,
  now: number = Date.now(),
): Promise<TaxAuthDeployment> {
  // Two first instances at once: one insert wins, the other reads what it wrote.
  await db.deploymentSetting.createMany({
    data: [{ key: MODE_KEY, value: mode, updatedAt: BigInt(now) }],
    skipDuplicates: true,
  });
  const deployment = await readDeployment(db);
  if (!deployment)
    throw new AppError("CONFIGURATION_ERROR", `Unreadable ${MODE_KEY} setting in the database.`);
  if (deployment.mode !== mode) {
    throw new AppError("CONFIGURATION_ERROR", taxAuthMismatchMessage(deployment.mode, mode));
  }
  started.set(db, deployment);
  return deployment;
}

/**
 * The move from the simulator to DGII (`npm run setup -- --move-to-dgii`, every instance stopped):
 * the database answers to DGII from now on, and what was created before now is the simulator's
 * word. Once: a database already on DGII is left as it is (moved: false).
 */
export async function moveToDgii(
  db: Db,
  now: number = Date.now(),
): Promise<{ moved: boolean; deployment: TaxAuthDeployment }> {
  started.delete(db);
  return db.$transaction(async (tx) => {
    const before = await readDeployment(tx);
    if (before?.mode === "dgii") return { moved: false, deployment: before };
    const at = BigInt(now);
    for (const [key, value] of [
      [MODE_KEY, "dgii"],
      [SIMULATED_UNTIL_KEY, String(now)],
    ] as const) {
      await tx.deploymentSetting.upsert({
        where: { key },
        create: { key, value, updatedAt: at },
        update: { value, updatedAt: at },
      });
    }
    return { moved: true, deployment: { mode: "dgii" as const, simulatedUntil: now } };
  });
}

/** The database's record; before any start recorded it, this instance's TAXAUTH. */
async function currentDeployment(db?: Db): Promise<TaxAuthDeployment> {
  const handle = db ?? (await getDb());
  return (
    started.get(handle) ??
    (await readDeployment(handle)) ?? { mode: loadConfig().taxAuth.mode, simulatedUntil: null }
  );
}

/** Whether a record's answer came from the simulator (a void's answer, its page's mark). */
export async function isSimulatedAnswer(createdAt: number, db?: Db): Promise<boolean> {
  return answeredBySimulator(createdAt, await currentDeployment(db));
}

/** The void records' extension `simulado` (lib/schemas/void-ncf-responses.ts), from their createdAt. */
export async function withSimulatedFields<T extends Record<string, unknown>>(
  records: T[],
): Promise<Array<T & { simulado: boolean }>> {
  if (records.length === 0) return [];
  const deployment = await currentDeployment();
  return records.map((record) => ({
    ...record,
    simulado: answeredBySimulator(Number(record.createdAt), deployment),
  }));
}
