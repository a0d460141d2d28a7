import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { normalizeBySerieTipo } from "@/lib/domain/intervals";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import { storedRequestRanges } from "@/lib/server/platform/db/stored-ranges";

/** Final voids taken in per round trip of the sync. */
const SYNC_BATCH = 50;

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * The ledger's voided numbers are VoidedInterval rows: the exact intervals DGII voided (for a
 * partial success the record's `ranges` already hold only those), merged per void and series+type.
 * They are written here, from the record, for every final void the ledger has not taken in yet
 * (`ledgerSyncedAt` null): an accepted one on the void path, a settled Aceptado, a late answer, or
 * records older than the ledger — whichever path made it final, the next ledger read or pre-void
 * check takes it in. Error voids stay out (their outcome is unknown); Rechazado ones are only marked.
 * Idempotent and safe under concurrency: the mark and the rows are one statement, so two instances
 * never write a void's rows twice. Returns how many voids it took in.
 */
export async function syncVoidedIntervals(
  accountId?: string,
  environment?: Environment,
  now = Date.now(),
): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const pending = await db.voidRecord.findMany({
      where: {
        ...(accountId !== undefined ? { accountId } : {}),
        ...(environment !== undefined ? { environment } : {}),
        ledgerSyncedAt: null,
        status: { not: "Error" },
      },
      select: { id: true, status: true, ranges: true },
      take: SYNC_BATCH,
    });
    if (pending.length === 0) return total;
    for (const row of pending) {
      if (row.status === "Aceptado") await writeVoidedIntervals(db, row.id, row.ranges, now);
      else
        await db.voidRecord.updateMany({
          where: { id: row.id, ledgerSyncedAt: null },
          data: { ledgerSyncedAt: BigInt(now) },
        });
    }
    total += pending.length;
  }
}

/** One statement: mark the void taken in and insert its merged intervals (unnest of 4 arrays). */
async function writeVoidedIntervals(db: Db, voidId: string, stored: string, now: number): Promise<void> {
  const series: string[] = [];
  const tipos: string[] = [];
  const desdes: string[] = [];
  const hastas: string[] = [];
  for (const [key, set] of normalizeBySerieTipo(storedRequestRanges(stored))) {
    for (const interval of set) {
      series.push(key.slice(0, 1));
      tipos.push(key.slice(1));
      desdes.push(String(interval.desde));
      hastas.push(String(interval.hasta));
    }
  }
  await db.$executeRaw`
    WITH marked AS (
      UPDATE "VoidRecord" SET "ledgerSyncedAt" = ${BigInt(now)}
      WHERE "id" = ${voidId} AND "ledgerSyncedAt" IS NULL AND "status" = 'Aceptado'
      RETURNING "id", "accountId", "environment"
    )
    INSERT INTO "VoidedInterval" ("voidId", "accountId", "environment", "serie", "tipoeCF", "desde", "hasta")
    SELECT marked."id", marked."accountId", marked."environment", v.serie, v.tipo, v.desde, v.hasta
    FROM marked CROSS JOIN unnest(${series}::text[], ${tipos}::text[], ${desdes}::bigint[], ${hastas}::bigint[])
      AS v(serie, tipo, desde, hasta)`;
}

export const VOIDED_INTERVALS_BACKFILL_STEP = "ledger-voided-intervals-v1";

/**
 * Start-up step (lib/server/runtime): takes in every final void of every company once, recorded as
 * done in RuntimeStep. Records above 64 KB are gzip + base64, which a SQL migration cannot read, so
 * the migration that brought the ledger leaves this to the application. Reads after it stay correct
 * without it (each ledger read syncs its company first); it only moves the work to the start.
 */
export async function backfillVoidedIntervals(now = Date.now()): Promise<{ ran: boolean; voids: number }> {
  const db = await getDb();
  const done = await db.runtimeStep.findUnique({ where: { id: VOIDED_INTERVALS_BACKFILL_STEP } });
  if (done) return { ran: false, voids: 0 };
  const started = performance.now();
  const voids = await syncVoidedIntervals(undefined, undefined, now);
  // Instances starting together may both run it (the sync is idempotent); the first mark stands.
  // Not upsert: Prisma's upsert reads then inserts, and the second instance failed on the key.
  await db.runtimeStep.createMany({
    data: [{ id: VOIDED_INTERVALS_BACKFILL_STEP, doneAt: BigInt(now) }],
    skipDuplicates: true,
  });
  logger.info({ voids, ms: Math.round(performance.now() - started) }, "Ledger: voided intervals backfilled");
  return { ran: true, voids };
}
