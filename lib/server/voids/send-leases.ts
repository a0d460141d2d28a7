import "server-only";
import { randomUUID } from "node:crypto";
import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { getDb } from "@/lib/server/db";
import { inFlightVoidIds } from "./in-flight";
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
  const rows = await db.$queryRaw<InterruptedAttempt[]>`
    UPDATE "VoidRecord"
    SET "errorCode" = 'INTERRUPTED', "errorMessage" = ${STORED_VOID_MESSAGES.interrupted},
        "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updateAt" = ${BigInt(now)}
    WHERE "status" = 'Error' AND "leaseExpiresAt" < ${BigInt(now)}
    RETURNING "id" AS "voidId", "accountId", "customerId", "environment"::text AS "environment"`;
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
  const { count } = await db.voidRecord.updateMany({
    where: { id: { in: voidIds }, leaseOwner: instanceId(), status: "Error" },
    data: {
      errorCode: "INTERRUPTED",
      errorMessage: STORED_VOID_MESSAGES.interrupted,
      leaseOwner: null,
      leaseExpiresAt: null,
      updateAt: BigInt(now),
    },
  });
  return count;
}

/** Renew, then sweep, every third of a lease (runtime start); failures are logged and retried next tick. */
export function startLeaseKeeper(): void {
  if (holder.__anulaLeaseTimer) return;
  const tick = async () => {
    try {
      await renewLeases();
      await sweepExpiredLeases();
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
  void tick(); // records left by a previous run of this instance are swept once their lease is over
}

/** Shutdown: no heartbeat once the database is closing. */
export function stopLeaseKeeper(): void {
  if (holder.__anulaLeaseTimer) clearInterval(holder.__anulaLeaseTimer);
  holder.__anulaLeaseTimer = undefined;
}
