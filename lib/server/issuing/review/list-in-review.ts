import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { isIssuedReviewReason } from "@/lib/schemas/documents-query";
import type { IssuedDecisionView, IssuedInReviewList } from "@/lib/schemas/issued-review";
import { deadlinesOf } from "@/lib/server/contingency";
import { answerStrings } from "@/lib/server/ledger";
import { getDb } from "@/lib/server/platform/db";

/** The most a list shows (the total counts them all): a person works through these, not thousands. */
export const IN_REVIEW_SHOWN = 100;

/**
 * "Por confirmar" of issued e-CF: the company's e-CF issued here that wait for a person in one
 * environment (reviewReason set), newest first, with what the follow-up checked (status, trackId,
 * DGII's answers) and any earlier decision. The signed XML itself is not read.
 */
export async function listIssuedInReview(
  accountId: string,
  environment: Environment,
  take = IN_REVIEW_SHOWN,
): Promise<IssuedInReviewList> {
  const db = await getDb();
  const where = { accountId, environment, source: "issued", reviewReason: { not: null } };
  const [rows, total] = await Promise.all([
    db.document.findMany({
      where,
      select: {
        id: true,
        ncf: true,
        status: true,
        trackId: true,
        reviewReason: true,
        issuedAt: true,
        createdAt: true,
        updateAt: true,
        taxauthResponse: true,
      },
      orderBy: [{ issuedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
      take,
    }),
    db.document.count({ where }),
  ]);
  const decisions = await db.documentReviewDecision.findMany({
    where: { accountId, documentId: { in: rows.map((row) => row.id) } },
    omit: { evidenceContent: true },
    orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
  });
  // Those DGII has not received (Pendiente de envío) carry their deadline, as in the status answers.
  const deadlines = await deadlinesOf(
    accountId,
    environment,
    rows.map((row) => ({
      ncf: row.ncf,
      source: "issued",
      status: row.status,
      signedAt: Number(row.issuedAt ?? row.createdAt),
    })),
  );
  return {
    total,
    items: rows.flatMap((row) =>
      isIssuedReviewReason(row.reviewReason)
        ? [
            {
              ncf: row.ncf,
              status: row.status,
              trackId: row.trackId,
              reviewReason: row.reviewReason,
              issuedAt: row.issuedAt === null ? null : Number(row.issuedAt),
              updateAt: Number(row.updateAt),
              taxauthResponse: answerStrings(row.taxauthResponse),
              signedXml: `/${environment}/documentos-ecf/${row.ncf}/xml`,
              decisions: decisions.filter((decision) => decision.documentId === row.id).map(decisionView),
              ...(deadlines[row.ncf] ? { deadline: deadlines[row.ncf] } : {}),
            },
          ]
        : [],
    ),
  };
}

export function decisionView(row: {
  decision: string;
  reviewReason: string;
  trackId: string | null;
  estado: string | null;
  note: string;
  decidedBy: string;
  decidedAt: bigint;
  evidenceFileName: string | null;
  evidenceContentType: string | null;
  evidenceSize: number | null;
}): IssuedDecisionView {
  return {
    decision: row.decision === "received" ? "received" : "resend",
    reviewReason: isIssuedReviewReason(row.reviewReason) ? row.reviewReason : "NOT_RECEIVED",
    trackId: row.trackId,
    estado: row.estado,
    note: row.note,
    by: row.decidedBy,
    at: Number(row.decidedAt),
    evidence:
      row.evidenceFileName === null || row.evidenceContentType === null
        ? null
        : {
            fileName: row.evidenceFileName,
            contentType: row.evidenceContentType as NonNullable<
              IssuedDecisionView["evidence"]
            >["contentType"],
            size: row.evidenceSize ?? 0,
          },
  };
}

/** How many of the company's e-CF issued here wait for a person in this environment (the navigation's badge). */
export async function countIssuedInReview(accountId: string, environment: Environment): Promise<number> {
  const db = await getDb();
  return db.document.count({
    where: { accountId, environment, source: "issued", reviewReason: { not: null } },
  });
}
