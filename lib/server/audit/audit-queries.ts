import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { getDb } from "@/lib/server/platform/db";
import type { Prisma } from "@/prisma/generated/client";

/**
 * What the audit pack reads, always scoped by the company (accountId) and the environment, and
 * always page by page by cursor: a year of voids is never one query's result in memory. The heavy
 * columns (ranges, signed XML) are read one void at a time by the writers that need them.
 */

export interface AuditScope {
  accountId: string;
  rnc: string;
  environment: Environment;
  /** Period in epoch ms, both included (lib/domain/audit-period.ts). */
  startMs: number;
  endMs: number;
}

/** Voids read per page (their light columns only). */
export const AUDIT_PAGE_SIZE = 200;

const VOID_COLUMNS = {
  id: true,
  environment: true,
  status: true,
  fechaHoraAnulacion: true,
  totalVoided: true,
  rangeCount: true,
  fileName: true,
  taxauthCode: true,
  taxauthName: true,
  taxauthResponse: true,
  errorCode: true,
  errorMessage: true,
  createdBy: true,
  createdAt: true,
  updateAt: true,
  totalExcepted: true,
  settledBy: true,
  settledAt: true,
  settlementOutcome: true,
  settlementNote: true,
  needsReview: true,
  reasonCode: true,
  reasonText: true,
  requestId: true,
  approvedBy: true,
  approvedAt: true,
} as const satisfies Prisma.VoidRecordSelect;

export type AuditVoidRow = Prisma.VoidRecordGetPayload<{ select: typeof VOID_COLUMNS }>;

/** Which voids a pass reads: all in the period, or only those the 608 holds / lists apart. */
export type VoidFilter = "all" | "settled" | "voided-with-reason" | "voided-without-reason";

function whereOf(scope: AuditScope, filter: VoidFilter, month?: string): Prisma.VoidRecordWhereInput {
  const base: Prisma.VoidRecordWhereInput = {
    accountId: scope.accountId,
    environment: scope.environment,
    createdAt: { gte: BigInt(scope.startMs), lte: BigInt(scope.endMs) },
    // fechaHoraAnulacion is dd-MM-yyyy HH:mm:ss: "-MM-yyyy " occurs only at its month.
    ...(month ? { fechaHoraAnulacion: { contains: `-${month.slice(4, 6)}-${month.slice(0, 4)} ` } } : {}),
  };
  if (filter === "settled") return { ...base, settledAt: { not: null } };
  // What DGII voided: Aceptado by its answer, by a resend's, or settled as accepted by a person.
  if (filter === "voided-with-reason") return { ...base, status: "Aceptado", reasonCode: { not: null } };
  if (filter === "voided-without-reason") return { ...base, status: "Aceptado", reasonCode: null };
  return base;
}

export interface PageOptions {
  pageSize?: number;
  /** Only the voids whose fechaHoraAnulacion falls in this month (yyyyMM): one 608's. */
  month?: string;
  /** Called with each page's size (tests: the reader is driven page by page). */
  onPage?: (size: number) => void;
}

/**
 * The voids of the period in creation order, one page at a time (cursor: createdAt, id). `onPage`
 * lets a test see that the reader is driven page by page.
 */
