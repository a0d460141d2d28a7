import "server-only";

import { getDb } from "@/lib/server/platform/db";

/** Who asked for and who approved a void sent by approving a request. */
export interface VoidApprovalFacts {
  requestId: string;
  environment: string;
  requestedBy: string;
  approvedBy: string;
  approvedAt: number;
}

/**
 * The approval behind one of the company's voids, or null for a void sent without approval. Scoped
 * by the company: another company's voidId has none.
 */
export async function voidApprovalOf(accountId: string, voidId: string): Promise<VoidApprovalFacts | null> {
  const db = await getDb();
  const record = await db.voidRecord.findFirst({
    where: { id: voidId, accountId },
    select: { requestId: true, approvedBy: true, approvedAt: true, environment: true },
  });
  if (!record?.requestId || record.approvedBy === null || record.approvedAt === null) return null;
  const request = await db.voidRequest.findFirst({
    where: { id: record.requestId, accountId },
    select: { requestedBy: true },
  });
  return {
    requestId: record.requestId,
    environment: record.environment,
    requestedBy: request?.requestedBy ?? "",
    approvedBy: record.approvedBy,
    approvedAt: Number(record.approvedAt),
  };
}
