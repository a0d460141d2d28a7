import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { decisionRefusal, isVoidRequestStatus } from "@/lib/domain/void-requests";
import { AppError } from "@/lib/errors";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { requirePermission } from "@/lib/server/auth";
import { getDb } from "@/lib/server/platform/db";
import type { VoidRequest } from "@/prisma/generated/client";

import { expireVoidRequests } from "./expire-void-requests";

/**
 * What approving and rejecting share: the request of the caller's company, and the refusals in
 * order — 403 FORBIDDEN (the caller's roles do not approve), 404 VOID_REQUEST_NOT_FOUND, 403
 * REQUESTER_CANNOT_APPROVE, 409 VOID_REQUEST_NOT_PENDING (an expired one is marked Vencida first).
 */
export async function loadDecidableRequest(
  auth: AuthContext,
  environment: Environment,
  requestId: string,
  now: number,
): Promise<VoidRequest> {
  requirePermission(auth, "voids.approve");
  const db = await getDb();
  await expireVoidRequests(db, now, { accountId: auth.accountId });
  const row = await findRequestRow(auth.accountId, environment, requestId);
  const status = isVoidRequestStatus(row.status) ? row.status : "Pendiente";
  const refusal = decisionRefusal(
    { status, requestedByUserId: row.requestedByUserId },
    auth.userId,
    auth.roles,
  );
  if (refusal === "REQUESTER") {
    throw new AppError(
      "REQUESTER_CANNOT_APPROVE",
      "Nadie aprueba ni rechaza su propia solicitud de anulación: debe hacerlo otra persona con rol aprobador.",
      { extra: { requestId } },
    );
  }
  if (refusal === "NOT_PENDING") throw notPending(row.id, status);
  return row;
}

export function notPending(requestId: string, status: string): AppError {
  const why: Record<string, string> = {
    Aprobada: "ya fue aprobada y se está enviando",
    Enviada: "ya fue aprobada y enviada",
    Rechazada: "fue rechazada",
    Vencida: "venció sin decisión",
  };
  return new AppError(
    "VOID_REQUEST_NOT_PENDING",
    `La solicitud de anulación ${requestId} ${why[status] ?? "no está pendiente"}; ya no se puede aprobar ni rechazar.`,
    { extra: { requestId, status } },
  );
}

/** The request of the company and environment, or 404 VOID_REQUEST_NOT_FOUND. */
export async function findRequestRow(
  accountId: string,
  environment: Environment,
  requestId: string,
): Promise<VoidRequest> {
  const db = await getDb();
  const row = await db.voidRequest.findFirst({ where: { id: requestId, accountId, environment } });
  if (!row) {
    throw new AppError(
      "VOID_REQUEST_NOT_FOUND",
      `No existe la solicitud de anulación ${requestId} en ${environment}.`,
      { extra: { requestId } },
    );
  }
  return row;
}
