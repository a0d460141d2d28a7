import "server-only";

import { randomUUID } from "node:crypto";

import { formatEncf, readEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import type { Environment } from "@/lib/domain/environments";
import { splitIntoVoids, type ProposedRange } from "@/lib/domain/gap-proposal";
import { difference, EMPTY_SET, intersection, normalizeBySerieTipo } from "@/lib/domain/intervals";
import {
  certificateBlock,
  closeIdempotencyKey,
  closeSummary,
  type BlockedReason,
  type CloseChunk,
  type CompanyProposal,
} from "@/lib/domain/year-end-close";
import { isAppError } from "@/lib/errors";
import { getActiveCertificateSummary } from "@/lib/server/certificates";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, type Prisma } from "@/lib/server/platform/db";
import { parseStoredRanges } from "@/lib/server/platform/db/stored-ranges";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";
import { createVoid, type VoidApproval } from "@/lib/server/voids";

import { chunksOf } from "./campaign";
import { proposeForCompany } from "./propose";

/** A campaign's runner holds it this long without renewing (renewed after every void). */
export const CLOSE_LEASE_MS = 5 * 60_000;
const INSTANCE = randomUUID();

/**
 * The worker: advances every campaign that is sending, one at a time, under a lease (one instance at
 * a time; a dead instance's lease runs out and another goes on). Returns the campaigns it finished.
 */
export async function advanceYearEndCloses(options: { now?: () => number } = {}): Promise<string[]> {
  const clock = options.now ?? Date.now;
  const db = await getDb();
  const sending = await db.yearEndClose.findMany({ where: { status: "sending" }, select: { id: true } });
  const finished: string[] = [];
  for (const { id } of sending) {
    if (await advanceClose(id, clock)) finished.push(id);
  }
  return finished;
}

/** Sends the approved companies of one campaign in order; true when nothing is left to send. */
async function advanceClose(closeId: string, clock: () => number): Promise<boolean> {
  const db = await getDb();
  const claimed = await db.yearEndClose.updateMany({
    where: {
      id: closeId,
      status: "sending",
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: BigInt(clock()) } }, { leaseOwner: INSTANCE }],
    },
    data: { leaseOwner: INSTANCE, leaseUntil: BigInt(clock() + CLOSE_LEASE_MS) },
  });
  if (claimed.count === 0) return false;
  const renew = () =>
    db.yearEndClose.updateMany({
      where: { id: closeId, leaseOwner: INSTANCE },
      data: { leaseUntil: BigInt(clock() + CLOSE_LEASE_MS), updatedAt: BigInt(clock()) },
    });
  try {
    const close = await db.yearEndClose.findUniqueOrThrow({ where: { id: closeId } });
    const companies = await db.yearEndCloseCompany.findMany({
      where: { closeId, state: { in: ["approved", "sending"] } },
      orderBy: { position: "asc" },
    });
    for (const company of companies) {
      const outcome = await sendCompany(
        {
          closeId,
          environment: close.environment as Environment,
          year: close.year,
          includeSkipped: close.includeSkipped,
          createdBy: close.createdBy,
          accountId: company.accountId,
          proposal: company.proposal as unknown as CompanyProposal,
          chunks: chunksOf(company.chunks),
          decidedBy: company.decidedBy,
          approval: approvalOf(company),
        },
        clock,
        renew,
      );
      if (outcome === "later") return false;
    }
    await db.yearEndClose.updateMany({
      where: { id: closeId, status: "sending" },
      data: { status: "done", finishedAt: BigInt(clock()), updatedAt: BigInt(clock()) },
    });
    return true;
  } finally {
    await db.yearEndClose.updateMany({
      where: { id: closeId, leaseOwner: INSTANCE },
      data: { leaseOwner: null, leaseUntil: null },
    });
  }
}

interface CompanySend {
  closeId: string;
  environment: Environment;
  year: number;
  includeSkipped: boolean;
  createdBy: string;
  accountId: string;
  proposal: CompanyProposal;
  chunks: CloseChunk[];
  decidedBy: string | null;
  /** Where the company's policy asked an approver: the one who decided, recorded on each void. */
  approval: VoidApproval | null;
}

/**
 * The company's decision as its voids' approval, where its policy asked one of its approvers (as a
 * void request's approver is recorded: the audit pack's "Aprobada por"); no request stands behind it.
 */
