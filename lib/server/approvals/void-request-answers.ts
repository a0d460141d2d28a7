import "server-only";

import { clientAddressOf, UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";
import type { HttpAnswer } from "@/lib/server/voids";

import type { VoidRequestSummary, VoidRequestView } from "./void-request-repository";

/**
 * The void-request endpoints' HTTP shapes (extensions, documented in the OpenAPI document): a
 * request as GET …/void-requests lists it (no ranges) and as …/{requestId} returns it (with them),
 * and POST void-ncf's answers when the approval policy holds a void: 409 APPROVAL_REQUIRED, or 202
 * with the request for a client that sent `Prefer: respond-async`.
 */

export const APPROVAL_MESSAGES = {
  held: (requestId: string) =>
    `La política de aprobación de la empresa retiene esta anulación: se creó la solicitud ${requestId}, ` +
    "que otra persona con rol aprobador debe aprobar. No se firmó ni se envió nada; consulte su estado en " +
    "GET …/customer/void-requests/{requestId}.",
} as const;

export function voidRequestItem(request: VoidRequestSummary | VoidRequestView): Record<string, unknown> {
  return {
    requestId: request.requestId,
    status: request.status,
    environment: request.environment,
    totalVoided: request.totalVoided,
    rangeCount: request.rangeCount,
    ...("ranges" in request ? { ranges: request.ranges } : {}),
    motivo: request.reason ? { codigo: request.reason.code, descripcion: request.reason.text } : null,
    fechaHoraAnulacion: request.fechaHoraAnulacion,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
    expiresAt: request.expiresAt,
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt,
    rejectionReason: request.rejectionReason,
    voidId: request.voidId,
    warnings: request.checks.warnings,
    lastError: request.lastError
      ? { code: request.lastError.code, message: request.lastError.message, at: request.lastError.at }
      : null,
  };
}

/** GET …/void-requests: `{ items, nextToken?, metadata: { itemsPerPage } }` like the void list. */
export function voidRequestListBody(page: {
  items: VoidRequestSummary[];
  nextToken?: string;
  limit: number;
}): Record<string, unknown> {
  return {
    items: page.items.map(voidRequestItem),
    ...(page.nextToken !== undefined ? { nextToken: page.nextToken } : {}),
    metadata: { itemsPerPage: page.limit },
  };
}

/**
 * POST void-ncf's answer when the policy holds the void: 409 APPROVAL_REQUIRED with the request's
 * id (a non-2xx answer, so a client that knows nothing of approvals never records a void that did
 * not happen), or 202 with the request and its Location for a client that asked respond-async.
 */
export function heldVoidAnswer(
  request: VoidRequestView,
  respondAsync: boolean,
  location: string,
): HttpAnswer & { headers: Record<string, string> } {
  const message = APPROVAL_MESSAGES.held(request.requestId);
  if (respondAsync) {
    return {
      status: 202,
      headers: { location, "preference-applied": "respond-async" },
      body: { message, ...voidRequestItem(request) },
    };
  }
  return {
    status: 409,
    headers: { location },
    body: {
      message,
      code: "APPROVAL_REQUIRED",
      requestId: request.requestId,
    },
  };
}

/** The client address of a REST request for the activity log (null when unknown). */
export function requestIpOf(request: Request): string | null {
  const address = clientAddressOf(request);
  return address === UNKNOWN_ADDRESS ? null : address;
}
