import "server-only";

import { FINAL_ESTADOS, IN_PROCESS, PENDING_SEND } from "@/lib/domain/dgii-submissions";
import type { Environment } from "@/lib/domain/environments";
import { dayBoundaryMs } from "@/lib/domain/fecha";
import type { DocumentListFilters, DocumentListItem, DocumentListPage } from "@/lib/schemas/documents-list";
import type { DocumentSource } from "@/lib/schemas/documents-query";
import { getDb } from "@/lib/server/platform/db";
import { decodeCursor, encodeCursor } from "@/lib/server/platform/http/list-cursor";
import type { Prisma } from "@/prisma/generated/client";

import { sourceOf } from "./document-views";

/** Rows a page shows; the export reads the same order in pages of EXPORT_PAGE. */
export const DOCUMENT_PAGE_SIZE = 25;
const EXPORT_PAGE = 1000;
/** The most rows one export writes: beyond it, narrower filters (a spreadsheet is not an archive). */
export const DOCUMENT_EXPORT_MAX = 50_000;

const STORED_SOURCE: Record<DocumentSource, string> = { imported: "import", issued: "issued", dgii: "dgii" };

const LIST_SELECT = {
  id: true,
  ncf: true,
  source: true,
  buyerRnc: true,
  invoiceTotal: true,
  status: true,
  createdAt: true,
  updateAt: true,
  reviewReason: true,
} as const satisfies Prisma.DocumentSelect;

/**
 * The company's e-CF in one environment, newest first (keyset on createdAt, id: pages stay stable
 * while documents arrive), filtered as the URL says. Always scoped to the account and environment.
 */
export async function listDocuments(
  accountId: string,
  environment: Environment,
  filters: DocumentListFilters,
  take: number = DOCUMENT_PAGE_SIZE,
): Promise<DocumentListPage> {
  const db = await getDb();
  const after = filters.cursor ? decodeCursor(filters.cursor) : null;
  const rows = await db.document.findMany({
    where: {
      ...whereOf(accountId, environment, filters),
      ...(after
        ? {
            OR: [
              { createdAt: { lt: BigInt(after.createdAt) } },
              { createdAt: BigInt(after.createdAt), id: { lt: after.id } },
            ],
          }
        : {}),
    },
    select: LIST_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
  });
  const page = rows.slice(0, take);
  const last = page[page.length - 1];
  return {
    items: page.map(listItemOf),
    ...(rows.length > take && last
      ? { nextCursor: encodeCursor({ createdAt: Number(last.createdAt), id: last.id }) }
      : {}),
  };
}

/**
 * Every document the filters select (from their cursor on), page after page, up to
 * DOCUMENT_EXPORT_MAX: the export's rows, read as the download is read.
 */
export async function* exportDocuments(
  accountId: string,
  environment: Environment,
  filters: DocumentListFilters,
): AsyncGenerator<DocumentListItem> {
  let cursor = filters.cursor;
  let written = 0;
  while (written < DOCUMENT_EXPORT_MAX) {
    const page = await listDocuments(
      accountId,
      environment,
      { ...filters, cursor },
      Math.min(EXPORT_PAGE, DOCUMENT_EXPORT_MAX - written),
    );
    for (const item of page.items) yield item;
    written += page.items.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

function whereOf(
  accountId: string,
  environment: Environment,
  filters: DocumentListFilters,
): Prisma.DocumentWhereInput {
  const from = filters.from ? dayBoundaryMs(filters.from, "start") : null;
  const to = filters.to ? dayBoundaryMs(filters.to, "end") : null;
  return {
    accountId,
    environment,
    ...(filters.tipo ? { ncf: { startsWith: `E${filters.tipo}` } } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.source ? { source: STORED_SOURCE[filters.source] } : {}),
    ...(filters.buyer ? { buyerRnc: filters.buyer } : {}),
    ...(from !== null || to !== null
      ? {
          createdAt: {
            ...(from !== null ? { gte: BigInt(from) } : {}),
            ...(to !== null ? { lte: BigInt(to) } : {}),
          },
        }
      : {}),
  };
}

function listItemOf(row: Prisma.DocumentGetPayload<{ select: typeof LIST_SELECT }>): DocumentListItem {
  return {
    ncf: row.ncf,
    source: sourceOf(row),
    tipo: row.ncf.slice(1, 3),
    buyerRnc: row.buyerRnc,
    invoiceTotal: row.invoiceTotal === null ? null : Number(row.invoiceTotal),
    status: row.status,
    createdAt: Number(row.createdAt),
    verdictAt: FINAL_ESTADOS.has(row.status) ? Number(row.updateAt) : null,
    inReview: row.reviewReason !== null,
  };
}

/** How many counts stop there: past it the portal says "at least" (a count must stay cheap). */
const AWAITING_COUNT_CAP = 1000;

/**
 * The company's e-CF in one environment that wait for DGII's verdict, per status: signed here but
 * not yet received (Pendiente de envío), and received and being validated (En Proceso). Capped at
 * 1,000 each.
 */
/** How many of the oldest e-CF waiting for DGII's reception the home reads for its nearest deadline. */
const NEAREST_DEADLINE_SCAN = 100;

/**
 * The oldest e-CF signed here that DGII has not received (at most NEAREST_DEADLINE_SCAN), as the
 * deadline rule reads them: the home shows the nearest of their deadlines.
 */
export async function oldestAwaitingReception(
  accountId: string,
  environment: Environment,
): Promise<Array<{ ncf: string; source: string; status: string; signedAt: number }>> {
  const db = await getDb();
  const rows = await db.document.findMany({
    where: { accountId, environment, status: PENDING_SEND, source: "issued" },
    orderBy: { createdAt: "asc" },
    take: NEAREST_DEADLINE_SCAN,
    select: { ncf: true, issuedAt: true, createdAt: true },
  });
  return rows.map((row) => ({
    ncf: row.ncf,
    source: "issued",
    status: PENDING_SEND,
    signedAt: Number(row.issuedAt ?? row.createdAt),
  }));
}

export async function countAwaitingVerdict(
  accountId: string,
  environment: Environment,
): Promise<{ pendingSend: number; inProcess: number }> {
  const db = await getDb();
  const count = (status: string) =>
    db.document.count({ where: { accountId, environment, status }, take: AWAITING_COUNT_CAP });
  const [pendingSend, inProcess] = await Promise.all([count(PENDING_SEND), count(IN_PROCESS)]);
  return { pendingSend, inProcess };
}
