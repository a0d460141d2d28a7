import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { SettledOutcome } from "@/lib/domain/void-settlement";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";

import type { EvidenceFile } from "./settlement-evidence";
import { insertEvidence, insertVoidedBlocks, lockRecordSeries } from "./settlement-repository";
import { lockUnknownRecord, storedRangesOf } from "./unknown-void-rule";
import { voidSettledEvent } from "./void-settled-event";

export interface SettleInput {
  accountId: string;
  environment: Environment;
  voidId: string;
  outcome: SettledOutcome;
  note: string;
  evidence?: EvidenceFile;
  /** The person (user id and how they are shown). */
  userId: string;
  by: string;
  now: number;
  /** For the activity log's "void.settled" (default: the person above). */
  activityBy?: ActivityBy;
}

/**
 * Error → Aceptado/Rechazado by a person, in one transaction: the record's settlement columns (DGII's
 * taxauth* fields untouched), the evidence file, and for Aceptado the ALREADY_VOIDED index rows,
 * exactly as an accepted answer writes them.
 */
export async function settleRecord(input: SettleInput): Promise<void> {
  const db = await getDb();
  // A settled Aceptado is ALREADY_VOIDED for every later void: under the numbers' lock, like DGII's.
  const ranges = await storedRangesOf(input, input.now);
  await db.$transaction(async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    const row = await lockUnknownRecord(tx, input, input.now);
    const settled = await tx.voidRecord.update({
      where: { id: row.id },
      select: { customerId: true, totalVoided: true },
      data: {
        status: input.outcome,
        settledByUserId: input.userId,
        settledBy: input.by,
        settledAt: BigInt(input.now),
        settlementOutcome: input.outcome,
        settlementNote: input.note,
        leaseOwner: null,
        leaseExpiresAt: null,
        updateAt: BigInt(input.now),
      },
    });
    if (input.evidence) {
      await insertEvidence(tx, {
        ...input.evidence,
        voidId: row.id,
        accountId: input.accountId,
        by: input.by,
        now: input.now,
      });
    }
    if (input.outcome === "Aceptado") await insertVoidedBlocks(tx, input, row.id, row.ranges);
    await writeEvent(
      tx,
      voidSettledEvent({
        accountId: input.accountId,
        environment: input.environment,
        voidId: row.id,
        customerId: settled.customerId,
        status: input.outcome,
        via: "manual",
        totalVoided: Number(settled.totalVoided),
        dgiiCode: null,
        settledBy: input.by,
        now: input.now,
      }),
    );
    const by = input.activityBy ?? { actor: { type: "user" as const, id: input.userId, label: input.by } };
    await recordActivity(tx, {
      accountId: input.accountId,
      environment: input.environment,
      action: "void.settled",
      actor: by.actor,
      subject: { type: "void", id: row.id },
      details: { via: "manual", status: input.outcome, evidence: input.evidence !== undefined },
      ip: by.ip ?? null,
    });
  });
}
