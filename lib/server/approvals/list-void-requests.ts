import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { can } from "@/lib/domain/roles";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { getDb } from "@/lib/server/platform/db";
import { decodeCursor, encodeCursor } from "@/lib/server/platform/http/list-cursor";
import { LIST_LIMIT_DEFAULT } from "@/lib/schemas/void-ncf-list";
import { voidRequestListQuerySchema, type VoidRequestListQuery } from "@/lib/schemas/void-requests";

import { findRequestRow } from "./decide";
import { expireVoidRequests } from "./expire-void-requests";
import { toSummary, toView, type VoidRequestSummary, type VoidRequestView } from "./void-request-repository";

const PARAMETER_CODES: Record<string, ErrorCode> = {
  limit: "INVALID_LIMIT",
  status: "INVALID_STATUS",
  nextToken: "INVALID_NEXT_TOKEN",
};

/** The list's query string; the first bad parameter answers 400 with its own code. */
export function parseVoidRequestListQuery(searchParams: URLSearchParams): VoidRequestListQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of searchParams) raw[key] = value;
  const result = voidRequestListQuerySchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? "query");
  const code: ErrorCode = PARAMETER_CODES[field] ?? "INVALID_PARAMETER";
  throw new AppError(code, `Parámetro ${field}: ${issue.message}.`, { extra: { parameter: field } });
}

export interface VoidRequestPage {
  /** Summaries (no ranges: one request may hold 100,000; getVoidRequest gives them). */
  items: VoidRequestSummary[];
  /** Absent on the last page. */
  nextToken?: string;
  limit: number;
}

/**
 * A page of the company's requests in the environment, newest first, keyset-paged on
 * (requestedAt, id); `status` filters (expired ones are marked Vencida first, so the filter is
 * exact). At most 100 items a page, none with ranges: a page is bounded.
 */
export async function listVoidRequests(
  accountId: string,
  environment: Environment,
  query: VoidRequestListQuery = {},
  now = Date.now(),
): Promise<VoidRequestPage> {
  const db = await getDb();
  await expireVoidRequests(db, now, { accountId });
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const before = query.nextToken !== undefined ? decodeCursor(query.nextToken) : undefined;
  const rows = await db.voidRequest.findMany({
    where: {
      accountId,
      environment,
      ...(query.status ? { status: query.status } : {}),
      ...(before
        ? {
            OR: [
              { requestedAt: { lt: BigInt(before.createdAt) } },
              { requestedAt: BigInt(before.createdAt), id: { lt: before.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    omit: { ranges: true },
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toSummary(row, now)),
    ...(rows.length > limit && last
      ? { nextToken: encodeCursor({ createdAt: Number(last.requestedAt), id: last.id }) }
      : {}),
    limit,
  };
}

/** One request of the company in the environment, with its ranges; 404 VOID_REQUEST_NOT_FOUND. */
export async function getVoidRequest(
  accountId: string,
  environment: Environment,
  requestId: string,
  now = Date.now(),
): Promise<VoidRequestView> {
  const db = await getDb();
  await expireVoidRequests(db, now, { accountId });
  return toView(await findRequestRow(accountId, environment, requestId), now);
}

/**
 * The portal's badge: pending requests the caller could decide (0 unless they may approve; their
 * own requests never count).
 */
export async function countPendingForApprover(
  auth: Pick<AuthContext, "accountId" | "userId" | "principal" | "roles" | "scopes" | "organizationAdmin">,
  environment: Environment,
  now = Date.now(),
): Promise<number> {
  if (!can(auth, "voids.approve")) return 0;
  const db = await getDb();
  return db.voidRequest.count({
    where: {
      accountId: auth.accountId,
      environment,
      status: "Pendiente",
      expiresAt: { gt: BigInt(now) },
      requestedByUserId: { not: auth.userId },
    },
  });
}
