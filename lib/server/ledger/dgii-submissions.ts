import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { latestReception } from "@/lib/domain/dgii-submissions";
import { parseDgiiInstant } from "@/lib/domain/fecha";
import { getDb } from "@/lib/server/platform/db";

import {
  answerStrings,
  insertAbsentDocuments,
  insertIfAllNew,
  markDocumentChecked,
  newDocumentId,
  updateDocument,
  type NewDocumentRow,
} from "./document-writer";

/** One submission of an e-NCF as DGII's consultatrackids lists it. */
export interface FoundSubmission {
  trackId: string;
  estado: string;
  codigo?: string;
  fechaRecepcion?: string;
  mensaje?: string;
}

/**
 * A lookup found that DGII received an e-NCF: that is a fact the ledger keeps, whoever asked (the gap
 * review's "Verificar en la DGII", any later lookup). The number gets a document of source "dgii" when
 * the company holds none (its status the latest submission's estado, its issue date the first
 * reception), or the submissions its stored document does not name yet are added to its answers; the
 * ledger's writer then decides, by the one rule, whether the number is used. From then on the gap
 * review no longer proposes it and the pre-void check refuses it, naming DGII as the source.
 * Returns the stored document's id (null: no submission, or the document vanished meanwhile).
 */
export async function recordDgiiSubmissions(input: {
  accountId: string;
  rnc: string;
  environment: Environment;
  encf: string;
  submissions: readonly FoundSubmission[];
  /**
   * consultaresultado's answer about the submission that decides (an accepted one over a later
   * rejected resend; otherwise the latest): it gives the number's status and DGII's verdict on it
   * (secuenciaUtilizada). Without it the latest submission's estado stands.
   */
  verdict?: { trackId: string; estado: string; answer: unknown };
  /** DGII was just asked about this number (a lookup): the document's checkedAt, in the same write. */
  checkedAt?: number;
  now?: number;
}): Promise<string | null> {
  if (input.submissions.length === 0) return null;
  const now = input.now ?? Date.now();
  const answers = input.submissions.map((submission) => JSON.stringify(answerOf(submission)));
  if (input.verdict) answers.push(JSON.stringify(input.verdict.answer));
  const latest = input.verdict ?? latestReception(input.submissions);
  const received = input.submissions
    .map((submission) => (submission.fechaRecepcion ? parseDgiiInstant(submission.fechaRecepcion) : null))
    .filter((instant): instant is number => instant !== null);
  const issuedAt = received.length > 0 ? Math.min(...received) : null;
  const row: NewDocumentRow = {
    id: newDocumentId(),
    accountId: input.accountId,
    environment: input.environment,
    customerId: input.rnc,
    ncf: input.encf,
    status: latest.estado,
    trackId: latest.trackId,
    documentType: input.encf.slice(1, 3),
    taxauthResponse: answers,
    createdAt: issuedAt ?? now,
    updateAt: now,
    issuedAt,
    source: "dgii",
    checkedAt: input.checkedAt ?? null,
  };
  const db = await getDb();
  // The common case (a lookup of a number the company does not hold): one statement, no transaction.
  if (await insertIfAllNew(db, input.accountId, input.environment, [row])) return row.id;
  return db.$transaction(async (tx) => {
    const inserted = await insertAbsentDocuments(tx, [row]);
    if (inserted.size > 0) return row.id;
    const stored = await tx.document.findFirst({
      where: { accountId: input.accountId, environment: input.environment, ncf: input.encf },
      select: { id: true, ncf: true, status: true, trackId: true, taxauthResponse: true },
    });
    if (!stored) return null;
    const known = answerStrings(stored.taxauthResponse);
    const named = new Set(known.flatMap((text) => trackIdOf(text) ?? []));
    if (stored.trackId) named.add(stored.trackId);
    const added = answers.filter((text) => !named.has(trackIdOf(text) ?? ""));
    if (added.length > 0) {
      await updateDocument(tx, stored, { taxauthResponse: [...known, ...added], updateAt: BigInt(now) });
    }
    if (input.checkedAt !== undefined) await markDocumentChecked(tx, stored.id, input.checkedAt);
    return stored.id;
  });
}

/** An answer as stored: DGII's fields, and where it came from (a consultatrackids lookup). */
function answerOf(submission: FoundSubmission): Record<string, string> {
  const answer: Record<string, string> = {
    fuente: "consultatrackids",
    trackId: submission.trackId,
    estado: submission.estado,
  };
  if (submission.codigo) answer.codigo = submission.codigo;
  if (submission.fechaRecepcion) answer.fechaRecepcion = submission.fechaRecepcion;
  if (submission.mensaje) answer.mensaje = submission.mensaje;
  return answer;
}

function trackIdOf(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { trackId?: unknown }).trackId === "string"
    ) {
      return (value as { trackId: string }).trackId;
    }
  } catch {
    // An unreadable stored answer names no trackId.
  }
  return undefined;
}

/**
 * DGII's consultarfce found a consumer-invoice summary (RFCE): it has no trackId, only DGII's verdict
 * on it. The number gets a document of source "dgii" with that verdict as its one answer (the
 * ledger's writer reads secuenciaUtilizada from it) and the security code it was found with.
 */
export async function recordDgiiSummary(input: {
  accountId: string;
  rnc: string;
  environment: Environment;
  encf: string;
  securityCode: string;
  estado: string;
  answer: unknown;
  now?: number;
}): Promise<void> {
  const now = input.now ?? Date.now();
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await insertAbsentDocuments(tx, [
      {
        id: newDocumentId(),
        accountId: input.accountId,
        environment: input.environment,
        customerId: input.rnc,
        ncf: input.encf,
        status: input.estado,
        documentType: input.encf.slice(1, 3),
        securityCode: input.securityCode,
        taxauthResponse: [JSON.stringify(input.answer)],
        createdAt: now,
        updateAt: now,
        source: "dgii",
      },
    ]);
  });
}
