import "server-only";

import type { Environment } from "@/lib/domain/environments";
import {
  questionBounds,
  VOID_QUESTION_CAVEAT,
  VOID_QUESTION_CONTENT_TYPE,
  VOID_QUESTION_FILE_PREFIX,
  VOID_QUESTION_MAX_RANGES,
  type BoundAnswer,
  type VoidDgiiQuestion,
} from "@/lib/domain/void-dgii-question";
import type { EvidenceView } from "@/lib/domain/void-settlement";
import { AppError } from "@/lib/errors";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { getDb } from "@/lib/server/platform/db";
import { logger } from "@/lib/server/platform/config/logger";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";
import { insertEvidence } from "./settlement-repository";
import { refuseUnlessUnknown } from "./unknown-void-rule";

/** DGII questions in flight at once (the token is shared: one authentication for all). */
const QUESTIONS_AT_ONCE = 4;

export interface AskDgiiAboutVoidInput {
  accountId: string;
  environment: Environment;
  voidId: string;
  /** How the person is shown, e.g. "ana@empresa.do (portal)": kept in the file and as its uploader. */
  by: string;
  now?: () => number;
}

/**
 * "Consultar a la DGII" for a void in Error: consultatrackids about the first and last e-NCF of each
 * of its first VOID_QUESTION_MAX_RANGES ranges, kept as one JSON evidence file of the void (cited
 * when a person settles it). It never settles and never changes the record: whether DGII lists a
 * voided number that was never sent is not known, so no answer confirms the void by itself.
 * Refused: another company's or an unknown void (404), a void DGII answered or a person settled
 * (409), CerteCF, where DGII offers no consultatrackids (409 DGII_QUERY_NOT_OFFERED), no
 * certificate (412). DGII failing on any question → its error, nothing stored.
 */
export async function askDgiiAboutVoid(
  input: AskDgiiAboutVoidInput,
): Promise<{ evidence: EvidenceView; question: VoidDgiiQuestion }> {
  const now = input.now ?? Date.now;
  const db = await getDb();
  const record = await db.voidRecord.findFirst({
    where: { id: input.voidId, accountId: input.accountId, environment: input.environment },
    select: { status: true, settledAt: true, customerId: true, ranges: true },
  });
  // A send still waiting (a live lease) does not stop a question: it changes nothing.
  refuseUnlessUnknown(record && { ...record, leaseExpiresAt: null }, input, now());
  if (input.environment === "CerteCF") {
    throw new AppError(
      "DGII_QUERY_NOT_OFFERED",
      "La DGII no ofrece la consulta de trackId (consultatrackids) en CerteCF: esta anulación no se puede consultar así; verifíquela en la Oficina Virtual.",
      { extra: { voidId: input.voidId } },
    );
  }
  const credential = await getActiveSigningCredential(input.accountId);
  const ranges = parseStoredRanges(record!.ranges);
  const bounds = questionBounds(ranges);
  const client = getTaxAuthClient();
  const trackIds = await inTurns(bounds, QUESTIONS_AT_ONCE, (bound) =>
    client.queryTrackIds(input.environment, record!.customerId, credential, bound.encf),
  );
  const answers: BoundAnswer[] = bounds.map((bound, index) => ({
    ...bound,
    trackIds: trackIds[index]!.map(({ trackId, estado, codigo, fechaRecepcion, mensaje }) => ({
      trackId,
      estado,
      ...(codigo === undefined ? {} : { codigo }),
      ...(fechaRecepcion === undefined ? {} : { fechaRecepcion }),
      ...(mensaje === undefined ? {} : { mensaje }),
    })),
  }));
  const askedAt = now();
  const question: VoidDgiiQuestion = {
    service: "consultatrackids",
    voidId: input.voidId,
    environment: input.environment,
    rnc: record!.customerId,
    askedAt: new Date(askedAt).toISOString(),
    askedBy: input.by,
    rangeCount: ranges.length,
    rangesAsked: Math.min(ranges.length, VOID_QUESTION_MAX_RANGES),
    answers,
    caveat: VOID_QUESTION_CAVEAT,
  };
  const content = new TextEncoder().encode(`${JSON.stringify(question, null, 2)}\n`);
  const fileName = `${VOID_QUESTION_FILE_PREFIX}${question.askedAt.replace(/[:.]/g, "-")}.json`;
  const id = await insertEvidence(db, {
    voidId: input.voidId,
    accountId: input.accountId,
    fileName,
    contentType: VOID_QUESTION_CONTENT_TYPE,
    content,
    by: input.by,
    now: askedAt,
  });
  logger.info(
    { voidId: input.voidId, environment: input.environment, questions: bounds.length },
    "void asked about at DGII (consultatrackids)",
  );
  return {
    evidence: { id, fileName, contentType: VOID_QUESTION_CONTENT_TYPE, size: content.length },
    question,
  };
}

/**
 * `work` over `items`, `workers` at a time, results in order. The first failure stops the turns
 * (no question more is asked) and is thrown once the ones in flight settle.
 */
async function inTurns<T, R>(
  items: readonly T[],
  workers: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      while (!failed && next < items.length) {
        const index = next++;
        try {
          results[index] = await work(items[index]!);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  return results;
}
