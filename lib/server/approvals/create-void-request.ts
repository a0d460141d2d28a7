import "server-only";

import { v7 as uuidv7 } from "uuid";

import type { Environment } from "@/lib/domain/environments";
import { approvalRequired, DEFAULT_VOID_REQUEST_TTL_MS } from "@/lib/domain/void-requests";
import { AppError } from "@/lib/errors";
import { byOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import { voidRequestEvent } from "@/lib/server/platform/events/void-request-events";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { getDb, isUniqueViolation } from "@/lib/server/platform/db";
import { readTagged } from "@/lib/server/platform/db/tagged-reads";
import { activeCertificateRead } from "@/lib/server/certificates";
import { timedStep } from "@/lib/server/platform/metrics/step-timings";
import type { LedgerWarning } from "@/lib/server/ledger";
import {
  createVoid,
  type CreateVoidInput,
  type VoidHold,
  type PreparedVoid,
  type CreateVoidResult,
  type VoidRangeView,
} from "@/lib/server/voids";

import { approvalPolicyRead } from "./approval-policy";
import { toView, type VoidRequestChecks, type VoidRequestView } from "./void-request-repository";

/** Who asks for a void (an AuthContext satisfies it). */
export type Requester = Pick<AuthContext, "principal" | "userId" | "actor" | "organizationId">;

export interface SendOrRequestInput extends Omit<CreateVoidInput, "hold" | "approval" | "activeCertificate"> {
  /**
   * The caller. A person's void is held under the policy; a service account's too, unless an
   * administrator granted it "send without approval" (ServiceAccount.sendWithoutApproval).
   * `createdBy` (e.g. "ana@empresa.do (API)") becomes the request's requestedBy and, once approved,
   * the void record's createdBy.
   */
  requester: Requester;
  ip?: string | null;
  /** Request lifetime (default 7 days). */
  ttlMs?: number;
}

export type SendOrRequestResult =
  | { kind: "sent"; result: CreateVoidResult }
  /** Held for approval: nothing signed or sent. `replayed`: an Idempotency-Key found it. */
  | { kind: "requested"; request: VoidRequestView; replayed: boolean };

/** Ends createVoid's flow with a held request (caught below, never seen by callers). */
class HeldForApproval extends Error {
  constructor(
    readonly request: VoidRequestView,
    readonly replayed: boolean,
  ) {
    super("held for approval");
  }
}

/**
 * A void asked for by `requester`: sent as POST void-ncf sends it (createVoid), unless the
 * company's approval policy for the environment holds it — then a VoidRequest is stored (ranges,
 * reason, the pre-void checks, who asked), "void.requested" is logged, and nothing is signed or
 * sent. The flow's order is kept: 400, Idempotency-Key replay (of a void or of a request), 409
 * ALREADY_VOIDED, 409 SEQUENCE_USED, 412 certificate, then the approval. A request refused by
 * those checks is never stored.
 */
export async function sendOrRequestVoid(input: SendOrRequestInput): Promise<SendOrRequestResult> {
  const { requester, ip, ttlMs, ...given } = input;
  // The activity log's "void.sent" names the caller (id, kind and address), not only createdBy's label.
  const voidInput = { ...given, activityBy: given.activityBy ?? byOf(requester, ip) };
  if (requester.principal === "service" && (await sendsWithoutApproval(input.accountId, requester.userId))) {
    return { kind: "sent", result: await createVoid(voidInput) };
  }
  // The policy and the certificate createVoid needs, in one statement (on every void).
  const [policy, activeCertificate] = await timedStep("approval_policy", async () =>
    readTagged(await getDb(), [
      approvalPolicyRead(input.accountId, input.environment),
      activeCertificateRead(input.accountId),
    ]),
  );
  const hold: VoidHold = {
    // A request stored under the key answers a repeated request, even once the policy is off.
    replay: async (idempotencyKey, requestHash) => {
      const existing = await findByIdempotencyKey(input.accountId, input.environment, idempotencyKey);
      if (existing) throw replayOf(existing, requestHash);
    },
    ...(policy.enabled
      ? {
          hold: async ({
            prepared,
            warnings,
            unauthorized,
          }: {
            prepared: PreparedVoid;
            warnings: LedgerWarning[];
            unauthorized: string[];
          }) => {
            if (!approvalRequired(policy, input.environment, prepared.totalVoided)) return;
            throw await storeRequest(input, prepared, { warnings, unauthorized }, { ttlMs, ip });
          },
        }
      : {}),
  };
  try {
    return { kind: "sent", result: await createVoid({ ...voidInput, hold, activeCertificate }) };
  } catch (error) {
    if (error instanceof HeldForApproval) {
      return { kind: "requested", request: error.request, replayed: error.replayed };
    }
    throw error;
  }
}

/** True when the service account of the company was granted "send without approval". */
export async function sendsWithoutApproval(accountId: string, serviceAccountId: string): Promise<boolean> {
  const db = await getDb();
  const row = await db.serviceAccount.findFirst({
    where: { id: serviceAccountId, accountId },
    select: { sendWithoutApproval: true },
  });
  return row?.sendWithoutApproval ?? false;
}

async function findByIdempotencyKey(accountId: string, environment: Environment, idempotencyKey: string) {
  const db = await getDb();
  return db.voidRequest.findFirst({ where: { accountId, environment, idempotencyKey } });
}

function replayOf(
  existing: NonNullable<Awaited<ReturnType<typeof findByIdempotencyKey>>>,
  requestHash: string,
): Error {
  if (existing.requestHash !== requestHash) {
    return new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      `El Idempotency-Key ya se usó con otro cuerpo (solicitud de anulación ${existing.id}); use una clave nueva para otra solicitud.`,
      { extra: { requestId: existing.id } },
    );
  }
  return new HeldForApproval(toView(existing), true);
}

