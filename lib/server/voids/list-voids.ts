import "server-only";
import type { Environment } from "@/lib/domain/environments";
import { AppError, type ErrorCode } from "@/lib/errors";
import { LIST_LIMIT_DEFAULT, voidListQuerySchema, type VoidListQuery } from "@/lib/schemas/void-ncf-list";
import { decodeCursor, encodeCursor } from "@/lib/server/platform/http/list-cursor";
import { storedRangesJsonOffThread } from "./prepare-off-thread";
import { parseStoredRanges } from "../platform/db/stored-ranges";
import type { VoidAttempt, VoidRecordView } from "./types";
import {
  countVoidRows,
  findStoredRanges,
  findStoredVoid,
  listVoidRows,
  type StoredVoid,
  type VoidListRow,
} from "./void-repository";

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

/** A listed attempt with its ranges in one of two forms, chosen by the caller (see the two below). */
export type RangesForm<T> = (stored: StoredVoid) => Promise<T> | T;

/** Ranges as objects (the portal renders them). */
export const withParsedRanges: RangesForm<VoidRecordView> = ({ storedRanges, ...attempt }) => ({
  ...attempt,
  ranges: parseStoredRanges(storedRanges),
});

/**
 * Ranges as the spec's JSON text (the REST answer): a large void's are unpacked and written on the
 * worker thread, and the text is placed in the answer as is.
 */
export const withRangesJson: RangesForm<VoidAttempt & { rangesJson: string }> = async ({
  storedRanges,
  ...attempt
}) => ({ ...attempt, rangesJson: await storedRangesJsonOffThread(storedRanges) });

export interface VoidListPage<T> {
  items: T[];
  /** Absent on the last page (DynamoDB-style, as the original API's clients expect). */
  nextToken?: string;
  limit: number;
}

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
  row: Pick<VoidListRow, "rangeCount" | "taxauthResponse" | "errorMessage" | "excepted">,
): number {
  const messages = JSON.stringify(row.taxauthResponse).length + (row.errorMessage?.length ?? 0);
  return ITEM_BASE_BYTES + messages + (row.rangeCount + (row.excepted?.length ?? 0)) * RANGE_MAX_BYTES;
}

/** GET void-ncf with `voidId`: that attempt of the account in this environment, or 404. */
export async function getVoid<T>(
  accountId: string,
  environment: Environment,
  voidId: string,
  form: RangesForm<T>,
): Promise<T> {
  const stored = await findStoredVoid(accountId, environment, voidId);
  if (!stored) throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${voidId} en ${environment}.`);
  return form(stored);
}

/**
 * GET void-ncf: a page of the account's attempts in this environment, newest first, keyset-paged
 * on (createdAt, voidId) so pages stay stable while new voids arrive. A page is bounded in items
 * and in bytes (LIST_PAGE_MAX_BYTES): its rows are chosen by their range counts, and only the
 * chosen ones' ranges are read. `maxBytes` is the REST answer's bound; the portal, which renders
 * on the server and sends no ranges list, gives a larger one so its pages keep a steady size.
 */
export async function listVoids<T>(
  accountId: string,
  environment: Environment,
  query: Omit<VoidListQuery, "voidId">,
  form: RangesForm<T>,
  maxBytes: number = LIST_PAGE_MAX_BYTES,
): Promise<VoidListPage<T>> {
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const before = query.nextToken !== undefined ? decodeCursor(query.nextToken) : undefined;
  // One extra row tells whether another page exists.
  const rows = await listVoidRows(
    accountId,
    environment,
    { status: query.status, fromDate: query.fromDate, toDate: query.toDate, reason: query.motivo, before },
    limit + 1,
  );
  const page = pageWithinBytes(rows.slice(0, limit), maxBytes);
  const ranges = await findStoredRanges(
    accountId,
    page.map((row) => row.voidId),
  );
  const last = page[page.length - 1];
  return {
    items: await Promise.all(
      page.map((row) => form({ ...attemptOf(row), storedRanges: ranges.get(row.voidId)! })),
    ),
    ...(rows.length > page.length && last
      ? { nextToken: encodeCursor({ createdAt: last.createdAt, id: last.voidId }) }
      : {}),
    limit,
  };
}

/** The leading rows whose items fit `maxBytes` together (the first one always). */
function pageWithinBytes(rows: VoidListRow[], maxBytes: number): VoidListRow[] {
  let bytes = 0;
  let count = 0;
  for (const row of rows) {
    bytes += itemBytesBound(row);
    if (count > 0 && bytes > maxBytes) break;
    count += 1;
  }
  return rows.slice(0, count);
}

/**
 * Where a page of the list stands: how many attempts match the query's filters in all, and how many
 * come before the page (its first item is number `before + 1`). Two counts on the list's own index.
 */
export async function countVoids(
  accountId: string,
  environment: Environment,
  query: Omit<VoidListQuery, "voidId">,
): Promise<{ total: number; before: number }> {
  const filter = {
    status: query.status,
    fromDate: query.fromDate,
    toDate: query.toDate,
    reason: query.motivo,
  };
  const total = await countVoidRows(accountId, environment, filter);
  if (query.nextToken === undefined) return { total, before: 0 };
  const from = await countVoidRows(accountId, environment, {
    ...filter,
    before: decodeCursor(query.nextToken),
  });
  return { total, before: total - from };
}

function attemptOf(row: VoidListRow): VoidAttempt {
  const { rangeCount, ...attempt } = row;
  void rangeCount; // chose the page; not part of the record
  return attempt;
}
