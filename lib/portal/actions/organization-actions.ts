"use server";

import "server-only";

import { revalidatePath } from "next/cache";

import { format } from "@/lib/i18n";
import { isAppError } from "@/lib/errors";
import { errorMessage } from "@/lib/i18n/error-message";
import {
  createCompanyForActor,
  endMemberSessions,
  removeOrganizationMember,
  resetMemberPassword,
  resetMemberSecondFactor,
  setOrganizationAdmin,
  setRequireSecondFactor,
} from "@/lib/server/accounts/organization-admin";
import { portalBy, requestIp } from "@/lib/server/platform/activity/request-ip";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";

import { getPortalPreferences } from "../preferences";
import { dictionary, type ActionResult } from "./action-result";

/**
 * The organization page (organization administrators: "organization.manage"). The organization is
 * the one of the company the session acts for; people are acted on only when it is their home
 * organization (organization-admin.ts).
 */

async function failed(error: unknown): Promise<{ ok: false; message: string }> {
  if (!isAppError(error) || error.status >= 500) throw error;
  const { locale } = await getPortalPreferences();
  return { ok: false, message: errorMessage(error, locale) };
}

export type CreateCompanyResult =
  { ok: true; message: string } | { ok: false; message: string; checkDigit?: boolean };

/**
 * Adds a company (RNC or cédula) to the organization; its creator becomes administrator, approver
 * and operator. A failing check digit answers checkDigit: the form asks to confirm ("usar de todos
 * modos", field acceptCheckDigit=on).
 */
export async function createCompanyAction(formData: FormData): Promise<CreateCompanyResult> {
  const auth = await requirePortalAuth("action createCompanyAction");
  const t = await dictionary();
  const rnc = String(formData.get("rnc") ?? "").replace(/[\s-]/g, "");
  const name = String(formData.get("name") ?? "").trim();
  try {
    const company = await createCompanyForActor(
      { userId: auth.userId, organizationId: auth.organizationId, actor: auth.actor, ip: await requestIp() },
      { rnc, name, acceptFailingCheckDigit: formData.get("acceptCheckDigit") === "on" },
    );
    revalidatePath("/organization");
    return { ok: true, message: format(t.organization.create.created, { name: company.name, rnc }) };
  } catch (error) {
    if (isAppError(error) && error.extra?.checkDigit === "failed") {
      return { ok: false, checkDigit: true, message: format(t.organization.create.checkDigit, { rnc }) };
    }
    return failed(error);
  }
}

/** The organization's rule: a second factor for its administrators and approvers. */
export async function setRequireSecondFactorAction(required: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setRequireSecondFactorAction");
  const t = await dictionary();
  await setRequireSecondFactor(auth.organizationId, required === true, await portalBy(auth));
  revalidatePath("/organization");
  return { ok: true, message: t.organization.secondFactor.saved };
}

export type ResetPasswordResult =
  { ok: true; message: string; temporaryPassword: string } | { ok: false; message: string };

/** A temporary password for a home member, shown once; they change it at their next sign-in. */
export async function resetMemberPasswordAction(userId: string): Promise<ResetPasswordResult> {
  const auth = await requirePortalAuth("action resetMemberPasswordAction");
  const t = await dictionary();
  try {
    const { temporaryPassword } = await resetMemberPassword(
      { ...auth, ip: await requestIp() },
      String(userId),
    );
    revalidatePath("/organization");
    return { ok: true, message: t.organization.members.resetPassword, temporaryPassword };
  } catch (error) {
    return failed(error);
  }
}

/** Removes a home member's second factor (a lost phone). */
export async function resetMemberSecondFactorAction(userId: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action resetMemberSecondFactorAction");
  try {
    await resetMemberSecondFactor({ ...auth, ip: await requestIp() }, String(userId));
    revalidatePath("/organization");
    return { ok: true, message: "" };
  } catch (error) {
    return failed(error);
  }
}

/** Ends every session and token of a home member. */
export async function endMemberSessionsAction(userId: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action endMemberSessionsAction");
  try {
    await endMemberSessions({ ...auth, ip: await requestIp() }, String(userId));
    return { ok: true, message: "" };
  } catch (error) {
    return failed(error);
  }
}

/** Names a member an administrator of the organization, or no longer one (never the last one). */
export async function setOrganizationAdminAction(userId: string, isAdmin: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setOrganizationAdminAction");
  try {
    await setOrganizationAdmin({ ...auth, ip: await requestIp() }, String(userId), isAdmin === true);
    revalidatePath("/organization");
    return { ok: true, message: "" };
  } catch (error) {
    return failed(error);
  }
}

/** Removes a person from every company of the organization (never its last administrator). */
export async function removeOrganizationMemberAction(userId: string): Promise<ActionResult> {
  const auth = await requirePortalAuth("action removeOrganizationMemberAction");
  try {
    await removeOrganizationMember({ ...auth, ip: await requestIp() }, String(userId));
    revalidatePath("/organization");
    return { ok: true, message: "" };
  } catch (error) {
    return failed(error);
  }
}
