import "server-only";
import { randomUUID } from "node:crypto";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import type { Environment } from "@/lib/domain/environments";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { writeEvents, type NewEvent } from "@/lib/server/platform/events/write-event";
import { inFlightVoidIds } from "../platform/ops/in-flight";
import { STORED_VOID_MESSAGES } from "./types";

/**
 * Send leases: who is still waiting on DGII for an Error record. The write-ahead takes a lease for
 * this process; while the send waits, a heartbeat renews it; its outcome releases it. A lease that
 * runs out means its instance died (SIGKILL, crash, a shutdown that had to give up): no answer can
 * reach that record any more, so the sweep marks it INTERRUPTED and says what to do instead of
 * promising an update that will not come. A living instance renews every third of the lease, so
 * its sends are never marked — on one instance or on many sharing PostgreSQL.
 */

const holder = globalThis as typeof globalThis & {
  __anulaInstanceId?: string;
  __anulaLeaseTimer?: NodeJS.Timeout;
};

/** This process's identity in leases (new at every start: a restarted instance owns nothing). */
export function instanceId(): string {
  holder.__anulaInstanceId ??= `${process.pid}-${randomUUID()}`;
  return holder.__anulaInstanceId;
}

export function leaseMs(): number {
  return loadConfig().voidSendLeaseMs;
}

/** Renews the leases of the sends this process still waits on; returns how many were renewed. */
export async function renewLeases(now = Date.now()): Promise<number> {
  const voidIds = inFlightVoidIds();
  if (voidIds.length === 0) return 0;
  const db = await getDb();
  const { count } = await db.voidRecord.updateMany({
    where: { id: { in: voidIds }, leaseOwner: instanceId(), status: "Error" },
    data: { leaseExpiresAt: BigInt(now + leaseMs()) },
  });
  return count;
}

export interface InterruptedAttempt {
  voidId: string;
  accountId: string;
  customerId: string;
  environment: string;
}

/**
 * Marks INTERRUPTED every Error record whose lease has run out (its instance is gone). One
 * statement, so two instances sweeping at once mark each record once. Records that are already
 * final are never touched.
 */
export async function sweepExpiredLeases(now = Date.now()): Promise<InterruptedAttempt[]> {
  const db = await getDb();
  // The records and their void.interrupted events in one transaction.
  const rows = await inTransaction(db, async (tx) => {
    const swept = await tx.$queryRaw<InterruptedAttempt[]>`
      UPDATE "VoidRecord"
      SET "errorCode" = 'INTERRUPTED', "errorMessage" = ${STORED_VOID_MESSAGES.interrupted},
          "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updateAt" = ${BigInt(now)}
      WHERE "status" = 'Error' AND "leaseExpiresAt" < ${BigInt(now)}
      RETURNING "id" AS "voidId", "accountId", "customerId", "environment"::text AS "environment"`;
    await writeEvents(
      tx,
      swept.map((row) => interruptedEvent(row, "lease_expired", now)),
    );
    return swept;
  });
  for (const row of rows) {
    logger.warn(
      { voidId: row.voidId, rnc: row.customerId, environment: row.environment },
      "void interrupted: the instance waiting for DGII's answer is gone",
    );
  }
  return rows;
}

/**
 * Shutdown gave up on these sends: this process is about to stop waiting, so it says so at once
 * (the sweep of another instance, or of this one after a restart, would say the same a lease later).
 */
export async function interruptAbandonedSends(now = Date.now()): Promise<number> {
  const voidIds = inFlightVoidIds();
  if (voidIds.length === 0) return 0;
  const db = await getDb();
  const rows = await inTransaction(db, async (tx) => {
    const interrupted = await tx.$queryRaw<InterruptedAttempt[]>`
      UPDATE "VoidRecord"
      SET "errorCode" = 'INTERRUPTED', "errorMessage" = ${STORED_VOID_MESSAGES.interrupted},
          "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updateAt" = ${BigInt(now)}
      WHERE "id" = ANY(${voidIds}::text[]) AND "leaseOwner" = ${instanceId()} AND "status" = 'Error'
      RETURNING "id" AS "voidId", "accountId", "customerId", "environment"::text AS "environment"`;
    await writeEvents(
      tx,
      interrupted.map((row) => interruptedEvent(row, "shutdown", now)),
    );
    return interrupted;
  });
  return rows.length;
}

function interruptedEvent(
  row: InterruptedAttempt,
  via: "lease_expired" | "shutdown",
  now: number,
): NewEvent<"void.interrupted"> {
  const environment = row.environment as Environment;
  return {
    type: "void.interrupted",
    accountId: row.accountId,
    environment,
    subjectId: row.voidId,
    now,
    payload: {
      voidId: row.voidId,
      customerId: row.customerId,
      environment,
      status: "Error",
      errorCode: "INTERRUPTED",
      via,
    },
  };
}

/**
 * Renews this instance's leases every third of a lease (runtime start); failures are logged and
 * retried next tick. The sweep is not here: it is a recurring job of the queue (lib/server/platform/jobs),
 * run once per period across all instances.
 */
export function startLeaseKeeper(): void {
  if (holder.__anulaLeaseTimer) return;
  const tick = async () => {
    try {
      await renewLeases();
    } catch (error) {
      logger.error({ err: error }, "Send lease heartbeat failed");
    }
  };
  let running = false;
  holder.__anulaLeaseTimer = setInterval(
    () => {
      if (running) return;
      running = true;
      void tick().finally(() => {
        running = false;
      });
    },
    Math.max(100, Math.floor(leaseMs() / 3)),
  );
  holder.__anulaLeaseTimer.unref();
}

/** Shutdown: no heartbeat once the database is closing. */
export function stopLeaseKeeper(): void {
  if (holder.__anulaLeaseTimer) clearInterval(holder.__anulaLeaseTimer);
  holder.__anulaLeaseTimer = undefined;
}
