import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { recordActivity, SYSTEM_ACTOR } from "@/lib/server/platform/activity/record-activity";
import type { PrismaClient } from "@/lib/server/platform/db";
import { voidRequestEvent } from "@/lib/server/platform/events/void-request-events";
import { writeEvents } from "@/lib/server/platform/events/write-event";

/** Requests expired per statement: a sweep after a long outage works in bounded steps. */
export const EXPIRE_BATCH = 500;

/**
 * An approval ("Aprobada") whose send never produced a void record this long after the decision
 * was interrupted (the instance died between the approval and the write-ahead).
 */
export const INTERRUPTED_APPROVAL_MS = 10 * 60_000;

/**
 * Pendiente requests whose expiresAt has passed become Vencida, each with a "void.expired" entry
 * (actor: the system) in the same transaction. Run by the periodic sweep (start-runtime.ts) for every
 * company, and before each read of one company's requests (`accountId`) so what is listed, filtered
 * and decided is never stale. Returns how many expired.
 */
export async function expireVoidRequests(
  db: PrismaClient,
  now: number,
  scope: { accountId?: string } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        Array<{
          id: string;
          accountId: string;
          environment: Environment;
          expiresAt: bigint;
          totalVoided: bigint;
          rangeCount: number;
          requestedBy: string;
          rnc: string;
        }>
      >`
        UPDATE "VoidRequest" SET "status" = 'Vencida'
        WHERE "id" IN (
          SELECT "id" FROM "VoidRequest"
          WHERE "status" = 'Pendiente' AND "expiresAt" <= ${BigInt(now)}
            AND (${scope.accountId ?? null}::text IS NULL OR "accountId" = ${scope.accountId ?? null}::text)
          ORDER BY "expiresAt" LIMIT ${EXPIRE_BATCH}
        ) AND "status" = 'Pendiente'
        RETURNING "id", "accountId", "environment", "expiresAt", "totalVoided", "rangeCount", "requestedBy",
          (SELECT "rnc" FROM "Account" WHERE "Account"."id" = "VoidRequest"."accountId") AS "rnc"`;
      for (const row of rows) {
        await recordActivity(tx, {
          accountId: row.accountId,
          environment: row.environment,
          action: "void.expired",
          actor: SYSTEM_ACTOR,
          subject: { type: "void-request", id: row.id },
          details: { expiresAt: Number(row.expiresAt) },
        });
      }
      await writeEvents(
        tx,
        rows.map((row) =>
          voidRequestEvent("void.request.expired", { ...row, status: "Vencida" }, row.rnc, now),
        ),
      );
      return rows.length;
    });
    total += expired;
    if (expired < EXPIRE_BATCH) return total;
  }
}

/**
 * Approvals interrupted before their void existed go back to Pendiente (someone approves again);
 * those whose void record exists (found by VoidRecord.requestId) become Enviada with its voidId.
 * Returns how many were fixed.
 */
export async function recoverInterruptedApprovals(db: PrismaClient, now: number): Promise<number> {
  const stuck = await db.voidRequest.findMany({
    where: { status: "Aprobada", decidedAt: { lt: BigInt(now - INTERRUPTED_APPROVAL_MS) } },
    select: { id: true, accountId: true },
    take: EXPIRE_BATCH,
  });
  for (const request of stuck) {
    const sent = await db.voidRecord.findFirst({
      where: { accountId: request.accountId, requestId: request.id },
      select: { id: true },
    });
    await db.voidRequest.updateMany({
      where: { id: request.id, accountId: request.accountId, status: "Aprobada" },
      data: sent
        ? { status: "Enviada", voidId: sent.id }
        : {
            status: "Pendiente",
            decidedAt: null,
            decidedBy: null,
            decidedByUserId: null,
            lastError: {
              code: "INTERRUPTED",
              message: "La aprobación se interrumpió antes de enviar la anulación; no se envió nada.",
              at: now,
              by: "Anula",
            },
          },
    });
  }
  return stuck.length;
}

/** The periodic sweep (start-runtime.ts): expiry, then interrupted approvals. */
export async function sweepVoidRequests(db: PrismaClient, now = Date.now()): Promise<void> {
  await expireVoidRequests(db, now);
  await recoverInterruptedApprovals(db, now);
}
