import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { isIssuedReviewReason } from "@/lib/schemas/documents-query";
import { issuedDecisionSchema, type IssuedDecision } from "@/lib/schemas/issued-review";
import { checkEvidence, type EvidenceFile } from "@/lib/server/voids";
import { recordActivity, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, inTransaction } from "@/lib/server/platform/db";

import { writeIssuedChange } from "../issued-writes";
import { IN_PROCESS, PENDING_SEND } from "../send-issued";

/** The answer a person's decision adds to taxauthResponse, so the follow-up and a reader know what stood for DGII's. */
export const PERSON_SOURCE = "persona";

export interface DecideIssuedReviewInput {
  accountId: string;
  environment: Environment;
  ncf: string;
  /** As received (JSON, or a form's fields): checked here with issuedDecisionSchema. */
  body: unknown;
  /** The uploaded file, if any (an empty file without a name counts as none). */
  evidence?: { fileName: string; content: Uint8Array } | null;
  userId: string | null;
  /** How the person is shown, e.g. "ana@empresa.do (portal)". */
  by: string;
  /** Who, for the activity log (actor and address); default: the person above. */
  activityBy?: ActivityBy;
  now?: number;
}

/**
 * A person's decision on an issued e-CF that waits for them (reviewReason), after looking in DGII's
 * OFV: "received" (DGII has it: the document takes the trackId and estado seen, and En Proceso
 * resumes the follow-up, which asks the verdict) or "resend" (DGII does not: the follow-up sends
 * the stored bytes again now, without asking first — never signed again). In one transaction, under
 * the document's row lock: the decision with its note and evidence, the document's change through
 * the ledger's writer (its document.status_changed event), and the activity log's entry.
 */
export async function decideIssuedReview(input: DecideIssuedReviewInput): Promise<IssuedDecision> {
  const decision = parseDecision(input.body);
  const file = input.evidence;
  const evidence =
    file && (file.content.length > 0 || file.fileName !== "")
      ? checkEvidence(file.fileName, file.content)
      : undefined;
  const now = input.now ?? Date.now();
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<
      Array<{ id: string; customerId: string; status: string; reviewReason: string | null }>
    >`
      SELECT "id", "customerId", "status", "reviewReason" FROM "Document"
      WHERE "accountId" = ${input.accountId} AND "environment" = ${input.environment}::"Environment"
        AND "ncf" = ${input.ncf} AND "source" = 'issued'
      FOR UPDATE`;
    const row = rows[0];
    if (!row) {
      throw new AppError(
        "DOCUMENT_NOT_FOUND",
        `No hay un e-CF emitido con el e-NCF ${input.ncf} en ${input.environment}.`,
      );
    }
    if (!isIssuedReviewReason(row.reviewReason)) {
      throw new AppError(
        "DOCUMENT_NOT_IN_REVIEW",
        `El e-CF ${input.ncf} no espera por una persona: el seguimiento lo decide solo, o alguien ya decidió.`,
        { extra: { ecf: input.ncf, status: row.status } },
      );
    }
    await insertDecision(
      tx,
      { ...input, documentId: row.id, reviewReason: row.reviewReason, now },
      decision,
      evidence,
    );
    const answer = {
      fuente: PERSON_SOURCE,
      decision: decision.decision,
      ...(decision.decision === "received" ? { trackId: decision.trackId, estado: decision.estado } : {}),
      by: input.by,
      at: now,
    };
    const document = {
      id: row.id,
      accountId: input.accountId,
      environment: input.environment,
      rnc: row.customerId,
    };
    await writeIssuedChange(
      document,
      decision.decision === "received"
        ? {
            status: decision.estado,
            trackId: decision.trackId,
            answer,
            // En Proceso: the follow-up asks DGII's verdict by this trackId; a verdict ends it.
            followUpAt: decision.estado === IN_PROCESS ? now : null,
            followUpAttempts: 0,
            reviewReason: null,
            via: "review",
          }
        : // The follow-up's send rounds start over: its next round sends the stored bytes.
          {
            status: PENDING_SEND,
            answer,
            followUpAt: now,
            followUpAttempts: 0,
            reviewReason: null,
            via: "review",
          },
      now,
    );
    const by = input.activityBy ?? { actor: { type: "user" as const, id: input.userId, label: input.by } };
    await recordActivity(tx, {
      accountId: input.accountId,
      environment: input.environment,
      action: "document.review_decided",
      actor: by.actor,
      subject: { type: "document", id: row.id },
      details: {
        ecf: input.ncf,
        decision: decision.decision,
        reviewReason: row.reviewReason,
        ...(decision.decision === "received" ? { trackId: decision.trackId, estado: decision.estado } : {}),
        evidence: evidence !== undefined,
      },
      ip: by.ip ?? null,
    });
  });
  logger.info(
    { ecf: input.ncf, environment: input.environment, decision: decision.decision },
    "issued e-CF decided by a person",
  );
  return decision;
}

function parseDecision(body: unknown): IssuedDecision {
  const parsed = issuedDecisionSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const parameter = issue?.path.length
    ? String(issue.path[0])
    : issue?.code === "unrecognized_keys"
      ? issue.keys[0]
      : "decision";
  throw new AppError(
    "INVALID_DOCUMENT_DECISION",
    'decision debe ser "received" (con trackId y estado: En Proceso, Aceptado, Aceptado Condicional o Rechazado) ' +
      `o "resend" (sin ellos), con una nota de 1 a 2000 caracteres: revise ${parameter}.`,
    { extra: { parameter } },
  );
}

type Tx = Parameters<Parameters<typeof inTransaction>[1]>[0];

async function insertDecision(
  tx: Tx,
  input: DecideIssuedReviewInput & { documentId: string; reviewReason: string; now: number },
  decision: IssuedDecision,
  evidence: EvidenceFile | undefined,
): Promise<void> {
  const received = decision.decision === "received" ? decision : null;
  // The bytes travel as base64 text and are decoded by the database, as a void's evidence
  // (settlement-repository.ts: a large Bytes parameter through PGlite's adapter is slow).
  await tx.$executeRaw`
    INSERT INTO "DocumentReviewDecision" ("id", "documentId", "accountId", "environment", "decision",
      "reviewReason", "trackId", "estado", "note", "decidedByUserId", "decidedBy", "decidedAt",
      "evidenceFileName", "evidenceContentType", "evidenceSize", "evidenceContent")
    VALUES (${uuidv7()}, ${input.documentId}, ${input.accountId}, ${input.environment}::"Environment",
      ${decision.decision}, ${input.reviewReason}, ${received?.trackId ?? null}, ${received?.estado ?? null},
      ${decision.note}, ${input.userId}, ${input.by}, ${BigInt(input.now)},
      ${evidence?.fileName ?? null}, ${evidence?.contentType ?? null}, ${evidence ? evidence.content.length : null},
      decode(${evidence ? Buffer.from(evidence.content).toString("base64") : null}::text, 'base64'))`;
}
