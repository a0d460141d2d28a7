import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { isAppError } from "@/lib/errors";
import { actorOf, byOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { getDb } from "@/lib/server/platform/db";
import { voidRequestEvent } from "@/lib/server/platform/events/void-request-events";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { createVoid, type CreateVoidResult } from "@/lib/server/voids";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";
import type { VoidRequest } from "@/prisma/generated/client";

import { findRequestRow, loadDecidableRequest, notPending } from "./decide";
import { toView, type VoidRequestLastError, type VoidRequestView } from "./void-request-repository";

export interface ApproveResult {
  /** The request after the approval: Enviada with its voidId. */
  request: VoidRequestView;
  /** The void as POST void-ncf answers it (Aceptado, Rechazado, or Error while unconfirmed). */
  result: CreateVoidResult;
}

/**
 * An approver (never the requester) approves a pending request: it is claimed (Pendiente →
 * Aprobada, so two approvers at once cannot both send), then sent through createVoid exactly as any
 * void — the checks run again (ALREADY_VOIDED, SEQUENCE_USED, DGII's maintenance window, the
 * certificate), the ANECF is built and signed now (fechaHoraAnulacion: the one the requester fixed,
 * else now), written ahead, sent and recorded with requestId, approvedByUserId, approvedBy,
 * approvedAt and createdBy = the requester. Once the void record exists the request is Enviada with
 * its voidId, whatever DGII answers; "void.approved" is logged with the void's id and status.
 *
 * When a check refuses the send (nothing stored, nothing sent), the request goes back to Pendiente
 * with `lastError` and the AppError is thrown: an approver may reject it, or approve again later
 * (a maintenance window ends; a range voided meanwhile never passes, so it is rejected or expires).
 */
export async function approveVoidRequest(
  auth: AuthContext,
  environment: Environment,
  requestId: string,
  options: { locale?: Locale; ip?: string | null; now?: number } = {},
): Promise<ApproveResult> {
  const now = options.now ?? Date.now();
  const row = await loadDecidableRequest(auth, environment, requestId, now);
  const db = await getDb();
  const approver = `${auth.actor}`;
  const claimed = await db.voidRequest.updateMany({
    where: { id: row.id, accountId: auth.accountId, status: "Pendiente", expiresAt: { gt: BigInt(now) } },
    data: { status: "Aprobada", decidedByUserId: auth.userId, decidedBy: approver, decidedAt: BigInt(now) },
  });
  if (claimed.count !== 1) {
    const current = await findRequestRow(auth.accountId, environment, requestId);
    throw notPending(requestId, toView(current, now).status);
  }

  let result: CreateVoidResult;
  try {
    result = await createVoid({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body: { json: Buffer.from(JSON.stringify(voidBodyOf(row)), "utf8") },
      createdBy: row.requestedBy,
      locale: options.locale,
      approval: { requestId: row.id, approvedByUserId: auth.userId, approvedBy: approver, approvedAt: now },
      // The approver's approval is what sends it: "void.sent" names the approver and their address.
      activityBy: byOf(auth, options.ip),
    });
  } catch (error) {
    await sentOrBackToPending(row, auth, error, now);
    throw error;
  }
  const voidId = result.attempt.voidId;
  await db.$transaction(async (tx) => {
    await tx.voidRequest.updateMany({
      where: { id: row.id, accountId: auth.accountId },
      data: { status: "Enviada", voidId },
    });
    await writeEvent(
      tx,
      voidRequestEvent(
        "void.request.approved",
        { ...row, status: "Enviada", decidedBy: approver, voidId },
        auth.rnc,
        now,
      ),
    );
    await recordActivity(tx, {
      accountId: auth.accountId,
      organizationId: auth.organizationId,
      environment,
      action: "void.approved",
      actor: actorOf(auth),
      subject: { type: "void-request", id: row.id },
      details: {
        voidId,
        status: result.attempt.status,
        totalVoided: Number(row.totalVoided),
        requestedBy: row.requestedBy,
      },
      ip: options.ip ?? null,
    });
  });
  const sent = await findRequestRow(auth.accountId, environment, requestId);
  return { request: toView(sent, now), result };
}

/**
 * The send after the claim failed. If the write-ahead happened (a void record names the request:
 * the failure came after it), the request is Enviada all the same; otherwise it is Pendiente again,
 * its decision cleared and the refusal kept in lastError.
 */
async function sentOrBackToPending(row: VoidRequest, auth: AuthContext, error: unknown, now: number) {
  const db = await getDb();
  const written = await db.voidRecord.findFirst({
    where: { accountId: auth.accountId, requestId: row.id },
    select: { id: true },
  });
  if (written) {
    await db.voidRequest.updateMany({
      where: { id: row.id, accountId: auth.accountId, status: "Aprobada" },
      data: { status: "Enviada", voidId: written.id },
    });
    await writeEvent(
      db,
      voidRequestEvent(
        "void.request.approved",
        { ...row, status: "Enviada", decidedBy: auth.actor, voidId: written.id },
        auth.rnc,
        now,
      ),
    );
    return;
  }
  const lastError: VoidRequestLastError = {
    code: isAppError(error) ? error.code : "INTERNAL_ERROR",
    message: error instanceof Error ? error.message : String(error),
    at: now,
    by: auth.actor,
  };
  await db.voidRequest.updateMany({
    where: { id: row.id, accountId: auth.accountId, status: "Aprobada" },
    data: {
      status: "Pendiente",
      decidedByUserId: null,
      decidedBy: null,
      decidedAt: null,
      lastError: JSON.parse(JSON.stringify(lastError)) as object,
    },
  });
}

/** The POST void-ncf body the request stands for: its ranges, its fixed fecha, its motivo. */
function voidBodyOf(row: VoidRequest): Record<string, unknown> {
  return {
    ranges: parseStoredRanges(row.ranges).map(({ tipoeCF, secuenciaDesde, secuenciaHasta }) => ({
      tipoeCF,
      secuenciaDesde,
      secuenciaHasta,
    })),
    ...(row.fechaHoraAnulacion !== null ? { fechaHoraAnulacion: row.fechaHoraAnulacion } : {}),
    ...(row.reasonCode !== null
      ? {
          motivo: {
            codigo: row.reasonCode,
            ...(row.reasonText !== null ? { descripcion: row.reasonText } : {}),
          },
        }
      : {}),
  };
}
