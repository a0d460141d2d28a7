import type { Environment } from "./environments";
import { rolesAllow, type CompanyRole } from "./roles";
import { approvalRequired, type ApprovalPolicyView } from "./void-requests";

/**
 * The year-end close ("Cierre de año"), pure: which authorizations a campaign closes, the states of
 * one company in it, who may decide for a company, when a company's certificate stops its sends, the
 * Idempotency-Key of each void (so a restart never sends one twice) and the summary counts. The
 * ranges themselves come from the ledger's gap finder (its safety rules are not restated here).
 */

export const YEAR_END_CLOSE_STATUSES = ["proposed", "sending", "done", "cancelled"] as const;
export type YearEndCloseStatus = (typeof YEAR_END_CLOSE_STATUSES)[number];

/**
 * One company of a campaign:
 * - empty: nothing to void (or every range was withheld by the checks);
 * - awaiting_confirmation: a tail of an authorization still valid is proposed, and a person must
 *   confirm the company stopped issuing from it;
 * - awaiting_approval: its decision is due (by one of the company's approvers when its policy asks);
 * - approved / rejected: decided; only approved companies are sent;
 * - sending → done, or blocked (the certificate, or every range withdrawn by the checks at the send).
 */
export const COMPANY_CLOSE_STATES = [
  "empty",
  "awaiting_confirmation",
  "awaiting_approval",
  "approved",
  "rejected",
  "sending",
  "done",
  "blocked",
] as const;
export type CompanyCloseState = (typeof COMPANY_CLOSE_STATES)[number];

export type BlockedReason = "CERTIFICATE_MISSING" | "CERTIFICATE_EXPIRED" | "NOTHING_LEFT";

/** What a range is: an expired tail (proven by the ledger), a still-valid tail, a skipped number. */
export type CloseRangeKind = "vencida" | "vigente" | "salto";

export interface CloseRange {
  kind: CloseRangeKind;
  serie: string;
  tipoeCF: string;
  secuenciaDesde: string;
  secuenciaHasta: string;
  cantidad: number;
  authorizationId: string | null;
  /** The authorization's last day, dd-mm-aaaa (tails). */
  expiresOn: string | null;
  /** What was checked for it (the ledger's checks, and DGII's answer where the ledger does not know). */
  checked: {
    coverageMark: number;
    quietPeriodHours: number;
    /** The higher number issued before the cutoff that proves a skip, when there is one. */
    higherIssued: string | null;
    /** Asked DGII (consultatrackids, the range's edges): never received; "not-needed": the ledger proves it. */
    dgii: "never-received" | "not-needed";
  };
}

/** A range or series the checks kept out of the campaign, and why. */
export interface WithheldClose {
  serie: string;
  tipoeCF: string;
  secuenciaDesde: string | null;
  secuenciaHasta: string | null;
  reason: "NO_COVERAGE_MARK" | "QUIET_PERIOD" | "DGII_RECEIVED" | "DGII_UNKNOWN";
}

export interface CompanyProposal {
  ranges: CloseRange[];
  withheld: WithheldClose[];
  /** More ranges than a campaign carries per company were found; the rest wait for the next one. */
  capped: boolean;
}

/** The last day of the campaign's year (yyyy-MM-dd). */
export function yearEndIso(year: number): string {
  return `${year}-12-31`;
}

/** The authorizations whose tails the campaign closes: those with an expiry on or before the year's end. */
export function closingAuthorizations<T extends { expiresOn: string | null }>(
  authorizations: readonly T[],
  year: number,
): T[] {
  const end = yearEndIso(year);
  return authorizations.filter((auth) => auth.expiresOn !== null && auth.expiresOn <= end);
}

/** Sequences the proposal voids in all. */
export function totalSequences(ranges: readonly Pick<CloseRange, "cantidad">[]): number {
  return ranges.reduce((sum, range) => sum + range.cantidad, 0);
}

/** A still-valid tail is sent only after a person confirms the company stopped issuing from it. */
export function needsConfirmation(ranges: readonly Pick<CloseRange, "kind">[]): boolean {
  return ranges.some((range) => range.kind === "vigente");
}

/** The state a company's proposal leaves it in. */
export function stateAfterProposal(
  ranges: readonly Pick<CloseRange, "kind">[],
  confirmed: boolean,
): CompanyCloseState {
  if (ranges.length === 0) return "empty";
  if (needsConfirmation(ranges) && !confirmed) return "awaiting_confirmation";
  return "awaiting_approval";
}

/** Does the company's policy (per company and environment) ask an approver to decide? */
export function closeNeedsApprover(
  policy: ApprovalPolicyView | null,
  environment: Environment,
  ranges: readonly Pick<CloseRange, "cantidad">[],
): boolean {
  return approvalRequired(policy, environment, totalSequences(ranges));
}

