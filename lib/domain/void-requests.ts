/**
 * Four eyes on voids: under a company's approval policy for an environment,
 * a person's void becomes a request that another person who may approve ("voids.approve",
 * lib/domain/roles.ts) approves — then it is signed and sent — or rejects. The requester never
 * decides their own request. Pure and browser-safe: the server (lib/server/approvals) and the portal
 * read the same rules.
 *
 * Life of a request:
 *   Pendiente ──approve──▶ Aprobada (being signed and sent) ──▶ Enviada (voidId set)
 *       │                      └── the re-run checks refuse it (ALREADY_VOIDED, SEQUENCE_USED…):
 *       │                          back to Pendiente with `lastError` (the approver may reject it)
 *       ├──reject (reason)──▶ Rechazada
 *       └──expiresAt passed──▶ Vencida
 * "Aprobada" is transient: it holds only while the approval's send is being prepared, so two
 * approvers at once cannot both send. Once the void record exists the request is Enviada, whatever
 * DGII answers (the void record carries Aceptado / Rechazado / Error).
 */
import type { Environment } from "./environments";
import { rolesAllow, type CompanyRole } from "./roles";

export const VOID_REQUEST_STATUSES = ["Pendiente", "Aprobada", "Rechazada", "Vencida", "Enviada"] as const;
export type VoidRequestStatus = (typeof VOID_REQUEST_STATUSES)[number];

export function isVoidRequestStatus(value: unknown): value is VoidRequestStatus {
  return typeof value === "string" && (VOID_REQUEST_STATUSES as readonly string[]).includes(value);
}

/** Statuses nobody can change any more. */
export const FINAL_VOID_REQUEST_STATUSES = [
  "Rechazada",
  "Vencida",
  "Enviada",
] as const satisfies readonly VoidRequestStatus[];

/** How long a request waits for a decision before it is Vencida (7 days). */
export const DEFAULT_VOID_REQUEST_TTL_MS = 7 * 24 * 3_600_000;

/** Longest rejection reason kept. */
export const REJECTION_REASON_MAX = 500;

/** A company's policy for one environment, as the rules need it. */
export interface ApprovalPolicyView {
  environment: Environment;
  enabled: boolean;
  /** null: every void needs approval; n: only voids of more than n sequences. */
  minSequences: number | null;
}

/** The policy of a company that never set one: off. */
export function defaultApprovalPolicy(environment: Environment): ApprovalPolicyView {
  return { environment, enabled: false, minSequences: null };
}

/**
 * Does a void of `totalVoided` sequences in `environment` need approval under `policy`? Only the
 * policy of that environment counts; `minSequences` n means "more than n" (n = 0 behaves as null).
 */
export function approvalRequired(
  policy: ApprovalPolicyView | null | undefined,
  environment: Environment,
  totalVoided: number,
): boolean {
  if (!policy || !policy.enabled || policy.environment !== environment) return false;
  return policy.minSequences === null || totalVoided > policy.minSequences;
}

/** Fewest people able to approve before a policy can be switched on (the requester never approves). */
export const MIN_APPROVERS = 2;

export type DecisionRefusal = "NOT_APPROVER" | "REQUESTER" | "NOT_PENDING";

/**
 * May the person `userId` with `roles` in the request's company approve or reject it? null when yes,
 * else why not. The requester never decides their own request, whatever their roles.
 */
export function decisionRefusal(
  request: { status: VoidRequestStatus; requestedByUserId: string },
  userId: string,
  roles: readonly CompanyRole[],
): DecisionRefusal | null {
  if (!rolesAllow(roles, "voids.approve")) return "NOT_APPROVER";
  if (request.requestedByUserId === userId) return "REQUESTER";
  if (request.status !== "Pendiente") return "NOT_PENDING";
  return null;
}

/** True when `userId` with `roles` may approve or reject the request now. */
export function mayDecide(
  request: { status: VoidRequestStatus; requestedByUserId: string },
  userId: string,
  roles: readonly CompanyRole[],
): boolean {
  return decisionRefusal(request, userId, roles) === null;
}

/** The status a stored request shows at `now`: a pending one past its expiry is Vencida. */
export function effectiveStatus(
  request: { status: VoidRequestStatus; expiresAt: number },
  now: number,
): VoidRequestStatus {
  return request.status === "Pendiente" && request.expiresAt <= now ? "Vencida" : request.status;
}
