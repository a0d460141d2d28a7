import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { voidReasonOf, type VoidReason } from "@/lib/domain/void-reasons";
import { isVoidRequestStatus, type VoidRequestStatus } from "@/lib/domain/void-requests";
import type { LedgerWarning } from "@/lib/server/ledger";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";
import type { VoidRangeView } from "@/lib/server/voids";
import type { VoidRequest } from "@/prisma/generated/client";

/**
 * Void requests as the application sees them (numbers instead of BigInt). Every query of this
 * module is scoped by accountId (the caller's company) and the environment: company isolation.
 */

/** The pre-void checks stored with a request, shown to the approver. */
export interface VoidRequestChecks {
  /** When they ran (the request's creation). */
  checkedAt: number;
  /** Ranges outside every authorization entered (a warning, never a refusal). */
  warnings: LedgerWarning[];
  /**
   * Series+type of the ranges ("E31") with no authorization entered when the request was made:
   * they were not checked against any. Absent on requests stored before it was kept (unknown).
   */
  unauthorized?: string[];
}

/** Why the send after an approval was refused before any void existed (the request stayed Pendiente). */
export interface VoidRequestLastError {
  code: string;
  message: string;
  at: number;
  /** The approver whose attempt failed. */
  by: string;
}

export interface VoidRequestSummary {
  requestId: string;
  accountId: string;
  environment: Environment;
  /** The effective status: a Pendiente past expiresAt reads Vencida even before the sweep. */
  status: VoidRequestStatus;
  rangeCount: number;
  totalVoided: number;
  reason: VoidReason | null;
  /** null: the approval's instant is signed. */
  fechaHoraAnulacion: string | null;
  requestedByUserId: string;
  requestedBy: string;
  requestedAt: number;
  expiresAt: number;
  decidedByUserId: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  rejectionReason: string | null;
  voidId: string | null;
  checks: VoidRequestChecks;
  lastError: VoidRequestLastError | null;
}

/** A request with its ranges (one request: its ranges may be 100,000 lines). */
export interface VoidRequestView extends VoidRequestSummary {
  ranges: VoidRangeView[];
}

export type VoidRequestRow = Omit<VoidRequest, "ranges">;

export function toSummary(row: VoidRequestRow, now = Date.now()): VoidRequestSummary {
  const stored = isVoidRequestStatus(row.status) ? row.status : "Pendiente";
  const expiresAt = Number(row.expiresAt);
  const checks = (row.checks ?? {}) as Partial<VoidRequestChecks>;
  return {
    requestId: row.id,
    accountId: row.accountId,
    environment: row.environment,
    status: stored === "Pendiente" && expiresAt <= now ? "Vencida" : stored,
    rangeCount: row.rangeCount,
    totalVoided: Number(row.totalVoided),
    reason: voidReasonOf(row),
    fechaHoraAnulacion: row.fechaHoraAnulacion,
    requestedByUserId: row.requestedByUserId,
    requestedBy: row.requestedBy,
    requestedAt: Number(row.requestedAt),
    expiresAt,
    decidedByUserId: row.decidedByUserId,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
    rejectionReason: row.rejectionReason,
    voidId: row.voidId,
    checks: {
      checkedAt: checks.checkedAt ?? Number(row.requestedAt),
      warnings: checks.warnings ?? [],
      ...(Array.isArray(checks.unauthorized) ? { unauthorized: checks.unauthorized } : {}),
    },
    lastError: (row.lastError ?? null) as VoidRequestLastError | null,
  };
}

export function toView(row: VoidRequest, now = Date.now()): VoidRequestView {
  const { ranges, ...rest } = row;
  return { ...toSummary(rest, now), ranges: parseStoredRanges(ranges) };
}