export type DecideRefusal = "NOT_APPROVER" | "REQUESTER" | "NOT_DECIDABLE" | "NOT_MEMBER";

/**
 * May this person decide for the company? Where its policy asks for an approval: one of that
 * company's approvers, never the person who started the campaign (the requester never approves).
 * Elsewhere: the organization's administrator or a person who may send the company's voids.
 */
export function closeDecisionRefusal(input: {
  state: CompanyCloseState;
  approvalRequired: boolean;
  userId: string;
  createdById: string;
  /** The person's roles in that company (null: not a member). */
  roles: readonly CompanyRole[] | null;
  organizationAdmin: boolean;
}): DecideRefusal | null {
  if (input.state !== "awaiting_approval") return "NOT_DECIDABLE";
  if (input.approvalRequired) {
    if (!input.roles || !rolesAllow(input.roles, "voids.approve")) return "NOT_APPROVER";
    if (input.userId === input.createdById) return "REQUESTER";
    return null;
  }
  if (input.organizationAdmin) return null;
  if (!input.roles) return "NOT_MEMBER";
  return rolesAllow(input.roles, "voids.send") || rolesAllow(input.roles, "voids.approve")
    ? null
    : "NOT_APPROVER";
}

/**
 * Nothing is sent for a company whose certificate is missing or no longer valid at the send (a
 * certificate expiring within `marginMs` counts as expired: DGII would refuse a signature made
 * with it before the send is answered).
 */
export function certificateBlock(
  certificate: { notAfter: number } | null,
  now: number,
  marginMs = 60_000,
): BlockedReason | null {
  if (!certificate) return "CERTIFICATE_MISSING";
  return certificate.notAfter <= now + marginMs ? "CERTIFICATE_EXPIRED" : null;
}

/**
 * The Idempotency-Key of one chunk's void: the same at every run, so a restart replays, never resends.
 * `sub` numbers the further voids a chunk needs when the checks at the send split its ranges past
 * DGII's 10,000 per type (0, the first, keeps the chunk's own key).
 */
export function closeIdempotencyKey(closeId: string, accountId: string, chunk: number, sub = 0): string {
  return `year-end-close:${closeId}:${accountId}:${chunk}${sub === 0 ? "" : `.${sub}`}`;
}

export type ChunkStatus = "Aceptado" | "Rechazado" | "Error" | "withdrawn" | "refused";

/** One void of a company (a chunk of at most 10,000 ranges per type), as the campaign recorded it. */
export interface CloseChunk {
  index: number;
  idempotencyKey: string;
  ranges: number;
  sequences: number;
  voidId: string | null;
  status: ChunkStatus | null;
  /** Aceptado for only part of the ranges (DGII voided what it could). */
  partial: boolean;
  /** Why nothing was sent (refused: the void path's error code; withdrawn: the checks at the send). */
  code: string | null;
  message: string | null;
}

export interface CloseSummary {
  accepted: number;
  rejected: number;
  partial: number;
  /** Sent with no answer known yet (Error): the void history's "Por confirmar". */
  toSettle: number;
  /** Not sent: refused by the void path's checks, or withdrawn by the campaign's checks at the send. */
  notSent: number;
  blockedCompanies: number;
  doneCompanies: number;
  companies: number;
}

/** The campaign's summary from its companies' states and chunks. */
export function closeSummary(
  companies: ReadonlyArray<{ state: CompanyCloseState; chunks: readonly CloseChunk[] }>,
): CloseSummary {
  const summary: CloseSummary = {
    accepted: 0,
    rejected: 0,
    partial: 0,
    toSettle: 0,
    notSent: 0,
    blockedCompanies: 0,
    doneCompanies: 0,
    companies: companies.length,
  };
  for (const company of companies) {
    if (company.state === "blocked") summary.blockedCompanies += 1;
    if (company.state === "done") summary.doneCompanies += 1;
    for (const chunk of company.chunks) {
      if (chunk.status === "Aceptado" && chunk.partial) summary.partial += 1;
      else if (chunk.status === "Aceptado") summary.accepted += 1;
      else if (chunk.status === "Rechazado") summary.rejected += 1;
      else if (chunk.status === "Error") summary.toSettle += 1;
      else if (chunk.status === "withdrawn" || chunk.status === "refused") summary.notSent += 1;
    }
  }
  return summary;
}

/** Share of the approved companies' work finished (0–1), for the progress bar. */
export function closeProgress(
  companies: ReadonlyArray<{ state: CompanyCloseState; chunks: readonly CloseChunk[] }>,
): { finished: number; total: number } {
  const sending = companies.filter((company) =>
    ["approved", "sending", "done", "blocked"].includes(company.state),
  );
  const finished = sending.filter((company) => company.state === "done" || company.state === "blocked");
  return { finished: finished.length, total: sending.length };
}
