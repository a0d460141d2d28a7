import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { AppError, type ErrorCode } from "@/lib/errors";
import { getDb } from "@/lib/server/db";
import { LIST_LIMIT_DEFAULT, voidListQuerySchema, type VoidListQuery } from "@/lib/schemas/void-ncf-list";
import { RawJson } from "@/lib/server/http/json";
import type { Prisma, VoidRecord } from "@/prisma/generated/client";
import { decodeCursor, encodeCursor } from "./list-cursor";
import { storedRangesJsonOffThread } from "./prepare-off-thread";
import { toView } from "./void-repository";
import { toVoidListItem } from "./void-views";

/** Each parameter fails with its own code, so an integrator knows which one to fix. */
const PARAMETER_CODES: Record<string, ErrorCode> = {
  limit: "INVALID_LIMIT",
  status: "INVALID_STATUS",
  fromDate: "INVALID_DATE",
  toDate: "INVALID_DATE",
  nextToken: "INVALID_NEXT_TOKEN",
};

/** Parses the query string; the first bad parameter answers 400 with its own code. */
export function parseVoidListQuery(searchParams: URLSearchParams): VoidListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of searchParams) raw[key] = value;
  const result = voidListQuerySchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? "query");
  const code: ErrorCode = PARAMETER_CODES[field] ?? "INVALID_PARAMETER";
  throw new AppError(code, `Parámetro ${field}: ${issue.message}.`, { extra: { parameter: field } });
}

export interface ListVoidsOptions {
  /**
   * Items carry their ranges as JSON text (RawJson) instead of objects: for the REST answer, where
   * a large void's ranges are unpacked and written on the worker thread.
   */
  rangesAsJson?: boolean;
}

type VoidRow = Omit<VoidRecord, "signedXmlGzip">;
type VoidRowWithoutRanges = Omit<VoidRow, "ranges">;

/**
 * A page holds at most `limit` items and at most about this many bytes of JSON, and always at least
 * one item: a void's ranges travel whole in its item (the spec's shape), and one of 100,000 ranges
 * is ~10 MB, so a page of 100 such items would be 1 GB. Fewer items and a nextToken instead, as
 * DynamoDB-style APIs page by size.
 */
export const LIST_PAGE_MAX_BYTES = 1_000_000;
/** JSON of one item besides its ranges (identifiers, messages), and at most per range. */
const ITEM_BASE_BYTES = 1_000;
const RANGE_MAX_BYTES = 106;

/** An upper bound of an item's JSON size, known without reading its ranges. */
export function itemBytesBound(
  row: Pick<VoidRow, "rangeCount" | "taxauthResponse" | "errorMessage">,
): number {
  const messages = JSON.stringify(row.taxauthResponse).length + (row.errorMessage?.length ?? 0);
  return ITEM_BASE_BYTES + messages + row.rangeCount * RANGE_MAX_BYTES;
}

async function toJsonListItem(row: VoidRow): Promise<Record<string, unknown>> {
  const item = toVoidListItem(toView({ ...row, ranges: "[]" }));
  return { ...item, ranges: new RawJson(await storedRangesJsonOffThread(row.ranges)) };
}

/**
 * GET void-ncf: one record by voidId, or a page of the account's records in this environment,
 * newest first, keyset-paged on (createdAt, voidId) so pages stay stable while new voids arrive.
 * A page is bounded in items and in bytes (LIST_PAGE_MAX_BYTES): its rows are chosen by their range
 * counts, and only the chosen ones' ranges are read.
 */
export async function listVoids(
  accountId: string,
  environment: Environment,
  query: VoidListQuery,
  options: ListVoidsOptions = {},
) {
  const item = (row: VoidRow) => (options.rangesAsJson ? toJsonListItem(row) : toVoidListItem(toView(row)));
  const db = await getDb();
  if (query.voidId !== undefined) {
    const row = await db.voidRecord.findFirst({
      where: { id: query.voidId, accountId, environment },
      omit: { signedXmlGzip: true },
    });
    if (!row)
      throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${query.voidId} en ${environment}.`);
    return { single: await item(row) };
  }
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const cursor = query.nextToken !== undefined ? decodeCursor(query.nextToken) : undefined;
  const createdAt: Prisma.BigIntFilter = {};
  if (query.fromDate !== undefined) createdAt.gte = BigInt(query.fromDate);
  if (query.toDate !== undefined) createdAt.lte = BigInt(query.toDate);
  const where: Prisma.VoidRecordWhereInput = {
    accountId,
    environment,
    ...(query.status ? { status: query.status } : {}),
    ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
    ...(cursor
      ? {
          OR: [
            { createdAt: { lt: BigInt(cursor.createdAt) } },
            { createdAt: BigInt(cursor.createdAt), id: { lt: cursor.voidId } },
          ],
        }
      : {}),
  };
  // One extra row tells whether another page exists; neither the signed XML nor the ranges are
  // read until the page is chosen.
  const rows = await db.voidRecord.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    omit: { signedXmlGzip: true, ranges: true },
  });
  const page = pageWithinBytes(rows.slice(0, limit));
  const ranges = await rangesOf(accountId, page);
  const last = page[page.length - 1];
  return {
    list: {
      items: await Promise.all(page.map((row) => item({ ...row, ranges: ranges.get(row.id)! }))),
      // Absent on the last page (DynamoDB-style, as the original API's clients expect).
      ...(rows.length > page.length && last
        ? { nextToken: encodeCursor({ createdAt: Number(last.createdAt), voidId: last.id }) }
        : {}),
      metadata: { itemsPerPage: limit },
    },
  };
}

/** The leading rows whose items fit LIST_PAGE_MAX_BYTES together (the first one always). */
function pageWithinBytes(rows: VoidRowWithoutRanges[]): VoidRowWithoutRanges[] {
  let bytes = 0;
  let count = 0;
  for (const row of rows) {
    bytes += itemBytesBound(row);
    if (count > 0 && bytes > LIST_PAGE_MAX_BYTES) break;
    count += 1;
  }
  return rows.slice(0, count);
}

async function rangesOf(accountId: string, rows: VoidRowWithoutRanges[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const db = await getDb();
  const stored = await db.voidRecord.findMany({
    where: { accountId, id: { in: rows.map((row) => row.id) } },
    select: { id: true, ranges: true },
  });
  return new Map(stored.map((row) => [row.id, row.ranges]));
}
