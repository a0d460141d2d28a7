import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { CompanyRole } from "@/lib/domain/roles";
import {
  closeDecisionRefusal,
  closeNeedsApprover,
  closeProgress,
  closeSummary,
  stateAfterProposal,
  totalSequences,
  type CloseChunk,
  type CompanyCloseState,
  type CompanyProposal,
  type YearEndCloseStatus,
} from "@/lib/domain/year-end-close";
import { AppError } from "@/lib/errors";
import { getApprovalPolicy } from "@/lib/server/approvals";
import { requirePermission, type AuthContext } from "@/lib/server/auth";
import { getActiveCertificateSummary } from "@/lib/server/certificates";
import { getDb, type Prisma } from "@/lib/server/platform/db";
import type { RawSql } from "@/lib/server/platform/db/db-or-tx";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { validateBody } from "@/lib/server/platform/http/validate-body";
import {
  createYearEndCloseSchema,
  yearEndCloseDecisionSchema,
  type yearEndCloseSchema,
} from "@/lib/schemas/year-end-close";
import type { z } from "zod";

import { proposeForCompany } from "./propose";

/** Ranges of a company the campaign's view lists (the rest are counted; the sends take them all). */
export const RANGES_SHOWN = 200;

/** The campaign as the API answers it: the response schema's type, so the two cannot drift apart. */
export type YearEndCloseView = z.infer<typeof yearEndCloseSchema>;
export type CompanyCloseView = YearEndCloseView["companies"][number];

/**
 * Starts a year-end close for the organization of the caller (its administrators): every company
 * gets its proposal with the checks done for each range, and the state it leaves it in.
 */
export async function createYearEndClose(
  auth: AuthContext,
  environment: Environment,
  body: unknown,
  now = Date.now(),
): Promise<YearEndCloseView> {
  requirePermission(auth, "organization.manage");
  const input = { environment, ...validateBody(createYearEndCloseSchema, body) };
  const db = await getDb();
  const companies = await db.account.findMany({
    where: { organizationId: auth.organizationId },
    orderBy: [{ name: "asc" }, { rnc: "asc" }],
    select: { id: true, rnc: true },
  });
  const close = await db.yearEndClose.create({
    data: {
      organizationId: auth.organizationId,
      environment: input.environment,
      year: input.year,
      includeSkipped: input.includeSkipped ?? false,
      status: "proposed",
      createdById: auth.userId,
      createdBy: auth.actor,
      createdAt: BigInt(now),
      updatedAt: BigInt(now),
    },
  });
  for (const [position, company] of companies.entries()) {
    const proposal = await proposeForCompany({
      accountId: company.id,
      rnc: company.rnc,
      environment: input.environment,
      year: input.year,
      includeSkipped: input.includeSkipped ?? false,
      now,
    });
    const policy = await getApprovalPolicy(company.id, input.environment);
    const state = stateAfterProposal(proposal.ranges, false);
    const approvalRequired = closeNeedsApprover(policy, input.environment, proposal.ranges);
    await db.$transaction(async (tx) => {
      await tx.yearEndCloseCompany.create({
        data: {
          closeId: close.id,
          accountId: company.id,
          position,
          state,
          proposal: proposal as unknown as Prisma.InputJsonValue,
          approvalRequired,
          chunks: [],
          updatedAt: BigInt(now),
        },
      });
      if (state === "awaiting_approval" && approvalRequired)
        await announceAwaitingDecision(tx, close, company.id, proposal, now);
    });
  }
  return getYearEndClose(auth, close.id, environment);
}

/** The campaigns of the caller's organization, newest first (id, environment, year, status). */
export async function listYearEndCloses(
  auth: AuthContext,
  environment: Environment,
): Promise<
  Array<{ id: string; environment: Environment; year: number; status: YearEndCloseStatus; createdAt: number }>
