import "server-only";

import { SANTO_DOMINGO_OFFSET_MS } from "@/lib/domain/fecha";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, inTransaction, type PrismaClient } from "@/lib/server/platform/db";

import { digestEmail, immediateEmail, type MailedNotification } from "./email-text";
import { getMailer, type Mailer } from "./mailer";

/**
 * E-mail of the notifications, when SMTP_URL is configured:
 * - "immediate" people get one message per notification (sendImmediateEmails, a recurring job);
 * - "daily" people get one digest a day with everything not yet e-mailed (sendDailyDigests);
 * - "off" people get nothing (the bell still shows everything).
 *
 * A claim is a transaction that locks the rows it sends (FOR UPDATE SKIP LOCKED, so two instances
 * never send one notification twice) and sets emailedAt only for what the SMTP server accepted, in
 * the same transaction: a failure leaves emailedAt null and the next run tries again (at least
 * once); a crash after the server accepted and before the commit is the only way to a second copy.
 * Only notifications of the last day are sent at once (a person who switches to "immediate" does
 * not get months of old ones), and only to members of the notification's company.
 */

const DAY_MS = 86_400_000;
/** Notifications older than this are no longer e-mailed one by one. */
const IMMEDIATE_WINDOW_MS = DAY_MS;
/** A digest covers at most this far back. */
const DIGEST_WINDOW_MS = 7 * DAY_MS;
/** The digest's hour in Santo Domingo (after it, the day's digest goes). */
export const DIGEST_HOUR = 7;
const IMMEDIATE_BATCH = 20;
/** SMTP talks inside the claim: give a batch time for slow servers, never forever. */
const CLAIM_TIMEOUT_MS = 120_000;

interface MailRow {
  id: string;
  userId: string;
  email: string;
  type: string;
  data: unknown;
  environment: string | null;
  createdAt: bigint;
  companyName: string;
  rnc: string;
}

export interface SendResult {
  sent: number;
  failed: number;
}

function mailed(row: MailRow): MailedNotification {
  return {
    type: row.type,
    data: row.data,
    environment: row.environment,
    createdAt: Number(row.createdAt),
    companyName: row.companyName,
    rnc: row.rnc,
  };
}

/**
 * A failure that concerns one recipient (the server refused that address): the batch goes on.
 * Anything else (connection, authentication) stops it; the rest waits for the next run.
 */
function recipientOnly(error: unknown): boolean {
  const smtp = error as { responseCode?: number; command?: string };
  return smtp.command === "RCPT TO" && typeof smtp.responseCode === "number";
}

/** One run of the "immediate" job: at most `limit` messages. */
export async function sendImmediateEmails(
  options: { now?: number; limit?: number } = {},
): Promise<SendResult> {
  const mailer = getMailer();
  if (!mailer) return { sent: 0, failed: 0 };
  const now = options.now ?? Date.now();
  const since = BigInt(now - IMMEDIATE_WINDOW_MS);
  const db = await getDb();
  const waiting = await db.$queryRaw<Array<{ id: string }>>`
    SELECT n."id" FROM "Notification" n JOIN "User" u ON u."id" = n."userId"
    WHERE n."emailedAt" IS NULL AND n."createdAt" > ${since}
      AND u."notificationEmail" = 'immediate' AND NOT u."disabled" AND u."email" LIKE '%@%'
    LIMIT 1`;
  if (waiting.length === 0) return { sent: 0, failed: 0 };
  // A server that does not answer fails the run here, before anything is claimed.
  await mailer.verify();
  const origin = loadConfig().nextAuthUrl;
  return inTransaction(
    db,
    async (tx) => {
      const rows = await tx.$queryRaw<MailRow[]>`
        SELECT n."id", n."userId", u."email", n."type", n."data", n."environment"::text AS "environment",
               n."createdAt", a."name" AS "companyName", a."rnc"
        FROM "Notification" n
        JOIN "User" u ON u."id" = n."userId"
        JOIN "Account" a ON a."id" = n."accountId"
        WHERE n."emailedAt" IS NULL AND n."createdAt" > ${since}
          AND u."notificationEmail" = 'immediate' AND NOT u."disabled" AND u."email" LIKE '%@%'
          AND EXISTS (SELECT 1 FROM "CompanyMember" m WHERE m."accountId" = n."accountId" AND m."userId" = n."userId")
        ORDER BY n."createdAt", n."id"
        LIMIT ${options.limit ?? IMMEDIATE_BATCH}
        FOR UPDATE OF n SKIP LOCKED`;
      const sent: string[] = [];
      let failed = 0;
      for (const row of rows) {
        try {
          await mailer.send({ to: row.email, ...immediateEmail(mailed(row), origin) });
          sent.push(row.id);
        } catch (error) {
          failed += 1;
          logFailure(error, row.userId);
          if (!recipientOnly(error)) break;
        }
      }
      await markEmailed(tx, sent, now);
      return { sent: sent.length, failed };
    },
    { timeoutMs: CLAIM_TIMEOUT_MS },
  );
}