function approvalOf(company: {
  approvalRequired: boolean;
  decidedById: string | null;
  decidedBy: string | null;
  decidedAt: bigint | null;
}): VoidApproval | null {
  if (!company.approvalRequired || !company.decidedById || !company.decidedBy || company.decidedAt === null)
    return null;
  return {
    requestId: null,
    approvedByUserId: company.decidedById,
    approvedBy: company.decidedBy,
    approvedAt: Number(company.decidedAt),
  };
}

/**
 * One company's voids, chunk by chunk (splitIntoVoids: at most 10,000 ranges of a type per void),
 * each through the normal void path under an Idempotency-Key derived from the campaign, the company
 * and the chunk: a chunk whose void record exists (a restart after its write-ahead) is read, never
 * sent again. Before each send the certificate and the campaign's checks run again (only ranges the
 * ledger still proposes go out), and the void path runs its own (ALREADY_VOIDED, SEQUENCE_USED).
 * The checks may split ranges (a number issued or voided inside one), so what is left of a chunk is
 * split again and sent in as many voids as DGII's limit needs, each under its own key; the ranges of
 * the chunk's earlier voids (read from their records after a restart) are never sent again.
 */
async function sendCompany(
  input: CompanySend,
  clock: () => number,
  renew: () => Promise<unknown>,
): Promise<"done" | "later"> {
  const db = await getDb();
  const account = await db.account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { rnc: true },
  });
  const where = { closeId_accountId: { closeId: input.closeId, accountId: input.accountId } };
  const save = (data: Prisma.YearEndCloseCompanyUpdateInput) =>
    db.yearEndCloseCompany.update({ where, data: { ...data, updatedAt: BigInt(clock()) } });
  const chunks = input.chunks.slice();
  const saveChunks = () => save({ chunks: chunks as unknown as Prisma.InputJsonValue });
  await save({ state: "sending" });
  const parts = splitIntoVoids(input.proposal.ranges);
  const block = async (): Promise<boolean> => {
    const reason = certificateBlock(await getActiveCertificateSummary(input.accountId), clock());
    if (!reason) return false;
    await finish(input, reason, chunks, clock());
    return true;
  };
  for (const [index, part] of parts.entries()) {
    // The chunk's ranges already in one of its voids.
    const covered: ProposedRange[] = [];
    for (let sub = 0; ; sub += 1) {
      const key = closeIdempotencyKey(input.closeId, input.accountId, index, sub);
      const known = chunks.findIndex((chunk) => chunk.idempotencyKey === key);
      // Nothing was sent for it (withdrawn or refused): the rest of the chunk is not sent either.
      if (known >= 0 && (chunks[known]!.status === "withdrawn" || chunks[known]!.status === "refused")) break;
      const existing = await db.voidRecord.findFirst({
        where: { accountId: input.accountId, environment: input.environment, idempotencyKey: key },
        select: { id: true, status: true, excepted: true, totalVoided: true, ranges: true },
      });
      const position = known >= 0 ? known : chunks.length;
      const chunk: CloseChunk = {
        index: position,
        idempotencyKey: key,
        ranges: part.length,
        sequences: 0,
        voidId: null,
        status: null,
        partial: false,
        code: null,
        message: null,
      };
      if (existing) {
        const sentRanges = [
          ...parseStoredRanges(existing.ranges),
          ...(existing.excepted ? parseStoredRanges(existing.excepted) : []),
        ];
        covered.push(...sentRanges);
        chunks[position] = {
          ...chunk,
          ranges: sentRanges.length,
          voidId: existing.id,
          status: existing.status as CloseChunk["status"],
          partial: existing.excepted !== null,
          sequences: Number(existing.totalVoided),
        };
        await saveChunks();
        continue;
      }
      if (await block()) return "done";
      const current = await proposeForCompany({
        accountId: input.accountId,
        rnc: account.rnc,
        environment: input.environment,
        year: input.year,
        includeSkipped: input.includeSkipped,
        now: clock(),
      });
      const left = stillProposed(part, current, covered);
      if (left.length === 0) {
        if (sub > 0) break;
        chunks[position] = {
          ...chunk,
          status: "withdrawn",
          code: "WITHDRAWN_BY_CHECKS",
          message: "Las comprobaciones del libro ya no proponen estos rangos: no se envió nada.",
        };
        await saveChunks();
        break;
      }
      // The first void's worth; the rest goes in the chunk's next void, after the checks again.
      const ranges = splitIntoVoids(left)[0]!;
      try {
        await enforceRateLimit(`void:${input.accountId}`, clock());
      } catch (error) {
        if (isAppError(error) && error.code === "RATE_LIMITED") return "later";
        throw error;
      }
      try {
        const result = await createVoid({
          accountId: input.accountId,
          rnc: account.rnc,
          environment: input.environment,
          body: { value: { ranges } },
          reason: { code: "08", text: `Cierre de año ${input.year}: secuencias no utilizadas` },
          createdBy: `Cierre de año ${input.year} (${input.createdBy}; decidió ${input.decidedBy ?? "—"})`,
          idempotencyKey: key,
          ...(input.approval ? { approval: input.approval } : {}),
        });
        covered.push(...ranges);
        chunks[position] = {
          ...chunk,
          ranges: ranges.length,
          voidId: result.attempt.voidId,
          status: result.attempt.status,
          partial: Boolean(result.attempt.excepted),
          sequences: result.attempt.totalVoided,
        };
      } catch (error) {
        if (!isAppError(error)) throw error;
        logger.warn(
          { closeId: input.closeId, accountId: input.accountId, code: error.code },
          "year-end close void refused",
        );
        chunks[position] = { ...chunk, status: "refused", code: error.code, message: error.message };
        await saveChunks();
        break;
      }
      await saveChunks();
      await renew();
    }
  }
  const sent = chunks.some((chunk) => chunk.voidId !== null);
  await finish(input, sent || chunks.length === 0 ? null : "NOTHING_LEFT", chunks, clock());
  return "done";
}

