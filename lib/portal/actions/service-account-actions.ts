"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { isServiceScope } from "@/lib/domain/roles";
import { format } from "@/lib/i18n";
import { setServiceAccountSendWithoutApproval } from "@/lib/server/approvals/service-account-bypass";
import { portalBy, requestIp } from "@/lib/server/platform/activity/request-ip";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import {
  createServiceAccount,
  rotateServiceAccountSecret,
  setServiceAccountDisabled,
} from "@/lib/server/auth/service-accounts";

import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

/** The longest overlap a rotation accepts (service-accounts.ts checks it too): 90 days. */
const MAX_OVERLAP_HOURS = 90 * 24;

export type CreateServiceAccountResult =
  { ok: true; name: string; clientId: string; secret: string } | { ok: false; message: string };

/** Creates a service account of the caller's company; its secret is answered here only. */
export async function createServiceAccountAction(
  name: string,
  scopes: string[],
): Promise<CreateServiceAccountResult> {
  const auth = await requirePortalAuth("action createServiceAccountAction");
  const t = (await dictionary()).settings.serviceAccounts;
  const trimmed = String(name).trim().slice(0, 100);
  if (trimmed === "") return { ok: false, message: t.nameRequired };
  const wanted = Array.isArray(scopes) ? scopes.filter(isServiceScope) : [];
  if (wanted.length === 0) return { ok: false, message: t.scopesRequired };
  try {
    const created = await createServiceAccount(auth.accountId, {
      name: trimmed,
      scopes: wanted,
      createdBy: auth.email,
      by: await portalBy(auth),
    });
    revalidatePath("/settings/service-accounts");
    return { ok: true, name: trimmed, clientId: created.clientId, secret: created.secret };
  } catch (error) {
    return { ok: false, message: (await knownProblemResult(error)).message };
  }
}

export type RotateServiceAccountResult =
  { ok: true; secret: string; oldSecretsExpireAt: number } | { ok: false; message: string };

/** A new secret; the current ones keep working for `overlapHours` (0: they stop now). */
export async function rotateServiceAccountSecretAction(
  id: string,
  overlapHours: number,
): Promise<RotateServiceAccountResult> {
  const auth = await requirePortalAuth("action rotateServiceAccountSecretAction");
  const t = (await dictionary()).settings.serviceAccounts;
  const hours = Number(overlapHours);
  if (!Number.isInteger(hours) || hours < 0 || hours > MAX_OVERLAP_HOURS) {
    return { ok: false, message: format(t.overlapInvalid, { max: MAX_OVERLAP_HOURS }) };
  }
  try {
    const rotated = await rotateServiceAccountSecret(auth.accountId, String(id), hours, await portalBy(auth));
    revalidatePath("/settings/service-accounts");
    return { ok: true, ...rotated };
  } catch (error) {
    return { ok: false, message: (await knownProblemResult(error)).message };
  }
}

/** Disables (its tokens end at once) or enables again a service account of the caller's company. */
export async function setServiceAccountDisabledAction(id: string, disabled: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setServiceAccountDisabledAction");
  try {
    await setServiceAccountDisabled(auth.accountId, String(id), disabled === true, await portalBy(auth));
    revalidatePath("/settings/service-accounts");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Grants (or revokes) a service account's "send without approval": its voids skip the company's
 * approval policy. Administrators only; logged in the activity log (setServiceAccountSendWithoutApproval).
 */
export async function setServiceAccountSendWithoutApprovalAction(
  id: string,
  enabled: boolean,
): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setServiceAccountSendWithoutApprovalAction");
  try {
    await setServiceAccountSendWithoutApproval(auth, String(id), enabled === true, {
      ip: await requestIp(),
    });
    revalidatePath("/settings/service-accounts");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}
