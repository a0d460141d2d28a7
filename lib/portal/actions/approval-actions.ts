"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isEnvironment, type Environment } from "@/lib/domain/environments";
import type { Locale } from "@/lib/domain/locale";
import { AppError } from "@/lib/errors";
import { format } from "@/lib/i18n";
import { requestIp } from "@/lib/server/platform/activity/request-ip";
import { setApprovalPolicy } from "@/lib/server/approvals/approval-policy";
import { approveVoidRequest } from "@/lib/server/approvals/approve-void-request";
import { rejectVoidRequest } from "@/lib/server/approvals/reject-void-request";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { enforceRateLimit } from "@/lib/server/platform/limits/rate-limit";

import { getPortalPreferences } from "../preferences";
import { toActionFailure, type ActionFailure } from "./action-failure";
import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/**
 * Approvals in the portal: the policy (administrators), approve and reject (a request
 * comes from the void tool's submitVoid). Each calls lib/server/approvals, which checks the permission again; answers are
 * plain results (Next hides thrown messages in production).
 */

export interface ApprovalPolicyFormInput {
  environment: string;
  enabled: boolean;
  /** null: every void needs approval. */
  minSequences: number | null;
}

/**
 * Sets one environment's policy. Switching it on while fewer than two people can approve is refused
 * by the server (APPROVERS_REQUIRED): its message, which says how many there are today, is shown.
 */
export async function setApprovalPolicyAction(input: ApprovalPolicyFormInput): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setApprovalPolicyAction");
  const t = (await dictionary()).approvals.policy;
  try {
    const saved = await setApprovalPolicy(
      auth,
      {
        environment: input?.environment,
        enabled: input?.enabled === true,
        minSequences: input?.minSequences ?? null,
      },
      { ip: await requestIp() },
    );
    revalidatePath("/settings/approvals");
    const message = format(saved.enabled ? t.saved : t.savedOff, { environment: saved.environment });
    return { ok: true, message };
  } catch (error) {
    return knownProblemResult(error);
  }
}

export interface DecisionInput {
  requestId: string;
  environment: string;
}

export interface ApprovedOutcome {
  ok: true;
  voidId: string;
  environment: Environment;
  status: "Aceptado" | "Rechazado" | "Error";
}

/**
 * Approves a pending request of another person: the checks run again, the ANECF is signed now and
 * sent as any void (approveVoidRequest). The approver then reads the void's result page. A refusal
 * (the requester, a decided request, a range voided meanwhile, DGII's maintenance…) is answered
 * with nothing sent.
 */
export async function approveVoidRequestAction(
  input: DecisionInput,
): Promise<ApprovedOutcome | ActionFailure> {
  let locale: Locale = "es";
  try {
    const auth = await requirePortalAuth("action approveVoidRequestAction");
    locale = (await getPortalPreferences()).locale;
    const environment = environmentOf(input?.environment);
    await enforceRateLimit(`void:${auth.accountId}`);
    const { result } = await approveVoidRequest(auth, environment, requestIdOf(input?.requestId), {
      locale,
      ip: await requestIp(),
    });
    revalidatePath("/voids/requests");
    return { ok: true, voidId: result.attempt.voidId, environment, status: result.attempt.status };
  } catch (error) {
    return toActionFailure(error, locale);
  }
}

/** Rejects a pending request of another person with a reason (required): nothing signed or sent. */
export async function rejectVoidRequestAction(
  input: DecisionInput & { reason: string },
): Promise<{ ok: true } | ActionFailure> {
  let locale: Locale = "es";
  try {
    const auth = await requirePortalAuth("action rejectVoidRequestAction");
    locale = (await getPortalPreferences()).locale;
    const environment = environmentOf(input?.environment);
    await rejectVoidRequest(
      auth,
      environment,
      requestIdOf(input?.requestId),
      { reason: input?.reason },
      { ip: await requestIp() },
    );
    revalidatePath("/voids/requests");
    return { ok: true };
  } catch (error) {
    return toActionFailure(error, locale);
  }
}

function environmentOf(value: unknown): Environment {
  if (typeof value !== "string" || !isEnvironment(value))
    throw new AppError("INVALID_PARAMETER", `Ambiente desconocido: ${String(value)}.`);
  return value;
}

/** A request id as stored (UUIDv7); anything else cannot name one of the company's requests. */
function requestIdOf(value: unknown): string {
  const text = String(value ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(text)) {
    throw new AppError("VOID_REQUEST_NOT_FOUND", `No existe la solicitud de anulación ${text.slice(0, 40)}.`);
  }
  return text;
}
