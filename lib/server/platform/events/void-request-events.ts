import "server-only";

import type { NewEvent } from "./write-event";

type VoidRequestEventType =
  "void.request.created" | "void.request.approved" | "void.request.rejected" | "void.request.expired";

/** What a void request event says, from the request's row (lib/server/approvals) and the company's RNC. */
export function voidRequestEvent(
  type: VoidRequestEventType,
  request: {
    id: string;
    accountId: string;
    environment: "TesteCF" | "CerteCF" | "eCF";
    status: string;
    totalVoided: bigint | number;
    rangeCount: number;
    requestedBy: string;
    decidedBy?: string | null;
    voidId?: string | null;
  },
  customerId: string,
  now: number,
): NewEvent<VoidRequestEventType> {
  return {
    type,
    accountId: request.accountId,
    environment: request.environment,
    subjectId: request.id,
    now,
    payload: {
      requestId: request.id,
      customerId,
      environment: request.environment,
      status: request.status,
      totalVoided: Number(request.totalVoided),
      rangeCount: request.rangeCount,
      requestedBy: request.requestedBy,
      decidedBy: request.decidedBy ?? null,
      voidId: request.voidId ?? null,
    },
  };
}
