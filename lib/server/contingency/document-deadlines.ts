import "server-only";

import { PENDING_SEND } from "@/lib/domain/dgii-submissions";
import { ecfDeadline, signedInContingency, type EcfDeadline } from "@/lib/domain/ecf-deadline";
import type { Environment } from "@/lib/domain/environments";
import { currentReceptionServiceStatus } from "@/lib/server/platform/taxauth/service-status";

import { getDeadlineSettings, type DeadlineSettings } from "./deadline-settings";
import { periodsSince } from "./periods";

/** A document as the deadline needs it: where it came from, its status, when it was signed. */
export interface DeadlineSubject {
  ncf: string;
  /** "issued" for an e-CF signed here (the only ones with a deadline). */
  source: string;
  status: string;
  /** When it was signed here (Document.issuedAt; createdAt for an issued one: the same instant). */
  signedAt: number;
}

/** An e-CF's deadline, and whether it was signed in a declared contingency. */
export interface DocumentDeadline extends EcfDeadline {
  inContingency: boolean;
}

/** Signed here and not yet received by DGII: what carries an age and, maybe, a deadline. */
export function awaitsReception(subject: Pick<DeadlineSubject, "source" | "status">): boolean {
  return subject.source === "issued" && subject.status === PENDING_SEND;
}

/**
 * Whether DGII's reception of e-CF is unavailable in `environment` now (down, or in an announced
 * maintenance window), as the status service last said; false when unknown or not configured. Always
 * the wall clock's now: DGII's status is a fact of the present, whatever instant a deadline is read at.
 */
export async function receptionUnavailable(environment: Environment): Promise<boolean> {
  const status = await currentReceptionServiceStatus(environment);
  return status?.state === "down" || status?.state === "maintenance";
}

/**
 * The deadline of each subject that awaits DGII's reception (others are left out), by e-NCF: one read
 * of the company's periods and settings and one of DGII's status for the whole list.
 */
export async function deadlinesOf(
  accountId: string,
  environment: Environment,
  subjects: readonly DeadlineSubject[],
  options: { now?: number; settings?: DeadlineSettings; receptionDown?: boolean } = {},
): Promise<Record<string, DocumentDeadline>> {
  const waiting = subjects.filter(awaitsReception);
  if (waiting.length === 0) return {};
  const now = options.now ?? Date.now();
  const since = Math.min(...waiting.map((subject) => subject.signedAt));
  const [periods, settings, receptionDown] = await Promise.all([
    periodsSince(accountId, environment, since),
    options.settings ?? getDeadlineSettings(accountId),
    options.receptionDown ?? receptionUnavailable(environment),
  ]);
  const deadlines: Record<string, DocumentDeadline> = {};
  for (const subject of waiting) {
    const inContingency = signedInContingency(subject.signedAt, periods);
    deadlines[subject.ncf] = {
      inContingency,
      ...ecfDeadline({
        signedAt: subject.signedAt,
        inContingency,
        deferredWindowHours: settings.deferredWindowHours,
        approachingPercent: settings.approachingPercent,
        receptionDown,
        now,
      }),
    };
  }
  return deadlines;
}

/** Whether an e-CF of the company signed at `signedAt` was signed in a declared contingency (its PDF's legend). */
export async function issuedInContingency(
  accountId: string,
  environment: Environment,
  signedAt: number,
): Promise<boolean> {
  return signedInContingency(signedAt, await periodsSince(accountId, environment, signedAt));
}
