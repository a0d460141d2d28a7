import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { IssuedDecisionView } from "@/lib/schemas/issued-review";
import { getDb } from "@/lib/server/platform/db";

import { decisionView } from "./list-in-review";

/** A person's decision on an issued e-CF, with its id (the evidence download names it). */
export type DocumentDecision = IssuedDecisionView & { id: string };

/** Every decision a person took on one of the company's documents, oldest first (no evidence bytes). */
export async function listDocumentDecisions(
  accountId: string,
  documentId: string,
): Promise<DocumentDecision[]> {
  const db = await getDb();
  const rows = await db.documentReviewDecision.findMany({
    where: { accountId, documentId },
    omit: { evidenceContent: true },
    orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ id: row.id, ...decisionView(row) }));
}

/** A decision's evidence file on one of the company's e-CF, for the download; null when there is none. */
export async function findDecisionEvidence(
  accountId: string,
  environment: Environment,
  ncf: string,
  decisionId: string,
): Promise<{ fileName: string; contentType: string; content: Uint8Array } | null> {
  const db = await getDb();
  const row = await db.documentReviewDecision.findFirst({
    where: { id: decisionId, accountId, environment, document: { ncf } },
    select: { evidenceFileName: true, evidenceContentType: true, evidenceContent: true },
  });
  if (
    !row ||
    row.evidenceFileName === null ||
    row.evidenceContentType === null ||
    row.evidenceContent === null
  )
    return null;
  return {
    fileName: row.evidenceFileName,
    contentType: row.evidenceContentType,
    content: row.evidenceContent,
  };
}
