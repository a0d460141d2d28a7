import "server-only";

import type { SettledBy } from "@/lib/domain/void-settlement";
import { getDb } from "@/lib/server/platform/db";

import type { VoidRecordView } from "./types";

/** What a void's status's words need of its record (lib/i18n/void-status `voidStatusLabel`). */
export interface VoidStatusFactsRow {
  status: VoidRecordView["status"];
  errorCode: string | null;
  /** DGII's partial success: the record has excepted ranges. */
  partial: boolean;
  settledBy: SettledBy | null;
  needsReview: boolean;
}

/**
 * The status facts of some voids, by voidId, in one query: each wanted (company, voidId) pair, so
 * an overview of several companies (the organization's) reads them at once and a voidId of another
 * company is absent. A person's settlement names its user (settleRecord); a resend that DGII accepted
 * settles the record with no user (finishResend).
 */
export async function findVoidStatusFacts(
  wanted: ReadonlyArray<{ accountId: string; voidId: string }>,
): Promise<Map<string, VoidStatusFactsRow>> {
  const facts = new Map<string, VoidStatusFactsRow>();
  if (wanted.length === 0) return facts;
  const db = await getDb();
  const rows = await db.voidRecord.findMany({
    where: {
      id: { in: [...new Set(wanted.map((one) => one.voidId))] },
      accountId: { in: [...new Set(wanted.map((one) => one.accountId))] },
    },
    select: {
      id: true,
      accountId: true,
      status: true,
      errorCode: true,
      totalExcepted: true,
      settledAt: true,
      settledByUserId: true,
      needsReview: true,
    },
  });
  const pairs = new Set(wanted.map((one) => `${one.accountId} ${one.voidId}`));
  for (const row of rows) {
    if (!pairs.has(`${row.accountId} ${row.id}`)) continue;
    facts.set(row.id, {
      status: row.status,
      errorCode: row.errorCode,
      partial: row.totalExcepted !== null,
      settledBy: row.settledAt === null ? null : row.settledByUserId === null ? "resend" : "hand",
      needsReview: row.needsReview,
    });
  }
  return facts;
}
