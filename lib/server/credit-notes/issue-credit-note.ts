import "server-only";

import { AppError, isAppError } from "@/lib/errors";
import { issueEcf, type IssuedAnswer } from "@/lib/server/issuing";
import { isUniqueViolation } from "@/lib/server/platform/db";

import { isNumberTaken, prepareCreditNote, type CreditNoteInput } from "./prepare-credit-note";

/** Numbers tried per confirmation before giving up (each one lost to a confirmation at the same instant). */
const MAX_ATTEMPTS = 5;

/**
 * The clerk's confirmation: the note prepared again from what holds now, the next free number of the
 * reserved sub-range taken at this moment, and issued through the API's own use case (issueEcf:
 * validation, signature, the write-ahead under the series lock, DGII's reception). A number another
 * confirmation stored first is refused under that lock and the next one is taken; two confirmations
 * of one e-CF share one Idempotency-Key, so only one note is stored (the same note, answered to both,
 * when they carry the same reason).
 */
export async function issueCreditNote(
  input: CreditNoteInput,
): Promise<{ ecf: string; answer: IssuedAnswer; replayed: boolean }> {
  const skip = new Set<string>();
  for (let attempt = 1; ; attempt += 1) {
    let prepared: Awaited<ReturnType<typeof prepareCreditNote>> | undefined;
    try {
      prepared = await prepareCreditNote(input, skip);
      const result = await issueEcf({
        accountId: input.accountId,
        rnc: input.rnc,
        environment: input.environment,
        body: prepared.body,
        idempotencyKey: prepared.idempotencyKey,
        now: input.now,
      });
      if (result.kind !== "issued") throw new Error("issueCreditNote: issueEcf answered without issuing");
      return { ecf: result.answer.ecf, answer: result.answer, replayed: result.replayed };
    } catch (error) {
      if (prepared && isNumberTaken(error) && attempt < MAX_ATTEMPTS) {
        skip.add(prepared.noteEncf);
        continue;
      }
      const sameOriginal =
        prepared &&
        ((isAppError(error) && error.code === "IDEMPOTENCY_KEY_REUSED") || isUniqueViolation(error));
      if (sameOriginal) {
        throw new AppError(
          "CREDIT_NOTE_NOTHING_LEFT",
          `Otra nota de crédito sobre ${prepared!.original.encf} se emitió al mismo tiempo: no queda nada por acreditar.`,
        );
      }
      throw error;
    }
  }
}