/** The most recent digest time (DIGEST_HOUR in Santo Domingo) at or before `now`. */
export function digestCutoff(now: number): number {
  const local = now + SANTO_DOMINGO_OFFSET_MS - DIGEST_HOUR * 3_600_000;
  return Math.floor(local / DAY_MS) * DAY_MS + DIGEST_HOUR * 3_600_000 - SANTO_DOMINGO_OFFSET_MS;
}

/**
 * One run of the digest job (it runs often; a digest goes once a day): each "daily" person gets
 * one message with their notifications not yet e-mailed from before today's digest time. Those
 * after it wait for tomorrow's, so a second run the same day finds nothing to send; a day the
 * instances were down is sent by the first run after.
 */
export async function sendDailyDigests(options: { now?: number } = {}): Promise<SendResult> {
  const mailer = getMailer();
  if (!mailer) return { sent: 0, failed: 0 };
  const now = options.now ?? Date.now();
  const cutoff = BigInt(digestCutoff(now));
  const since = cutoff - BigInt(DIGEST_WINDOW_MS);
  const db = await getDb();
  const users = await db.$queryRaw<Array<{ userId: string }>>`
    SELECT DISTINCT n."userId" FROM "Notification" n JOIN "User" u ON u."id" = n."userId"
    WHERE n."emailedAt" IS NULL AND n."createdAt" > ${since} AND n."createdAt" <= ${cutoff}
      AND u."notificationEmail" = 'daily' AND NOT u."disabled" AND u."email" LIKE '%@%'`;
  if (users.length === 0) return { sent: 0, failed: 0 };
  await mailer.verify();
  const origin = loadConfig().nextAuthUrl;
  const result: SendResult = { sent: 0, failed: 0 };
  for (const { userId } of users) {
    const outcome = await sendDigestOf(db, mailer, userId, { since, cutoff, now, origin });
    if (outcome === "sent") result.sent += 1;
    if (outcome === "failed") {
      result.failed += 1;
      break; // the server is in trouble: the others wait for the next run
    }
  }
  return result;
}

async function sendDigestOf(
  db: PrismaClient,
  mailer: Mailer,
  userId: string,
  window: { since: bigint; cutoff: bigint; now: number; origin: string | undefined },
): Promise<"sent" | "failed" | "nothing"> {
  return inTransaction(
    db,
    async (tx) => {
      // The person's row is the claim: another instance's run skips them while this one sends.
      const claimed = await tx.$queryRaw<Array<{ email: string }>>`
        SELECT "email" FROM "User"
        WHERE "id" = ${userId} AND "notificationEmail" = 'daily' AND NOT "disabled" AND "email" LIKE '%@%'
        FOR UPDATE SKIP LOCKED`;
      if (claimed.length === 0) return "nothing";
      const rows = await tx.$queryRaw<MailRow[]>`
        SELECT n."id", n."userId", ${claimed[0]!.email} AS "email", n."type", n."data",
               n."environment"::text AS "environment", n."createdAt", a."name" AS "companyName", a."rnc"
        FROM "Notification" n JOIN "Account" a ON a."id" = n."accountId"
        WHERE n."userId" = ${userId} AND n."emailedAt" IS NULL
          AND n."createdAt" > ${window.since} AND n."createdAt" <= ${window.cutoff}
          AND EXISTS (SELECT 1 FROM "CompanyMember" m WHERE m."accountId" = n."accountId" AND m."userId" = n."userId")
        ORDER BY a."name", n."environment", n."createdAt", n."id"
        FOR UPDATE OF n SKIP LOCKED`;
      if (rows.length === 0) return "nothing";
      try {
        await mailer.send({ to: claimed[0]!.email, ...digestEmail(rows.map(mailed), window.origin) });
      } catch (error) {
        logFailure(error, userId);
        return "failed";
      }
      await markEmailed(
        tx,
        rows.map((row) => row.id),
        window.now,
      );
      return "sent";
    },
    { timeoutMs: CLAIM_TIMEOUT_MS },
  );
}

async function markEmailed(tx: PrismaClient, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`UPDATE "Notification" SET "emailedAt" = ${BigInt(now)} WHERE "id" = ANY(${ids}::text[])`;
}

/** Never the message or the address: the user's id and the server's answer code are enough. */
function logFailure(error: unknown, userId: string): void {
  const smtp = error as { code?: string; responseCode?: number; command?: string };
  logger.warn(
    { userId, code: smtp.code, responseCode: smtp.responseCode, command: smtp.command },
    "Notification e-mail not sent (it is tried again at the next run)",
  );
}
