import "server-only";

import { nearestDeadline, type EcfDeadline } from "@/lib/domain/ecf-deadline";
import type { Environment } from "@/lib/domain/environments";
import type { VoidServiceStatus } from "@/lib/domain/void-service-status";
import { listCompanyMembers } from "@/lib/server/accounts";
import { countPendingForApprover } from "@/lib/server/approvals/list-void-requests";
import { listApiKeys, type AuthContext } from "@/lib/server/auth";
import { deadlinesOf } from "@/lib/server/contingency";
import { countAwaitingVerdict, oldestAwaitingReception } from "@/lib/server/documents";
import { getIssuerCertification } from "@/lib/server/issuing";
import { findGaps, getInventory } from "@/lib/server/ledger";
import { listActivity, type ActivityEntryView } from "@/lib/server/platform/activity/list-activity";

import { loadCertificateState, type CertificateState } from "./certificate-state";
import { mayTake } from "./page-auth";
import { voidServiceStatus } from "./void-service-notice";
import { pendingVoidCount } from "./void-settlement";

/** Gaps the home reads at most: past it, it says "more than" (the review on Secuencias has them all). */
export const HOME_GAPS_LIMIT = 100;
/** The activity entries the home shows (the activity page has the rest). */
export const HOME_ACTIVITY_SHOWN = 5;

/** One step of a new company's setup, done or not. */
export type ChecklistStepId = "certificate" | "authorizations" | "coverage" | "apiKey" | "approver";
export interface ChecklistStep {
  id: ChecklistStepId;
  done: boolean;
}

/**
 * What needs doing in one company and environment, for one person. A part the person may not act
 * on or see is null (their navigation does not offer its page either).
 */
export interface HomeData {
  certificate: CertificateState;
  /** DGII's Anulación Rangos; null without TAXAUTH_STATUS_API_KEY. */
  service: VoidServiceStatus | null;
  /** Voids and issued e-CF waiting for a person ("Por confirmar"); approvers only. */
  toSettle: number | null;
  /** Void requests this person may decide (never their own); approvers only. */
  requestsWaiting: number | null;
  /** Gaps the ledger proposes to void (ranges), up to HOME_GAPS_LIMIT; `more` when there are more. */
  gaps: { count: number; more: boolean };
  /** Authorizations whose alerts ask for action: expiring soon, running low, expired with numbers left. */
  authorizations: { expiring: number; low: number; expiredUnused: number };
  /** e-CF waiting for DGII's verdict, per status. */
  awaitingVerdict: {
    pendingSend: number;
    inProcess: number;
    /** Of the e-CF signed here that DGII has not received: the deadline to see first (null: none waits). */
    nearestDeadline: EcfDeadline | null;
  };
  /** The newest activity entries of the company; administrators only (activity.read). */
  activity: ActivityEntryView[] | null;
  /** A new company's setup for its administrators; null once every step is done or for others. */
  checklist: ChecklistStep[] | null;
}

/** Everything the home counts, read at once; each count is the one its own page uses. */
export async function loadHome(
  auth: AuthContext,
  environment: Environment,
  now: number = Date.now(),
): Promise<HomeData> {
  const { accountId } = auth;
  const admin = mayTake(auth, "users.manage");
  const [certificate, service, toSettle, requestsWaiting, gaps, inventory, counted, nearest, activity] =
    await Promise.all([
      loadCertificateState(accountId, now),
      voidServiceStatus(environment),
      mayTake(auth, "voids.settle") ? pendingVoidCount(accountId, environment) : null,
      mayTake(auth, "voids.approve") ? countPendingForApprover(auth, environment, now) : null,
      findGaps({ accountId, environment, limit: String(HOME_GAPS_LIMIT), now }),
      getInventory(accountId, environment, now),
      countAwaitingVerdict(accountId, environment),
      nearestReceptionDeadline(accountId, environment, now),
      mayTake(auth, "activity.read")
        ? listActivity({ accountId }, {}, { limit: HOME_ACTIVITY_SHOWN }).then((page) => page.items)
        : null,
    ]);
  const awaitingVerdict = { ...counted, nearestDeadline: nearest };
  const authorizations = { expiring: 0, low: 0, expiredUnused: 0 };
  for (const type of inventory.types) {
    for (const authorization of type.authorizations) {
      for (const alert of authorization.alerts) {
        if (alert.code === "EXPIRING") authorizations.expiring += 1;
        else if (alert.code === "LOW_AVAILABLE") authorizations.low += 1;
        else authorizations.expiredUnused += 1;
      }
    }
  }
  const checklist = admin
    ? await setupChecklist(auth, environment, {
        certificate: certificate.state !== "missing",
        authorizations: inventory.types.some((type) => type.authorizations.length > 0),
        coverageMark: inventory.coverageMark !== null,
      })
    : null;
  return {
    certificate,
    service,
    toSettle,
    requestsWaiting,
    gaps: { count: gaps.gaps.length, more: gaps.nextToken !== undefined },
    authorizations,
    awaitingVerdict,
    activity,
    checklist: checklist && checklist.every((step) => step.done) ? null : checklist,
  };
}

/** The nearest deadline of the e-CF signed here that DGII has not received, by the documents list's rule. */
async function nearestReceptionDeadline(
  accountId: string,
  environment: Environment,
  now: number,
): Promise<EcfDeadline | null> {
  const waiting = await oldestAwaitingReception(accountId, environment);
  if (waiting.length === 0) return null;
  return nearestDeadline(Object.values(await deadlinesOf(accountId, environment, waiting, { now })));
}

/**
 * A new company's setup: its certificate, DGII's authorizations of this environment, the
 * import-coverage mark (or DGII's certification as an issuer: Anula issues, so it knows every
 * number), an API key that works in this environment, and an approver besides this person (four eyes).
 */
async function setupChecklist(
  auth: AuthContext,
  environment: Environment,
  known: { certificate: boolean; authorizations: boolean; coverageMark: boolean },
): Promise<ChecklistStep[]> {
  const [issuer, keys, members] = await Promise.all([
    known.coverageMark ? null : getIssuerCertification(auth.accountId),
    listApiKeys(auth.accountId),
    listCompanyMembers(auth.accountId),
  ]);
  return [
    { id: "certificate", done: known.certificate },
    { id: "authorizations", done: known.authorizations },
    { id: "coverage", done: known.coverageMark || issuer !== null },
    {
      id: "apiKey",
      done: keys.some(
        (key) => key.revokedAt === null && (key.environment === null || key.environment === environment),
      ),
    },
    {
      id: "approver",
      done: members.some(
        (member) => member.id !== auth.userId && !member.disabled && member.roles.includes("approver"),
      ),
    },
  ];
}