export async function* voidPages(
  scope: AuditScope,
  filter: VoidFilter,
  options: PageOptions = {},
): AsyncGenerator<AuditVoidRow[]> {
  const db = await getDb();
  const take = options.pageSize ?? AUDIT_PAGE_SIZE;
  let cursor: { createdAt: bigint; id: string } | null = null;
  for (;;) {
    const where = whereOf(scope, filter, options.month);
    const page: AuditVoidRow[] = await db.voidRecord.findMany({
      where: cursor
        ? {
            AND: [
              where,
              {
                OR: [
                  { createdAt: { gt: cursor.createdAt } },
                  { createdAt: cursor.createdAt, id: { gt: cursor.id } },
                ],
              },
            ],
          }
        : where,
      select: VOID_COLUMNS,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
    });
    options.onPage?.(page.length);
    if (page.length > 0) yield page;
    if (page.length < take) return;
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** The voids of the period, one at a time (through voidPages). */
export async function* eachVoid(
  scope: AuditScope,
  filter: VoidFilter,
  options?: PageOptions,
): AsyncGenerator<AuditVoidRow> {
  for await (const page of voidPages(scope, filter, options)) yield* page;
}

/** One void's stored ranges (and excepted ones): read for that void only. */
export async function rangesOf(
  scope: AuditScope,
  voidId: string,
): Promise<{ ranges: string; excepted: string | null }> {
  const db = await getDb();
  return db.voidRecord.findFirstOrThrow({
    where: { id: voidId, accountId: scope.accountId },
    select: { ranges: true, excepted: true },
  });
}

/** One void's signed ANECF as stored (gzip + base64). */
export async function signedXmlOf(scope: AuditScope, voidId: string): Promise<string> {
  const db = await getDb();
  const row = await db.voidRecord.findFirstOrThrow({
    where: { id: voidId, accountId: scope.accountId },
    select: { signedXmlGzip: true },
  });
  return row.signedXmlGzip;
}

/** The resends and late answers of one void (VoidSendAttempt), in order. */
export async function attemptsOf(scope: AuditScope, voidId: string) {
  const db = await getDb();
  return db.voidSendAttempt.findMany({
    where: { voidId, accountId: scope.accountId },
    orderBy: { attemptNumber: "asc" },
  });
}

/** The evidence files of one void, without their bytes. */
export async function evidenceListOf(scope: AuditScope, voidId: string) {
  const db = await getDb();
  return db.voidEvidence.findMany({
    where: { voidId, accountId: scope.accountId },
    select: { id: true, fileName: true, contentType: true, size: true, uploadedBy: true, createdAt: true },
    orderBy: { id: "asc" },
  });
}

/** One evidence file's bytes (as base64 text from the database: see settlement-repository.ts). */
export async function evidenceBytes(scope: AuditScope, evidenceId: string): Promise<Buffer> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ content: string }>>`
    SELECT encode("content", 'base64') AS "content" FROM "VoidEvidence"
    WHERE "id" = ${evidenceId} AND "accountId" = ${scope.accountId}`;
  return Buffer.from(rows[0]?.content ?? "", "base64");
}

/**
 * How many e-NCF each month's 608 holds: the sum of totalVoided (for a partial success, what DGII
 * voided) of the Aceptado voids with a reason, by the month of their fechaHoraAnulacion
 * (dd-MM-yyyy …: yyyy is at 7, MM at 4). Known before a line is written, as the header needs.
 */
export async function lines608ByMonth(scope: AuditScope): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ month: string; lines: bigint }>>`
    SELECT substr("fechaHoraAnulacion", 7, 4) || substr("fechaHoraAnulacion", 4, 2) AS "month",
           SUM("totalVoided")::bigint AS "lines"
    FROM "VoidRecord"
    WHERE "accountId" = ${scope.accountId} AND "environment" = ${scope.environment}::"Environment"
      AND "createdAt" >= ${BigInt(scope.startMs)} AND "createdAt" <= ${BigInt(scope.endMs)}
      AND "status" = 'Aceptado' AND "reasonCode" IS NOT NULL
    GROUP BY 1 ORDER BY 1`;
  return new Map(rows.map((row) => [row.month, Number(row.lines)]));
}

/** The voids of the period per kind, for the README.txt. */
export async function countsOf(scope: AuditScope): Promise<{ voids: number; withoutReason: number }> {
  const db = await getDb();
  const [voids, withoutReason] = await Promise.all([
    db.voidRecord.count({ where: whereOf(scope, "all") }),
    db.voidRecord.count({ where: whereOf(scope, "voided-without-reason") }),
  ]);
  return { voids, withoutReason };
}

/**
 * The company's activity log in the period, page by page (cursor: createdAt, id): the entries of this
 * environment and those of no environment (people, keys, certificates concern every environment).
 */
export async function* activityPages(
  scope: AuditScope,
  pageSize = 500,
): AsyncGenerator<Awaited<ReturnType<typeof activityPage>>> {
  let cursor: { createdAt: bigint; id: string } | null = null;
  for (;;) {
    const page = await activityPage(scope, cursor, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

async function activityPage(
  scope: AuditScope,
  cursor: { createdAt: bigint; id: string } | null,
  take: number,
) {
  const db = await getDb();
  const where: Prisma.ActivityLogEntryWhereInput = {
    accountId: scope.accountId,
    OR: [{ environment: scope.environment }, { environment: null }],
    createdAt: { gte: BigInt(scope.startMs), lte: BigInt(scope.endMs) },
  };
  return db.activityLogEntry.findMany({
    where: cursor
      ? {
          AND: [
            where,
            {
              OR: [
                { createdAt: { gt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { gt: cursor.id } },
              ],
            },
          ],
        }
      : where,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
  });
}
