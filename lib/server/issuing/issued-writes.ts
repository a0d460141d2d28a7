import "server-only";

import type { Environment } from "@/lib/domain/environments";
import {
  answerStrings,
  updateDocument,
  updateDocumentIfUnchanged,
  type StoredForWrite,
} from "@/lib/server/ledger";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { documentStatusChangedEvent } from "@/lib/server/platform/events/document-status-event";
import { writeEvent, type NewEvent } from "@/lib/server/platform/events/write-event";

/** What a send or a follow-up round learned about an issued e-CF, and when to act next. */
export interface IssuedChange {
  status?: string;
  trackId?: string | null;
  /** DGII's answer (or what stood for one), appended to taxauthResponse as a JSON string. */
  answer?: Record<string, unknown>;
  /** Null: nothing left to do (a verdict, or a person's turn). */
  followUpAt: number | null;
  followUpAttempts?: number;
  /** Set: the document waits for a person ("Por confirmar"), with this reason; null: a person decided. */
  reviewReason?: string | null;
  /** Who made the change, for its event: the issue's own path (default), or a person's review decision. */
  via?: "issue" | "review";
}

/**
 * Writes a change to an issued e-CF and releases its claim, in one transaction: the ledger's columns
 * follow through its one writer (a Rechazado with secuenciaUtilizada=false frees the number), and a
 * status change writes its document.status_changed event (webhooks, notifications). Returns the
 * status as written, or null when the document is gone. `known`: the row as the caller last saw it
 * (the request that wrote it ahead records DGII's reception): while it still stands, the change and
 * its event are one statement; once the row moved on, it is read and written as without it.
 */
export async function writeIssuedChange(
  document: { id: string; accountId: string; environment: Environment; rnc: string },
  change: IssuedChange,
  now: number,
  known?: StoredForWrite,
): Promise<{ status: string; trackId: string | null } | null> {
  const db = await getDb();
  if (known && known.id === document.id) {
    const status = change.status ?? known.status;
    const trackId = change.trackId === undefined ? known.trackId : change.trackId;
    const answers = answerStrings(known.taxauthResponse);
    const written = await updateDocumentIfUnchanged(
      db,
      known,
      {
        status,
        trackId,
        taxauthResponse: change.answer ? [...answers, JSON.stringify(change.answer)] : answers,
        followUpAt: change.followUpAt,
        followUpClaimedUntil: null,
        followUpAttempts: change.followUpAttempts,
        reviewReason: change.reviewReason,
        updateAt: now,
      },
      status === known.status ? [] : [statusEvent(document, change, known, status, now)],
    );
    if (written) return { status, trackId };
  }
  return inTransaction(db, async (tx) => {
    const current = await tx.document.findFirst({
      where: { id: document.id },
      select: { id: true, ncf: true, status: true, trackId: true, taxauthResponse: true },
    });
    if (!current) return null;
    const status = change.status ?? current.status;
    const trackId = change.trackId === undefined ? current.trackId : change.trackId;
    const answers = answerStrings(current.taxauthResponse);
    await updateDocument(tx, current, {
      status,
      trackId,
      ...(change.answer ? { taxauthResponse: [...answers, JSON.stringify(change.answer)] } : {}),
      followUpAt: change.followUpAt === null ? null : BigInt(change.followUpAt),
      followUpClaimedUntil: null,
      ...(change.followUpAttempts !== undefined ? { followUpAttempts: change.followUpAttempts } : {}),
      ...(change.reviewReason !== undefined ? { reviewReason: change.reviewReason } : {}),
      updateAt: BigInt(now),
    });
    if (status !== current.status) await writeEvent(tx, statusEvent(document, change, current, status, now));
    return { status, trackId };
  });
}

/** The document.status_changed event of a change from `previous` to `status`. */
function statusEvent(
  document: { id: string; accountId: string; environment: Environment; rnc: string },
  change: IssuedChange,
  previous: { ncf: string; status: string },
  status: string,
  now: number,
): NewEvent<"document.status_changed"> {
  return documentStatusChangedEvent(
    { id: document.id, ncf: previous.ncf, accountId: document.accountId, environment: document.environment },
    { customerId: document.rnc, previousStatus: previous.status, status, via: change.via ?? "issue", now },
  );
}
