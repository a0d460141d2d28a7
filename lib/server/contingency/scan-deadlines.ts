import "server-only";

import { PENDING_SEND } from "@/lib/domain/dgii-submissions";
import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import { announceOnce, type Announcement } from "@/lib/server/scans";

import { deadlinesOf, receptionUnavailable, type DocumentDeadline } from "./document-deadlines";

export interface DeadlineScanResult {
  /** e-CF signed here and not yet received by DGII. */
  waiting: number;
  announced: number;
}

type Waiting = {
  id: string;
  accountId: string;
  environment: Environment;
  customerId: string;
  ncf: string;
  issuedAt: bigint | null;
  createdAt: bigint;
};

/**
 * The deadline scan (recurring job "contingency.deadlines"): every e-CF signed here that DGII has not
 * received ("Pendiente de envío") whose deadline is near (document.deadline_approaching, at the
 * company's share of the window) or past (document.deadline_missed), announced once per document and
 * event through AnnouncedCondition: a restart, a second instance or the next run never repeats one.
 * The tightest state only: a document first seen past its deadline gets the missed event alone.
 * Nothing is announced for an environment whose DGII reception is down (the status service): the
 * documents say "DGII no disponible" until it is back.
 */
export async function scanDeadlines(options: { now?: number } = {}): Promise<DeadlineScanResult> {
  const now = options.now ?? Date.now();
  const db = await getDb();
  const rows: Waiting[] = await db.document.findMany({
    where: { status: PENDING_SEND, source: "issued" },
    select: {
      id: true,
      accountId: true,
      environment: true,
      customerId: true,
      ncf: true,
      issuedAt: true,
      createdAt: true,
    },
  });
  const groups = new Map<string, Waiting[]>();
  for (const row of rows) {
    const key = `${row.accountId}:${row.environment}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const down = new Map<Environment, boolean>();
  let announced = 0;
  let failed = 0;
  for (const documents of groups.values()) {
    const { accountId, environment } = documents[0]!;
    try {
      if (!down.has(environment)) down.set(environment, await receptionUnavailable(environment));
      if (down.get(environment)) continue;
      const deadlines = await deadlinesOf(
        accountId,
        environment,
        documents.map((row) => ({
          ...row,
          source: "issued",
          status: PENDING_SEND,
          signedAt: signedAtOf(row),
        })),
        { now, receptionDown: false },
      );
      const announcements = documents.flatMap((row) => announcementOf(row, deadlines[row.ncf]));
      // One company and environment per transaction: one's failure never holds back another's.
      announced += (await announceOnce(accountId, announcements)).length;
    } catch (error) {
      failed += 1;
      logger.error({ err: error, accountId, environment }, "Deadline scan of a company failed");
    }
  }
  if (announced > 0 || failed > 0) logger.info({ waiting: rows.length, announced, failed }, "Deadline scan");
  if (failed > 0) {
    throw new AppError(
      "INTERNAL_ERROR",
      `The deadline scan failed for ${failed} of ${groups.size} companies.`,
    );
  }
  return { waiting: rows.length, announced };
}

const signedAtOf = (row: Waiting) => Number(row.issuedAt ?? row.createdAt);

function announcementOf(row: Waiting, deadline: DocumentDeadline | undefined): Announcement[] {
  if (!deadline || deadline.deadlineAt === null || deadline.basis === null || deadline.windowHours === null)
    return [];
  if (deadline.state !== "approaching" && deadline.state !== "missed") return [];
  const type = deadline.state === "missed" ? "document.deadline_missed" : "document.deadline_approaching";
  return [
    {
      key: `${type}:${row.id}`,
      event: {
        type,
        accountId: row.accountId,
        environment: row.environment,
        subjectId: row.id,
        payload: {
          documentId: row.id,
          ncf: row.ncf,
          customerId: row.customerId,
          environment: row.environment,
          signedAt: new Date(signedAtOf(row)).toISOString(),
          deadlineAt: new Date(deadline.deadlineAt).toISOString(),
          windowHours: deadline.windowHours,
          basis: deadline.basis,
        },
      },
    },
  ];
}
