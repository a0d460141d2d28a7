import "server-only";

import type { SettledOutcome } from "@/lib/domain/void-settlement";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, inTransaction, lockNumberSeries } from "@/lib/server/platform/db";
import type { ActivityInput } from "@/lib/server/platform/activity/record-activity";
import { recordVoidOutcome } from "@/lib/server/platform/metrics/record";

import type { PartialSplit } from "./partial-success";
import { flagIfDisagrees, nextAttemptNumber } from "./settlement-repository";
import type { VoidAttempt, VoidCompletion, VoidContent } from "./types";
import { recordVoidSentEntry } from "./void-activity";
import { acceptVoid, toAttempt, updateUnaccepted } from "./void-repository";
import { voidSettledEvent } from "./void-settled-event";

/*
 * The last step of a void: what DGII answered (or that no answer will come) written onto the attempt,
 * under the series lock, with its event and the "void.sent" activity entry. The statements are the
 * repository's; what is written together, what falls back and what a late answer keeps are here.
 */

/**
 * Records the outcome of an attempt. A confirmed answer (Aceptado/Rechazado) is final: a later
 * "failed" never overwrites it (each write only matches a record still in Error). One statement
 * per outcome, on the hot path of every void: an accepted void's status change and its
 * ALREADY_VOIDED index rows are written by one atomic statement (acceptVoid).
 */
export async function completeVoid(
  record: VoidAttempt,
  completion: VoidCompletion,
  content: Pick<VoidContent, "boxes">,
  now: number,
  /**
   * The activity entry of the attempt as it stands once written (createVoid's "void.sent"): written
   * by the same statement as the change when it matches, else on its own. Never with an Error that
   * still waits (its entry is the caller's to write).
   */
  activity?: (attempt: VoidAttempt) => ActivityInput,
): Promise<VoidAttempt> {
  const db = await getDb();
  const release = completion.status !== "Error" || !completion.stillWaiting;
  const changes =
    completion.status === "Error"
      ? { errorCode: completion.errorCode, errorMessage: completion.errorMessage }
      : {
          status: completion.status,
          taxauthCode: completion.codigo,
          taxauthName: completion.nombre,
          taxauthResponse: completion.mensajes,
          errorCode: null,
          errorMessage: null,
        };
  const partial = completion.status === "Aceptado" ? completion.partial : undefined;
  // The attempt as the change leaves it (what the caller is answered when it matched).
  const answered: VoidAttempt = partial
    ? {
        ...record,
        ...changes,
        totalVoided: partial.totalVoided,
        excepted: partial.excepted,
        totalExcepted: partial.totalExcepted,
        updateAt: now,
      }
    : { ...record, ...changes, updateAt: now };
  // The event (void.settled, void.unconfirmed) and the activity entry are written by the statement
  // that makes the change, only if it matched: one round trip, and the event exists if and only if
  // the change committed.
  const event = release ? completionEvent(record, completion, now) : undefined;
  const entry = release ? activity?.(answered) : undefined;
  const write = async (withEntry: boolean): Promise<boolean> => {
    const also = { event, entry: withEntry ? entry : undefined };
    return completion.status === "Aceptado"
      ? acceptVoid(record, completion, completion.partial?.boxes ?? content.boxes, now, also)
      : updateUnaccepted(record, completion, release, now, also);
  };
  // DGII's answer settles the attempt, or the send ends without one: the change and its event in
  // one transaction, under the lock of the void's series+types (the request's: a partial success
  // only narrows them), so no write-ahead of these numbers sees it half-way between its checks. An
  // Error while the send still waits for a late answer changes nothing the checks read and
  // announces nothing yet.
  const settle = (withEntry: boolean): Promise<boolean> =>
    inTransaction(db, async (tx) => {
      await lockNumberSeries(tx, record.accountId, record.environment, content.boxes);
      return write(withEntry);
    });
  let changed: boolean;
  let entryWritten = false;
  if (!release) changed = await write(false);
  else if (!entry) changed = await settle(false);
  else {
    try {
      changed = await settle(true);
      entryWritten = changed;
    } catch (error) {
      // The activity entry never costs DGII's answer: the change alone, then the entry on its own.
      logger.warn({ err: error, voidId: record.voidId }, "void: answer and activity entry together failed");
      changed = await settle(false);
    }
  }
  if (changed) {
    // GET /metrics: the outcome, once — an Error only when no answer will come any more.
    if (release) recordVoidOutcome(record.environment, completion.status);
    if (entry && !entryWritten) await recordVoidSentEntry(entry);
    return answered;
  }

  // Already final: an earlier answer won, and that is what the caller reports.
  const row = await db.voidRecord.findFirstOrThrow({
    where: { id: record.voidId, accountId: record.accountId },
    omit: { signedXmlGzip: true, ranges: true },
  });
  // A person settled it first: DGII's answer is kept beside the settlement, never over it (and a
  // disagreement flags the record for review). The partial split travels with it: a partial success
  // disagrees with a plain Aceptado although both say "Aceptado".
  if (row.settledAt !== null && completion.status !== "Error") {
    const { status, codigo, nombre, mensajes, partial } = completion;
    await recordLateAnswer({
      accountId: record.accountId,
      voidId: record.voidId,
      answer: { status, codigo, nombre, mensajes, ...(partial ? { partial } : {}) },
      now,
    });
  }
  const final = toAttempt(row);
  if (entry) await recordVoidSentEntry(activity!(final));
  return final;
}

