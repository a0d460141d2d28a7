import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { SettledOutcome } from "@/lib/domain/void-settlement";
import { AppError } from "@/lib/errors";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { writeEvent } from "@/lib/server/platform/events/write-event";

import { refuseWhileOverlappingSend } from "./locked-write-ahead";
import type { PartialSplit } from "./partial-success";
import {
  flagIfDisagrees,
  insertVoidedBlocks,
  lockRecordSeries,
  nextAttemptNumber,
} from "./settlement-repository";
import { refuseUnlessUnknown, storedRangesOf } from "./unknown-void-rule";
import { voidSettledEvent } from "./void-settled-event";

/*
 * A resend of a void whose outcome is unknown, as two writes around DGII's exchange: the lease and the
 * attempt taken under the numbers' lock, then DGII's answer (settling the record when it accepts).
 */

/**
 * Takes the send lease of an unknown record for a resend (one statement: of two resends, or a
 * resend and a send still waiting, one wins) and stores the attempt; the loser gets the 409 that
 * says why.
 */
export async function beginResend(input: {
  accountId: string;
  environment: Environment;
  voidId: string;
  requestedBy: string;
  lease: { owner: string; expiresAt: number };
  now: number;
}): Promise<{
  attemptNumber: number;
  customerId: string;
  fileName: string;
  signedXmlGzip: string;
  /** The record's stored ranges: what was sent, against which a partial success is split. */
  ranges: string;
}> {
  const db = await getDb();
  const ranges = await storedRangesOf(input, input.now);
  // Under the locks of its series+types, as a new void's write-ahead: no other send of these
  // numbers may start meanwhile, and none may be waiting for DGII (409 VOID_IN_PROGRESS).
  const taken = await inTransaction(db, async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    const lease = await tx.voidRecord.updateMany({
      where: {
        id: input.voidId,
        accountId: input.accountId,
        environment: input.environment,
        status: "Error",
        settledAt: null,
        OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lte: BigInt(input.now) } }],
      },
      data: { leaseOwner: input.lease.owner, leaseExpiresAt: BigInt(input.lease.expiresAt) },
    });
    // Another void of these numbers still waiting for DGII: refused, the lease taken back (rollback).
    if (lease.count === 1) {
      await refuseWhileOverlappingSend(
        input.accountId,
        input.environment,
        { storedRanges: ranges },
        input.now,
        input.voidId,
      );
    }
    return lease;
  });
  if (taken.count === 0) {
    const row = await db.voidRecord.findFirst({
      where: { id: input.voidId, accountId: input.accountId, environment: input.environment },
      select: { status: true, settledAt: true, leaseExpiresAt: true },
    });
    refuseUnlessUnknown(row, input, input.now);
    // It changed between the two reads: say it is busy rather than guess.
    throw new AppError("VOID_IN_PROGRESS", `La anulación ${input.voidId} está ocupada; intente de nuevo.`);
  }
  const record = await db.voidRecord.findFirstOrThrow({
    where: { id: input.voidId, accountId: input.accountId },
    select: { customerId: true, fileName: true, signedXmlGzip: true, ranges: true },
  });
  const attemptNumber = await nextAttemptNumber(db, input.voidId);
  await db.voidSendAttempt.create({
    data: {
      voidId: input.voidId,
      accountId: input.accountId,
      attemptNumber,
      kind: "resend",
      requestedBy: input.requestedBy,
      startedAt: BigInt(input.now),
    },
  });
  return { attemptNumber, ...record };
}

export type ExchangeResult =
  | {
      outcome: SettledOutcome;
      codigo: string;
      nombre: string;
      mensajes: string[];
      /** DGII's partial success (Aceptado only), split against what was sent (partial-success.ts). */
      partial?: PartialSplit;
    }
  | { outcome: "Error"; errorCode: string; errorMessage: string; mensajes?: string[] };

/**
 * A resend's answer. Aceptado settles the record (by the resend, DGII's fields kept on the attempt,
 * the ALREADY_VOIDED rows written) unless someone settled it meanwhile — then it is only the
 * attempt's answer and a disagreement flags the record for review. A partial success settles it the
 * way a first send's does: `ranges` / `totalVoided` become what DGII voided, `excepted` /
 * `totalExcepted` what it did not, and only the voided ranges get ALREADY_VOIDED rows. Any rejection
 * or failure is only the attempt's answer: the record stays Error. The lease is released either way.
 */
