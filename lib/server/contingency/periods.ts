import "server-only";

import type { DeclaredPeriod } from "@/lib/domain/ecf-deadline";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb, inTransaction, type Prisma } from "@/lib/server/platform/db";

/** A declared connectivity contingency as the portal and the API show it. */
export interface ContingencyPeriodView {
  id: string;
  environment: Environment;
  declaredAt: number;
  declaredBy: string;
  endedAt: number | null;
  endedBy: string | null;
}

/** The most periods a settings page lists (newest first). */
export const PERIODS_SHOWN = 50;

type Row = {
  id: string;
  environment: Environment;
  declaredAt: bigint;
  declaredBy: string;
  endedAt: bigint | null;
  endedBy: string | null;
};

const viewOf = (row: Row): ContingencyPeriodView => ({
  id: row.id,
  environment: row.environment,
  declaredAt: Number(row.declaredAt),
  declaredBy: row.declaredBy,
  endedAt: row.endedAt === null ? null : Number(row.endedAt),
  endedBy: row.endedBy,
});

/**
 * Declares a connectivity contingency of the company in one environment, from now (Informe Técnico
 * §19): e-CF signed from now on print DGII's legend and must reach DGII within 72 hours. The instant
 * is Anula's, never the caller's, so a declaration never reaches back over e-CF already printed.
 * CONTINGENCY_ALREADY_DECLARED when one is open. Logged (contingency.declared) in the same transaction.
 */
export async function declareContingency(
  accountId: string,
  environment: Environment,
  by: ActivityBy,
  now = Date.now(),
): Promise<ContingencyPeriodView> {
  return underCompanyLock(accountId, environment, async (tx, open) => {
    if (open) {
      throw new AppError(
        "CONTINGENCY_ALREADY_DECLARED",
        `Ya hay una contingencia declarada en ${environment} desde el ${new Date(Number(open.declaredAt)).toISOString()}.`,
      );
    }
    const row = await tx.contingencyPeriod.create({
      data: { accountId, environment, declaredAt: BigInt(now), declaredBy: by.actor.label ?? "?" },
    });
    await recordActivity(tx, {
      accountId,
      environment,
      action: "contingency.declared",
      actor: by.actor,
      ip: by.ip,
      subject: { type: "contingency", id: row.id },
      details: { declaredAt: new Date(now).toISOString() },
    });
    return viewOf(row);
  });
}

/**
 * Ends the open contingency of the environment, now: e-CF signed from now on are sent at issuance.
 * CONTINGENCY_NOT_DECLARED when none is open. Logged (contingency.ended).
 */
export async function endContingency(
  accountId: string,
  environment: Environment,
  by: ActivityBy,
  now = Date.now(),
): Promise<ContingencyPeriodView> {
  return underCompanyLock(accountId, environment, async (tx, open) => {
    if (!open) {
      throw new AppError("CONTINGENCY_NOT_DECLARED", `No hay una contingencia declarada en ${environment}.`);
    }
    // A period never ends before it began (two clocks a millisecond apart).
    const endedAt = BigInt(Math.max(now, Number(open.declaredAt)));
    const row = await tx.contingencyPeriod.update({
      where: { id: open.id },
      data: { endedAt, endedBy: by.actor.label ?? "?" },
    });
    await recordActivity(tx, {
      accountId,
      environment,
      action: "contingency.ended",
      actor: by.actor,
      ip: by.ip,
      subject: { type: "contingency", id: row.id },
      details: {
        declaredAt: new Date(Number(row.declaredAt)).toISOString(),
        endedAt: new Date(Number(endedAt)).toISOString(),
      },
    });
    return viewOf(row);
  });
}

/** The environment's periods, newest first (the open one, if any, first). */
export async function listContingencies(
  accountId: string,
  environment: Environment,
  take = PERIODS_SHOWN,
): Promise<ContingencyPeriodView[]> {
  const db = await getDb();
  const rows = await db.contingencyPeriod.findMany({
    where: { accountId, environment },
    orderBy: [{ declaredAt: "desc" }, { id: "desc" }],
    take,
  });
  return rows.map(viewOf);
}

/**
 * The periods that may hold a signing instant from `since` on (for deriving "issued in contingency"):
 * those not ended before it.
 */
export async function periodsSince(
  accountId: string,
  environment: Environment,
  since: number,
): Promise<DeclaredPeriod[]> {
  const db = await getDb();
  const rows = await db.contingencyPeriod.findMany({
    where: { accountId, environment, OR: [{ endedAt: null }, { endedAt: { gt: BigInt(since) } }] },
    select: { declaredAt: true, endedAt: true },
  });
  return rows.map((row) => ({
    declaredAt: Number(row.declaredAt),
    endedAt: row.endedAt === null ? null : Number(row.endedAt),
  }));
}

/**
 * Runs `work` with the environment's open period (or null), declarations and ends of one company
 * serialized by a lock on its row: never two open periods in one environment.
 */
async function underCompanyLock<T>(
  accountId: string,
  environment: Environment,
  work: (tx: Prisma.TransactionClient, open: Row | null) => Promise<T>,
): Promise<T> {
  return inTransaction(await getDb(), async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Account" WHERE "id" = ${accountId} FOR UPDATE`;
    const open = await tx.contingencyPeriod.findFirst({ where: { accountId, environment, endedAt: null } });
    return work(tx, open);
  });
}