/** Stores the request and logs "void.requested" in one transaction; returns what ends the flow. */
async function storeRequest(
  input: SendOrRequestInput,
  prepared: PreparedVoid,
  { warnings, unauthorized }: { warnings: LedgerWarning[]; unauthorized: string[] },
  options: { ttlMs?: number; ip?: string | null },
): Promise<Error> {
  const db = await getDb();
  const now = Date.now();
  const id = uuidv7();
  const checks: VoidRequestChecks = { checkedAt: now, warnings, unauthorized };
  const reason = prepared.reason;
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.voidRequest.create({
        data: {
          id,
          accountId: input.accountId,
          environment: input.environment,
          status: "Pendiente",
          ranges: prepared.storedRanges,
          rangeCount: prepared.rangeCount,
          totalVoided: BigInt(prepared.totalVoided),
          reasonCode: reason?.code ?? null,
          reasonText: reason?.text ?? null,
          fechaHoraAnulacion: prepared.fechaGiven ? prepared.fechaHoraAnulacion : null,
          requestedByUserId: input.requester.userId,
          requestedBy: input.createdBy,
          requestedAt: BigInt(now),
          expiresAt: BigInt(now + (options.ttlMs ?? DEFAULT_VOID_REQUEST_TTL_MS)),
          idempotencyKey: input.idempotencyKey ?? null,
          requestHash: prepared.requestHash ?? null,
          checks: JSON.parse(JSON.stringify(checks)) as object,
        },
      });
      await recordActivity(tx, {
        accountId: input.accountId,
        organizationId: input.requester.organizationId,
        environment: input.environment,
        action: "void.requested",
        actor: {
          type: input.requester.principal === "service" ? "service-account" : "user",
          id: input.requester.userId,
          label: input.requester.actor,
        },
        subject: { type: "void-request", id },
        details: {
          totalVoided: prepared.totalVoided,
          rangeCount: prepared.rangeCount,
          reasonCode: reason?.code ?? null,
          fechaHoraAnulacion: prepared.fechaGiven ? prepared.fechaHoraAnulacion : null,
          warnings: warnings.length,
        },
        ip: options.ip ?? null,
      });
      await writeEvent(tx, voidRequestEvent("void.request.created", created, input.rnc, now));
      return created;
    });
    return new HeldForApproval(
      { ...toView({ ...row, ranges: "[]" }), ranges: JSON.parse(prepared.rangesJson) as VoidRangeView[] },
      false,
    );
  } catch (error) {
    // Two requests with one Idempotency-Key at once: the unique index let one through.
    if (input.idempotencyKey !== undefined && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(input.accountId, input.environment, input.idempotencyKey);
      if (existing) return replayOf(existing, prepared.requestHash!);
    }
    throw error;
  }
}