export async function finishResend(input: {
  accountId: string;
  environment: Environment;
  voidId: string;
  attemptNumber: number;
  requestedBy: string;
  leaseOwner: string;
  result: ExchangeResult;
  now: number;
  /** For the activity log's "void.settled" when the resend is accepted (default: requestedBy). */
  activityBy?: ActivityBy;
}): Promise<void> {
  const db = await getDb();
  const result = input.result;
  // Releasing the lease and an acceptance change what a write-ahead of these numbers checks.
  const ranges = await storedRangesOf(input, input.now);
  await db.$transaction(async (tx) => {
    await lockRecordSeries(tx, input, ranges);
    await tx.voidSendAttempt.update({
      where: { voidId_attemptNumber: { voidId: input.voidId, attemptNumber: input.attemptNumber } },
      data: {
        finishedAt: BigInt(input.now),
        outcome: result.outcome,
        ...(result.outcome === "Error"
          ? {
              errorCode: result.errorCode,
              errorMessage: result.errorMessage,
              taxauthResponse: result.mensajes ?? [],
            }
          : { taxauthCode: result.codigo, taxauthName: result.nombre, taxauthResponse: result.mensajes }),
      },
    });
    await tx.voidRecord.updateMany({
      where: { id: input.voidId, accountId: input.accountId, leaseOwner: input.leaseOwner },
      data: { leaseOwner: null, leaseExpiresAt: null },
    });
    if (result.outcome !== "Aceptado") return;
    const partial = result.partial;
    const settled = await tx.voidRecord.updateMany({
      where: { id: input.voidId, accountId: input.accountId, status: "Error", settledAt: null },
      data: {
        status: "Aceptado",
        settledBy: input.requestedBy,
        settledAt: BigInt(input.now),
        settlementOutcome: "Aceptado",
        settlementNote: partial
          ? `Aceptado en parte por la DGII en el reenvío n.º ${input.attemptNumber} del mismo documento firmado: ` +
            `${partial.totalExcepted} secuencia(s) exceptuada(s) no cuentan como anuladas por este registro; ` +
            "verifíquelas en la Oficina Virtual antes de anularlas de nuevo."
          : `Aceptado por la DGII en el reenvío n.º ${input.attemptNumber} del mismo documento firmado.`,
        ...(partial
          ? {
              ranges: partial.storedRanges,
              rangeCount: partial.ranges.length,
              totalVoided: BigInt(partial.totalVoided),
              excepted: partial.storedExcepted,
              totalExcepted: BigInt(partial.totalExcepted),
            }
          : {}),
        updateAt: BigInt(input.now),
      },
    });
    if (settled.count === 1) {
      const { ranges, customerId, totalVoided } = await tx.voidRecord.findFirstOrThrow({
        where: { id: input.voidId },
        select: { ranges: true, customerId: true, totalVoided: true },
      });
      await insertVoidedBlocks(tx, input, input.voidId, ranges);
      await writeEvent(
        tx,
        voidSettledEvent({
          accountId: input.accountId,
          environment: input.environment,
          voidId: input.voidId,
          customerId,
          status: "Aceptado",
          via: "resend",
          totalVoided: Number(totalVoided),
          dgiiCode: result.codigo,
          settledBy: input.requestedBy,
          now: input.now,
        }),
      );
      const by = input.activityBy ?? { actor: { type: "user" as const, id: null, label: input.requestedBy } };
      await recordActivity(tx, {
        accountId: input.accountId,
        environment: input.environment,
        action: "void.settled",
        actor: by.actor,
        subject: { type: "void", id: input.voidId },
        details: {
          via: "resend",
          status: "Aceptado",
          attemptNumber: input.attemptNumber,
          dgiiCode: result.codigo,
          ...(result.partial ? { totalExcepted: result.partial.totalExcepted } : {}),
        },
        ip: by.ip ?? null,
      });
      return;
    }
    await flagIfDisagrees(tx, input.voidId, result, input.now);
  });
}