/** The event of a completion that releases the send: DGII's answer, or the end of waiting for one. */
function completionEvent(record: VoidAttempt, completion: VoidCompletion, now: number) {
  const common = {
    accountId: record.accountId,
    environment: record.environment,
    subjectId: record.voidId,
    now,
  };
  if (completion.status === "Error") {
    return {
      ...common,
      type: "void.unconfirmed" as const,
      payload: {
        voidId: record.voidId,
        customerId: record.customerId,
        environment: record.environment,
        status: "Error" as const,
        // The send's own outcomes are these two; anything else is stored as the void error.
        errorCode:
          completion.errorCode === "TAXAUTH_AUTH_ERROR"
            ? ("TAXAUTH_AUTH_ERROR" as const)
            : ("TAXAUTH_VOID_ERROR" as const),
        totalVoided: record.totalVoided,
      },
    };
  }
  return voidSettledEvent({
    accountId: record.accountId,
    environment: record.environment,
    voidId: record.voidId,
    customerId: record.customerId,
    status: completion.status,
    via: "answer",
    totalVoided:
      completion.status === "Aceptado" && completion.partial
        ? completion.partial.totalVoided
        : record.totalVoided,
    dgiiCode: completion.codigo,
    settledBy: null,
    now,
  });
}

/**
 * DGII's answer to the first send came after a person settled the record: it is recorded as a
 * "late-answer" attempt, never written over the record; if it disagrees with the settlement (another
 * outcome, or a partial success), the record is flagged for review. Returns whether it did anything (the record was settled).
 */
export async function recordLateAnswer(input: {
  accountId: string;
  voidId: string;
  /** `partial`: DGII's partial success (what it voided and did not), compared with the settlement. */
  answer: {
    status: SettledOutcome;
    codigo: string;
    nombre: string;
    mensajes: string[];
    partial?: PartialSplit;
  };
  now: number;
}): Promise<boolean> {
  const db = await getDb();
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      return await db.$transaction(async (tx) => {
        const row = await tx.voidRecord.findFirst({
          where: { id: input.voidId, accountId: input.accountId, settledAt: { not: null } },
          select: { id: true },
        });
        if (!row) return false;
        await tx.voidSendAttempt.create({
          data: {
            voidId: input.voidId,
            accountId: input.accountId,
            attemptNumber: await nextAttemptNumber(tx, input.voidId),
            kind: "late-answer",
            startedAt: BigInt(input.now),
            finishedAt: BigInt(input.now),
            outcome: input.answer.status,
            taxauthCode: input.answer.codigo,
            taxauthName: input.answer.nombre,
            taxauthResponse: input.answer.mensajes,
          },
        });
        await flagIfDisagrees(
          tx,
          input.voidId,
          { outcome: input.answer.status, partial: input.answer.partial },
          input.now,
        );
        return true;
      });
    } catch (error) {
      // Two answers numbered at once: the unique (voidId, attemptNumber) refused one; number it again.
      if (tries < 2 && String(error).includes("Unique")) continue;
      throw error;
    }
  }
  return false;
}
