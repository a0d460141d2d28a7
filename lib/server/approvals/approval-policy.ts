import "server-only";

import { ENVIRONMENTS, type Environment } from "@/lib/domain/environments";
import { COMPANY_ACTION_ROLES, type CompanyRole } from "@/lib/domain/roles";
import { defaultApprovalPolicy, MIN_APPROVERS, type ApprovalPolicyView } from "@/lib/domain/void-requests";
import { AppError } from "@/lib/errors";
import { actorOf, recordActivity } from "@/lib/server/platform/activity/record-activity";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { requirePermission } from "@/lib/server/auth";
import { getDb, Prisma } from "@/lib/server/platform/db";
import { readTagged, taggedRead, type TaggedRead } from "@/lib/server/platform/db/tagged-reads";
import { validateBody } from "@/lib/server/platform/http/validate-body";
import { approvalPolicySchema } from "@/lib/schemas/void-requests";

/**
 * The company's approval policy, one row per environment (model ApprovalPolicy): off unless an
 * administrator switched it on. Switching it on needs at least two people who can approve, since
 * the requester never approves their own request.
 */

export interface ApprovalPolicyState extends ApprovalPolicyView {
  updatedBy: string | null;
  updatedAt: number | null;
}

/** The policy of one environment (off when never set). */
export async function getApprovalPolicy(
  accountId: string,
  environment: Environment,
): Promise<ApprovalPolicyState> {
  const [policy] = await readTagged(await getDb(), [approvalPolicyRead(accountId, environment)]);
  return policy;
}

/** getApprovalPolicy as a read another statement can carry (readTagged): the void path's. */
export function approvalPolicyRead(
  accountId: string,
  environment: Environment,
): TaggedRead<ApprovalPolicyState> {
  const tag = "approvals_policy";
  return taggedRead(
    tag,
    {
      lo: 'CASE WHEN "enabled" THEN 1 ELSE 0 END',
      hi: '"minSequences"',
      at: '"updatedAt"',
      txt: '"updatedBy"',
    },
    Prisma.sql`
      FROM "ApprovalPolicy" WHERE "accountId" = ${accountId} AND "environment" = ${environment}::"Environment"`,
    ([row]) =>
      row
        ? { environment, enabled: row.lo === 1, minSequences: row.hi, updatedBy: row.txt, updatedAt: row.at }
        : { ...defaultApprovalPolicy(environment), updatedBy: null, updatedAt: null },
  );
}

/** The policy of every environment, in ENVIRONMENTS order (the portal's settings). */
export async function listApprovalPolicies(accountId: string): Promise<ApprovalPolicyState[]> {
  return Promise.all(ENVIRONMENTS.map((environment) => getApprovalPolicy(accountId, environment)));
}

/**
 * The people of the company who can approve: active (not disabled) users holding a role that
 * grants "voids.approve" (lib/domain/roles.ts).
 */
export async function countApprovers(accountId: string): Promise<number> {
  const db = await getDb();
  // Raw: Prisma's hasSome on an enum array is not sent right by every adapter (PGlite: "malformed
  // array literal"), as organization-admin.ts found; the overlap (&&) is written out instead.
  const [row] = await db.$queryRaw<Array<{ count: number }>>(Prisma.sql`
    SELECT COUNT(*)::int AS "count" FROM "CompanyMember" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."accountId" = ${accountId} AND NOT u."disabled"
      AND m."roles" && ${APPROVER_ROLES}::text[]::"CompanyRole"[]`);
  return Number(row?.count ?? 0);
}

/** From the matrix, so a role that gains "voids.approve" counts without touching this file. */
const APPROVER_ROLES: CompanyRole[] = [...COMPANY_ACTION_ROLES["voids.approve"]];

/**
 * Sets the policy of one environment (administrators: "policies.manage"). Switching it on with fewer
 * than two people able to approve → 409 APPROVERS_REQUIRED. Records "policy.changed" with the
 * before and after in the same transaction. Input: approvalPolicySchema (validated here too).
 */
export async function setApprovalPolicy(
  auth: AuthContext,
  input: unknown,
  options: { ip?: string | null; now?: number } = {},
): Promise<ApprovalPolicyState> {
  requirePermission(auth, "policies.manage");
  const policy = validateBody(approvalPolicySchema, input);
  const now = options.now ?? Date.now();
  if (policy.enabled) {
    const approvers = await countApprovers(auth.accountId);
    if (approvers < MIN_APPROVERS) {
      throw new AppError(
        "APPROVERS_REQUIRED",
        `La aprobación de anulaciones necesita al menos ${MIN_APPROVERS} personas que puedan aprobar ` +
          `(rol aprobador) en la empresa, porque nadie aprueba su propia solicitud; hoy ${approvers === 1 ? "hay 1" : `hay ${approvers}`}.`,
        { extra: { approvers, required: MIN_APPROVERS } },
      );
    }
  }
  const before = await getApprovalPolicy(auth.accountId, policy.environment);
  const db = await getDb();
  const minSequences = policy.minSequences === null ? null : BigInt(policy.minSequences);
  await db.$transaction(async (tx) => {
    await tx.approvalPolicy.upsert({
      where: { accountId_environment: { accountId: auth.accountId, environment: policy.environment } },
      create: {
        accountId: auth.accountId,
        environment: policy.environment,
        enabled: policy.enabled,
        minSequences,
        updatedBy: auth.actor,
        updatedAt: BigInt(now),
      },
      update: { enabled: policy.enabled, minSequences, updatedBy: auth.actor, updatedAt: BigInt(now) },
    });
    await recordActivity(tx, {
      accountId: auth.accountId,
      organizationId: auth.organizationId,
      environment: policy.environment,
      action: "policy.changed",
      actor: actorOf(auth),
      subject: { type: "approval-policy", id: `${auth.accountId}:${policy.environment}` },
      details: {
        policy: "void-approval",
        before: { enabled: before.enabled, minSequences: before.minSequences },
        after: { enabled: policy.enabled, minSequences: policy.minSequences },
      },
      ip: options.ip ?? null,
    });
  });
  return {
    environment: policy.environment,
    enabled: policy.enabled,
    minSequences: policy.minSequences,
    updatedBy: auth.actor,
    updatedAt: now,
  };
}
