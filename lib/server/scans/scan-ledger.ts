import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb } from "@/lib/server/platform/db";
import type { GapWindow } from "@/lib/domain/gap-deadline";
import { ALL_GAPS_MAX, allGapWindows, findGaps, getInventory } from "@/lib/server/ledger";

import { announceOnce } from "./announce";
import {
  authorizationAnnouncements,
  gapAnnouncements,
  gapDeadlineAnnouncements,
  type LedgerScope,
} from "./ledger-announcements";

/**
 * New ledger events per company × environment per run, at most: a company that first shows 100,000
 * gaps is told about the first 100 (the ledger's order, authorizations first), the next 100 an hour
 * later, and so on — never a flood of webhooks and notifications in one run.
 */
export const LEDGER_EVENTS_PER_RUN = 100;
/** Gaps read per findGaps call: one pass for nearly every company. */
const GAP_PAGE = 5_000;

type LedgerEventType =
  | "sequence.gap_detected"
  | "sequence.expiring"
  | "sequence.depleted"
  | "sequence.gap_deadline_approaching"
  | "sequence.gap_deadline_missed"
  | "sequence.forecast_request_by"
  | "sequence.forecast_unused";

const noneAnnounced = (): Record<LedgerEventType, number> => ({
  "sequence.gap_detected": 0,
  "sequence.expiring": 0,
  "sequence.depleted": 0,
  "sequence.gap_deadline_approaching": 0,
  "sequence.gap_deadline_missed": 0,
  "sequence.forecast_request_by": 0,
  "sequence.forecast_unused": 0,
});

export interface LedgerScanResult {
  /** Company × environment pairs read. */
  scopes: number;
  /** Events written, by type. */
  announced: Record<LedgerEventType, number>;
  /** Pairs whose scan failed (logged; the others still ran). */
  failed: number;
}

/**
 * The ledger scan (recurring job "scans.ledger"): for each company × environment with ledger data
 * (an authorization entered, or an import-coverage mark set), announces once each gap the ledger
 * proposes (sequence.gap_detected), each authorization reaching a warning threshold of its expiry
 * with numbers unused (sequence.expiring), each authorization used up (sequence.depleted), each
 * whose forecast says to request its successor within 7 days or leaves more than the company's share
 * unused at expiry (sequence.forecast_request_by / _unused), and,
 * where the company set a deadline to void gaps (GapDeadlineSetting, read once per run), each gap
 * near or past it (sequence.gap_deadline_approaching / _missed). It
 * computes nothing itself: getInventory and findGaps are the portal's own. `now` is the clock the
 * rules read (tests move it); the records carry the real time.
 */
export async function scanLedger(
  options: { now?: number; eventsPerRun?: number } = {},
): Promise<LedgerScanResult> {
  const now = options.now ?? Date.now();
  const perRun = options.eventsPerRun ?? LEDGER_EVENTS_PER_RUN;
  const [scopes, windows] = await Promise.all([ledgerScopes(), allGapWindows()]);
  const result: LedgerScanResult = { scopes: scopes.length, announced: noneAnnounced(), failed: 0 };
  for (const scope of scopes) {
    try {
      const window = windows.get(`${scope.accountId}:${scope.environment}`) ?? null;
      const counts = await scanScope(scope, now, perRun, window);
      for (const [type, count] of Object.entries(counts)) result.announced[type as LedgerEventType] += count;
    } catch (error) {
      result.failed += 1;
      logger.error(
        { err: error, accountId: scope.accountId, environment: scope.environment },
        "Ledger scan of a company failed",
      );
    }
  }
  const total = Object.values(result.announced).reduce((sum, count) => sum + count, 0);
  if (total > 0 || result.failed > 0) logger.info({ ...result }, "Ledger scan");
  if (result.failed > 0) {
    // The job counts as failed (/metrics); every other company was scanned and announced.
    throw new AppError(
      "INTERNAL_ERROR",
      `The ledger scan failed for ${result.failed} of ${result.scopes} company environments.`,
    );
  }
  return result;
}

/** Every company × environment with an authorization or a coverage mark (gaps need the mark). */
async function ledgerScopes(): Promise<LedgerScope[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ accountId: string; environment: Environment; rnc: string }>>`
    SELECT s."accountId", s."environment"::text AS "environment", a."rnc"
    FROM (
      SELECT "accountId", "environment" FROM "SequenceAuthorization"
      UNION
      SELECT "accountId", "environment" FROM "LedgerCoverage"
    ) s
    JOIN "Account" a ON a."id" = s."accountId"
    ORDER BY s."accountId", 2`;
  return rows.map((row) => ({
    accountId: row.accountId,
    environment: row.environment,
    customerId: row.rnc,
  }));
}

async function scanScope(
  scope: LedgerScope,
  now: number,
  perRun: number,
  window: GapWindow | null,
): Promise<Record<LedgerEventType, number>> {
  const counts = noneAnnounced();
  let budget = perRun;
  const inventory = await getInventory(scope.accountId, scope.environment, now);
  const forAuthorizations = authorizationAnnouncements(scope, inventory, now);
  const types = new Map(forAuthorizations.map((a) => [a.key, a.event.type]));
  for (const key of await announceOnce(scope.accountId, forAuthorizations, budget)) {
    counts[types.get(key) as LedgerEventType] += 1;
    budget -= 1;
  }
  let nextToken: string | undefined;
  let read = 0;
  while (budget > 0 && read < ALL_GAPS_MAX) {
    const page = await findGaps({
      accountId: scope.accountId,
      environment: scope.environment,
      internalLimit: GAP_PAGE,
      nextToken,
      now,
    });
    read += page.gaps.length;
    // A gap is announced before its deadline's events (the budget's order).
    const forGaps = [
      ...gapAnnouncements(scope, page.gaps),
      ...gapDeadlineAnnouncements(scope, page.gaps, window, now),
    ];
    const gapTypes = new Map(forGaps.map((a) => [a.key, a.event.type]));
    const announced = await announceOnce(scope.accountId, forGaps, budget);
    for (const key of announced) counts[gapTypes.get(key) as LedgerEventType] += 1;
    budget -= announced.length;
    nextToken = page.nextToken;
    if (!nextToken) break;
  }
  return counts;
}
