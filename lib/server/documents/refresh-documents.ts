import "server-only";
import { statedEstado } from "@/lib/domain/dgii-estado";
import { FINAL_ESTADOS } from "@/lib/domain/dgii-submissions";
import { loadConfig } from "@/lib/server/platform/config/load-config";

import { getActiveSigningCredential } from "@/lib/server/certificates";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { documentStatusChangedEvent } from "@/lib/server/platform/events/document-status-event";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { markDocumentChecked, updateDocument } from "@/lib/server/ledger";
import type { SigningCredential } from "@/lib/server/platform/signing";
import type { TaxAuthStatusResult } from "@/lib/server/platform/taxauth";
import { getTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { currentVoidServiceStatus } from "@/lib/server/platform/taxauth/service-status";
import { trackInFlight } from "@/lib/server/platform/ops/in-flight";

import { fromPrismaDocument, taxauthResponsesOf, type StoredDocument } from "./document-views";

/** Statuses DGII never changes again; anything else (En Proceso, or none yet) is worth asking about. */
export const FINAL_DOCUMENT_STATUSES: ReadonlySet<string> = FINAL_ESTADOS;

export interface RefreshSettings {
  /** How long a status query waits for the authority before answering with the stored status. */
  timeoutMs: number;
  /** A document asked about less than this long ago is not asked again (integrators poll in loops). */
  minIntervalMs: number;
  /** At most this many documents are asked about while one query waits; the job does the rest. */
  maxPerQuery: number;
}

/** DOCUMENT_REFRESH_TIMEOUT_MS and DOCUMENT_REFRESH_MIN_INTERVAL_MS, from the configuration. */
export function refreshSettings(): RefreshSettings {
  const { timeoutMs, minIntervalMs } = loadConfig().documentRefresh;
  return { timeoutMs, minIntervalMs, maxPerQuery: 20 };
}

export function needsRefresh(document: StoredDocument, now: number, minIntervalMs: number): boolean {
  if (FINAL_DOCUMENT_STATUSES.has(document.status) || !document.trackId) return false;
  return document.checkedAt === null || now - document.checkedAt >= minIntervalMs;
}

/** The account's credential, or null (no active certificate...): then nothing can be asked. */
async function credentialFor(accountId: string): Promise<SigningCredential | null> {
  try {
    return await getActiveSigningCredential(accountId);
  } catch (error) {
    logger.warn({ accountId, err: error }, "Document status refresh skipped: no usable certificate");
    return null;
  }
}

/** One refresh per document at a time, shared by concurrent queries and the job. */
const inFlight = new Map<string, Promise<StoredDocument | null>>();

/**
 * Asks the authority for one document's status. A different, known answer is appended to
 * taxauthResponse (as a JSON string) and becomes the status; the same status or "No encontrado"
 * only records checkedAt (a history of identical answers would help nobody). Returns the row as
 * stored afterwards, or null when the authority could not be asked (the stored status stands).
 */
export function refreshDocument(
  document: StoredDocument,
  credential: SigningCredential,
): Promise<StoredDocument | null> {
  const running = inFlight.get(document.id);
  if (running) return running;
  const promise = trackInFlight(
    askAndStore(document, credential).catch((error: unknown) => {
      // Storing the answer failed (database): the query still answers with what it read.
      logger.error({ ncf: document.ncf, err: error }, "Document status refresh could not be stored");
      return null;
    }),
  ).finally(() => inFlight.delete(document.id));
  inFlight.set(document.id, promise);
  return promise;
}

async function askAndStore(
  document: StoredDocument,
  credential: SigningCredential,
): Promise<StoredDocument | null> {
  const db = await getDb();
  let answer: TaxAuthStatusResult;
  try {
    answer = await getTaxAuthClient().queryStatus(
      document.environment,
      document.customerId,
      credential,
      document.trackId!,
    );
  } catch (error) {
    logger.warn(
      { ncf: document.ncf, trackId: document.trackId, err: error },
      "Document status refresh failed",
    );
    // Remember the attempt so a failing authority is not asked again on every poll.
    await markDocumentChecked(db, document.id, Date.now()).catch(() => {});
    return null;
  }
  const now = Date.now();
  // DGII's own word for a state its table does not list (an Anulado) stands, as the lookup stored it.
  const estado = statedEstado(answer.estado, answer.raw);
  if (answer.estado === "No encontrado" || estado === document.status) {
    await markDocumentChecked(db, document.id, now);
    return { ...document, checkedAt: now };
  }
  const taxauthResponse = [...taxauthResponsesOf(document), JSON.stringify(answer.raw)];
  // Conditional on the status we read: when two instances race, only one appends the answer, and
  // only that one writes the document.status_changed event (same transaction: the outbox).
  const count = await inTransaction(db, async (tx) => {
    // The ledger's writer derives the number's use from the new answer (lib/domain/sequence-use.ts).
    const updated = await updateDocument(
      tx,
      document,
      { status: estado, taxauthResponse, updateAt: BigInt(now), checkedAt: BigInt(now) },
      document.status,
    );
    if (updated === 1) {
      await writeEvent(
        tx,
        documentStatusChangedEvent(document, {
          customerId: document.customerId,
          previousStatus: document.status,
          status: estado,
          via: "refresh",
          now,
        }),
      );
    }
    return updated;
  });
  if (count === 1) return { ...document, status: estado, taxauthResponse, updateAt: now, checkedAt: now };
  const current = await db.document.findUnique({ where: { id: document.id } });
  return current && fromPrismaDocument(current);
}

/**
 * On-demand refresh for a status query: documents of the caller's account with a non-final status
 * and a trackId are asked about, waiting at most `timeoutMs`; answers that arrive later still get
 * stored. A failing authority never fails the query: the stored rows are returned, marked `stale`
 * when DGII could not be asked about them now (an announced maintenance window, where nothing is
 * asked; a failed or late answer; no usable certificate). Same order.
 */
export async function refreshForQuery(
  accountId: string,
  documents: StoredDocument[],
  settings: RefreshSettings = refreshSettings(),
): Promise<StoredDocument[]> {
  const now = Date.now();
  const due = documents.filter((document) => needsRefresh(document, now, settings.minIntervalMs));
  if (due.length === 0) return documents;
  const asked = due.slice(0, settings.maxPerQuery);
  const inMaintenance = await announcedMaintenance(asked);
  const credential = inMaintenance ? null : await credentialFor(accountId);
  if (!credential) return markStale(documents, asked);

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), settings.timeoutMs);
  });
  try {
    const fresh = await Promise.all(
      asked.map((document) => Promise.race([refreshDocument(document, credential), deadline])),
    );
    const byId = new Map(
      fresh.filter((row): row is StoredDocument => row !== null).map((row) => [row.id, row]),
    );
    const unanswered = asked.filter((document) => !byId.has(document.id));
    return markStale(
      documents.map((document) => byId.get(document.id) ?? document),
      unanswered,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Whether DGII's service-status board announces a maintenance window for these documents' environment. */
async function announcedMaintenance(documents: readonly StoredDocument[]): Promise<boolean> {
  for (const environment of new Set(documents.map((document) => document.environment))) {
    const status = await currentVoidServiceStatus(environment).catch(() => null);
    if (status?.state === "maintenance") return true;
  }
  return false;
}

function markStale(documents: StoredDocument[], unanswered: readonly StoredDocument[]): StoredDocument[] {
  if (unanswered.length === 0) return documents;
  const ids = new Set(unanswered.map((document) => document.id));
  return documents.map((document) => (ids.has(document.id) ? { ...document, stale: true } : document));
}

export interface RefreshJobResult {
  /** Documents asked about. */
  checked: number;
  /** Documents whose status changed. */
  changed: number;
  /** Documents the authority could not be asked about (no certificate, network, bad answer). */
  failed: number;
}

/**
 * The periodic job (the lead schedules it): the `limit` pending documents checked longest ago,
 * across accounts and environments, asked `concurrency` at a time.
 */
export async function refreshPendingDocuments(
  options: { limit?: number; concurrency?: number; minIntervalMs?: number } = {},
): Promise<RefreshJobResult> {
  const { limit = 100, concurrency = 8 } = options;
  const minIntervalMs = options.minIntervalMs ?? refreshSettings().minIntervalMs;
  const db = await getDb();
  const checkedBefore = BigInt(Date.now() - minIntervalMs);
  const pending = await db.document.findMany({
    where: {
      status: { notIn: [...FINAL_DOCUMENT_STATUSES] },
      trackId: { not: null },
      // An e-CF issued here is followed to its verdict by its own follow-up (lib/server/issuing).
      source: { not: "issued" },
      OR: [{ checkedAt: null }, { checkedAt: { lte: checkedBefore } }],
    },
    orderBy: [{ checkedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: limit,
  });
  const result: RefreshJobResult = { checked: 0, changed: 0, failed: 0 };
  const credentials = new Map<string, Promise<SigningCredential | null>>();
  for (let start = 0; start < pending.length; start += concurrency) {
    await Promise.all(
      pending.slice(start, start + concurrency).map(async (document) => {
        let credentialPromise = credentials.get(document.accountId);
        if (!credentialPromise) {
          credentialPromise = credentialFor(document.accountId);
          credentials.set(document.accountId, credentialPromise);
        }
        const credential = await credentialPromise;
        const fresh = credential ? await refreshDocument(fromPrismaDocument(document), credential) : null;
        result.checked += 1;
        if (!fresh) result.failed += 1;
        else if (fresh.status !== document.status) result.changed += 1;
      }),
    );
  }
  return result;
}
