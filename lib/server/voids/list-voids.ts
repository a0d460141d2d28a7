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

async function toJsonListItem(row: VoidRow): Promise<Record<string, unknown>> {
  const item = toVoidListItem(toView({ ...row, ranges: "[]" }));
  return { ...item, ranges: new RawJson(await storedRangesJsonOffThread(row.ranges)) };
}

/**
 * GET void-ncf: one record by voidId, or a page of the account's records in this environment,
 * newest first, keyset-paged on (createdAt, voidId) so pages stay stable while new voids arrive.
 */
export async function listVoids(
  accountId: string,
  environment: Environment,
  query: VoidListQuery,
  options: ListVoidsOptions = {},
) {
  const item = (row: VoidRow) => (options.rangesAsJson ? toJsonListItem(row) : toVoidListItem(toView(row)));
  if (query.voidId !== undefined) {
    const db = await getDb();
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
  const db = await getDb();
  // One extra row tells whether another page exists; the signed XML is never loaded for lists.
  const rows = await db.voidRecord.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    omit: { signedXmlGzip: true },
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    list: {
      items: await Promise.all(page.map(item)),
      // Absent on the last page (DynamoDB-style, as the original API's clients expect).
      ...(rows.length > limit && last
        ? { nextToken: encodeCursor({ createdAt: Number(last.createdAt), voidId: last.id }) }
        : {}),
      metadata: { itemsPerPage: limit },
    },
  };
}