/**
 * The company's last state and its year_end_close.completed event, in one transaction: the event
 * exists if and only if the company's sends are recorded as over.
 */
async function finish(
  input: CompanySend,
  blockedReason: BlockedReason | null,
  chunks: CloseChunk[],
  now: number,
): Promise<void> {
  const db = await getDb();
  const state = blockedReason ? "blocked" : "done";
  const summary = closeSummary([{ state, chunks }]);
  await db.$transaction(async (tx) => {
    await tx.yearEndCloseCompany.update({
      where: { closeId_accountId: { closeId: input.closeId, accountId: input.accountId } },
      data: {
        state,
        blockedReason,
        chunks: chunks as unknown as Prisma.InputJsonValue,
        updatedAt: BigInt(now),
      },
    });
    await writeEvent(tx, {
      type: "year_end_close.completed",
      accountId: input.accountId,
      environment: input.environment,
      subjectId: input.closeId,
      payload: {
        closeId: input.closeId,
        year: input.year,
        state,
        blockedReason,
        accepted: summary.accepted,
        rejected: summary.rejected,
        partial: summary.partial,
        toSettle: summary.toSettle,
        notSent: summary.notSent,
      },
      now,
    });
  });
}

/**
 * The part's ranges the ledger still proposes now and no earlier void of the part holds, as e-NCF
 * ranges (a range may shrink or split).
 */
function stillProposed(
  part: readonly ProposedRange[],
  current: CompanyProposal,
  covered: readonly ProposedRange[],
): ProposedRange[] {
  const toTuple = (range: ProposedRange) => {
    const from = readEncf(range.secuenciaDesde);
    const to = readEncf(range.secuenciaHasta);
    if (typeof from === "string" || typeof to === "string") return [];
    return [{ serie: from.serie, tipoeCF: from.tipo, desde: from.secuencia, hasta: to.secuencia }];
  };
  const now = normalizeBySerieTipo(current.ranges.flatMap(toTuple));
  const sent = normalizeBySerieTipo(covered.flatMap(toTuple));
  const out: ProposedRange[] = [];
  for (const [key, set] of normalizeBySerieTipo(part.flatMap(toTuple))) {
    const serie = key.slice(0, 1);
    const tipo = key.slice(1) as EcfType;
    const left = difference(intersection(set, now.get(key) ?? EMPTY_SET), sent.get(key) ?? EMPTY_SET);
    for (const interval of left) {
      out.push({
        secuenciaDesde: formatEncf(serie, tipo, interval.desde),
        secuenciaHasta: formatEncf(serie, tipo, interval.hasta),
      });
    }
  }
  return out;
}