> {
  await readableCompanies(auth);
  const db = await getDb();
  const rows = await db.yearEndClose.findMany({
    where: { organizationId: auth.organizationId, environment },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((row) => ({
    id: row.id,
    environment: row.environment as Environment,
    year: row.year,
    status: row.status as YearEndCloseStatus,
    createdAt: Number(row.createdAt),
  }));
}

/**
 * The campaign as its screen shows it: each company with its ranges and checks, state, decision and
 * voids (statuses read again from the void records, so a late answer or a settlement shows), the
 * progress and the summary. Organization administrators see every company; anyone else only the
 * companies they hold a role in.
 */
export async function getYearEndClose(
  auth: AuthContext,
  closeId: string,
  environment?: Environment,
): Promise<YearEndCloseView> {
  const visible = await readableCompanies(auth);
  const db = await getDb();
  const close = await findClose(auth, closeId, environment);
  const rows = await db.yearEndCloseCompany.findMany({ where: { closeId }, orderBy: { position: "asc" } });
  const shown = rows.filter((row) => visible === "all" || visible.has(row.accountId));
  const accounts = await db.account.findMany({
    where: { id: { in: shown.map((row) => row.accountId) }, organizationId: auth.organizationId },
    select: { id: true, rnc: true, name: true },
  });
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const voidIds = shown.flatMap((row) =>
    chunksOf(row.chunks).flatMap((chunk) => (chunk.voidId ? [chunk.voidId] : [])),
  );
  const voids = voidIds.length
    ? await db.voidRecord.findMany({
        where: { id: { in: voidIds }, accountId: { in: shown.map((row) => row.accountId) } },
        select: { id: true, status: true, excepted: true },
      })
    : [];
  const voidById = new Map(voids.map((record) => [record.id, record]));
  const companies: CompanyCloseView[] = [];
  for (const row of shown) {
    const account = byId.get(row.accountId);
    if (!account) continue;
    const proposal = row.proposal as unknown as CompanyProposal;
    const certificate = await getActiveCertificateSummary(row.accountId);
    const chunks = chunksOf(row.chunks).map((chunk) => {
      const record = chunk.voidId ? voidById.get(chunk.voidId) : undefined;
      return record
        ? { ...chunk, status: record.status as CloseChunk["status"], partial: record.excepted !== null }
        : chunk;
    });
    companies.push({
      accountId: row.accountId,
      rnc: account.rnc,
      name: account.name,
      state: row.state as CompanyCloseState,
      approvalRequired: row.approvalRequired,
      ranges: proposal.ranges.slice(0, RANGES_SHOWN),
      rangeCount: proposal.ranges.length,
      sequences: totalSequences(proposal.ranges),
      withheld: proposal.withheld,
      capped: proposal.capped,
      certificateNotAfter: certificate?.notAfter ?? null,
      confirmedBy: row.confirmedBy,
      confirmedAt: row.confirmedAt === null ? null : Number(row.confirmedAt),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
      blockedReason: row.blockedReason,
      chunks,
    });
  }
  return {
    id: close.id,
    environment: close.environment as Environment,
    year: close.year,
    includeSkipped: close.includeSkipped,
    status: close.status as YearEndCloseStatus,
    createdBy: close.createdBy,
    createdAt: Number(close.createdAt),
    startedAt: close.startedAt === null ? null : Number(close.startedAt),
    finishedAt: close.finishedAt === null ? null : Number(close.finishedAt),
    companies,
    progress: closeProgress(companies),
    summary: closeSummary(companies),
  };
}

export function chunksOf(value: Prisma.JsonValue): CloseChunk[] {
  return Array.isArray(value) ? (value as unknown as CloseChunk[]) : [];
}

/**
 * "This company stopped issuing from these authorizations": a still-valid tail is sent only after a
 * person says so (the organization's administrator, or a person who sends or approves the company's
 * voids).
 */
export async function confirmStoppedIssuing(
  auth: AuthContext,
  environment: Environment,
  closeId: string,
  accountId: string,
  now = Date.now(),
): Promise<YearEndCloseView> {
  const { close, row, roles } = await companyOfClose(auth, environment, closeId, accountId);
  if (!auth.organizationAdmin && !(roles && (roles.includes("operator") || roles.includes("approver"))))
    throw new AppError("FORBIDDEN", "Sus roles en esta empresa no permiten esta operación.");
  if (close.status !== "proposed" || row.state !== "awaiting_confirmation") throw notReady();
  const db = await getDb();
  const confirmed = await db.$transaction(async (tx) => {
    const updated = await tx.yearEndCloseCompany.updateMany({
      where: { closeId, accountId, state: "awaiting_confirmation" },
      data: {
        state: "awaiting_approval",
        confirmedBy: auth.actor,
        confirmedAt: BigInt(now),
        updatedAt: BigInt(now),
      },
    });
    if (updated.count > 0 && row.approvalRequired)
      await announceAwaitingDecision(tx, close, accountId, row.proposal as unknown as CompanyProposal, now);
    return updated.count > 0;
  });
  if (!confirmed) throw notReady();
  return getYearEndClose(auth, closeId, environment);
}

/**
 * One decision per company: approve (its voids go out when the campaign starts) or reject (nothing
 * is sent for it). Where the company's policy asks for an approval, only one of its approvers, never
 * the person who created the campaign.
 */
export async function decideCompany(
  auth: AuthContext,
  environment: Environment,
  closeId: string,
  accountId: string,
  body: unknown,
  now = Date.now(),
): Promise<YearEndCloseView> {
  const { decision } = validateBody(yearEndCloseDecisionSchema, body);
  const { close, row, roles } = await companyOfClose(auth, environment, closeId, accountId);
  if (!roles && !auth.organizationAdmin) throw forbidden();
  if (close.status !== "proposed") throw notReady();
  const refusal = closeDecisionRefusal({
    state: row.state as CompanyCloseState,
    approvalRequired: row.approvalRequired,
    userId: auth.userId,
    createdById: close.createdById,
    roles,
    organizationAdmin: auth.organizationAdmin,
  });
  if (refusal === "NOT_DECIDABLE") throw notReady();
  if (refusal === "REQUESTER")
    throw new AppError(
      "REQUESTER_CANNOT_APPROVE",
      "Quien creó el cierre de año no decide por una empresa cuya política pide aprobación: debe hacerlo otro aprobador.",
    );
  if (refusal) throw forbidden();
  const db = await getDb();
  const updated = await db.yearEndCloseCompany.updateMany({
    where: { closeId, accountId, state: "awaiting_approval" },
    data: {
      state: decision === "approve" ? "approved" : "rejected",
      decidedBy: auth.actor,
      decidedById: auth.userId,
      decidedAt: BigInt(now),
      updatedAt: BigInt(now),
    },
  });
  if (updated.count === 0) throw notReady();
  return getYearEndClose(auth, closeId, environment);
}

/**
 * Starts the sends (the organization's administrators), once every company is decided or has
 * nothing to void; the worker (send-close.ts) then sends one company at a time.
 */
export async function startYearEndClose(
  auth: AuthContext,
  environment: Environment,
  closeId: string,
  now = Date.now(),
): Promise<YearEndCloseView> {
  requirePermission(auth, "organization.manage");
  await findClose(auth, closeId, environment);
  const db = await getDb();
  const undecided = await db.yearEndCloseCompany.count({
    where: { closeId, state: { in: ["awaiting_confirmation", "awaiting_approval"] } },
  });
  if (undecided > 0) throw notReady();
  const started = await db.yearEndClose.updateMany({
    where: { id: closeId, organizationId: auth.organizationId, status: "proposed" },
    data: { status: "sending", startedAt: BigInt(now), updatedAt: BigInt(now) },
  });
  if (started.count === 0) throw notReady();
  return getYearEndClose(auth, closeId, environment);
}

/**
 * Tells the company's approvers (year_end_close.awaiting_decision, in the transaction that makes the
 * company's part decidable) that the campaign waits for one of them: once per company, when its
 * policy asks an approver and its part is ready to decide (at the proposal, or once a person
 * confirmed a still-valid tail).
 */
async function announceAwaitingDecision(
  tx: RawSql,
  close: { id: string; environment: string; year: number; createdBy: string },
  accountId: string,
  proposal: CompanyProposal,
  now: number,
): Promise<void> {
  await writeEvent(tx, {
    type: "year_end_close.awaiting_decision",
    accountId,
    environment: close.environment,
    subjectId: close.id,
    payload: {
      closeId: close.id,
      year: close.year,
      requestedBy: close.createdBy,
      ranges: proposal.ranges.length,
      sequences: totalSequences(proposal.ranges),
    },
    now,
  });
}

async function findClose(auth: AuthContext, closeId: string, environment?: Environment) {
  const db = await getDb();
  const close = await db.yearEndClose.findFirst({
    where: { id: closeId, organizationId: auth.organizationId, ...(environment ? { environment } : {}) },
  });
  if (!close) throw notFound();
  return close;
}

async function companyOfClose(
  auth: AuthContext,
  environment: Environment,
  closeId: string,
  accountId: string,
) {
  const close = await findClose(auth, closeId, environment);
  const db = await getDb();
  const row = await db.yearEndCloseCompany.findUnique({
    where: { closeId_accountId: { closeId, accountId } },
  });
  if (!row) throw notFound();
  const member = await db.companyMember.findUnique({
    where: { accountId_userId: { accountId, userId: auth.userId } },
    select: { roles: true },
  });
  const roles: CompanyRole[] | null =
    auth.principal === "user" && member ? (member.roles as CompanyRole[]) : null;
  return { close, row, roles };
}

/** "all" for the organization's administrators; else the companies of the organization they hold a role in. */
async function readableCompanies(auth: AuthContext): Promise<"all" | Set<string>> {
  if (auth.principal === "user" && auth.organizationAdmin) return "all";
  // An integration (service account) reads its own company's part, like one of its people.
  if (auth.principal !== "user") return new Set([auth.accountId]);
  const db = await getDb();
  const members = await db.companyMember.findMany({
    where: { userId: auth.userId, account: { organizationId: auth.organizationId } },
    select: { accountId: true },
  });
  if (members.length === 0)
    throw new AppError("FORBIDDEN", "Sus roles en esta empresa no permiten esta operación.");
  return new Set(members.map((member) => member.accountId));
}

function forbidden(): AppError {
  return new AppError("FORBIDDEN", "Sus roles en esta empresa no permiten esta operación.");
}

function notFound(): AppError {
  return new AppError("YEAR_END_CLOSE_NOT_FOUND", "No se encontró ese cierre de año en su organización.");
}

function notReady(): AppError {
  return new AppError(
    "YEAR_END_CLOSE_NOT_READY",
    "El cierre de año no está listo para eso: confirme y decida cada empresa primero, o ya comenzó.",
  );
}
