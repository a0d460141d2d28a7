"use server";

import "server-only";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";

import { isCompanyRole } from "@/lib/domain/roles";
import { format } from "@/lib/i18n";
import {
  inviteUser,
  requireHomeOrganizationOf,
  setMemberRoles,
  setUserDisabled,
} from "@/lib/server/accounts";
import { portalBy } from "@/lib/server/platform/activity/request-ip";
import { companiesOfUser, rememberLastCompany } from "@/lib/server/auth/credentials";
import { COMPANY_COOKIE, getPortalUser } from "@/lib/server/auth/next-auth-options";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";

import { dictionary, knownProblemResult, type ActionResult } from "./action-result";

export type InviteResult =
  { ok: true; message: string; email: string; temporaryPassword?: string } | { ok: false; message: string };

/**
 * Adds a person to the company with a set of roles. New to Anula: an account with a temporary
 * password shown once here (no mail server is assumed), to be changed at the first sign-in. Already
 * in Anula: only the membership is added; their credentials are never touched.
 */
export async function inviteUserAction(formData: FormData): Promise<InviteResult> {
  const auth = await requirePortalAuth("action inviteUserAction");
  const t = await dictionary();
  const email = String(formData.get("email") ?? "")
    .trim()
    .toLowerCase();
  try {
    const invited = await inviteUser({
      accountId: auth.accountId,
      email,
      roles: formData.getAll("roles").map(String),
      name: String(formData.get("name") ?? "").trim() || undefined,
      by: await portalBy(auth),
    });
    revalidatePath("/settings/users");
    return invited.created
      ? {
          ok: true,
          email,
          temporaryPassword: invited.temporaryPassword,
          message: format(t.settings.users.created, { email }),
        }
      : { ok: true, email, message: format(t.settings.users.added, { email }) };
  } catch (error) {
    const failed = await knownProblemResult(error);
    return { ok: false, message: failed.message };
  }
}

/**
 * Sets a member's roles in the company; none removes them from it. An administrator cannot take the
 * administrator role away from themselves (the company must never lose its last way in).
 */
export async function setMemberRolesAction(userId: string, roles: string[]): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setMemberRolesAction");
  const t = await dictionary();
  const wanted = Array.isArray(roles) ? roles.filter(isCompanyRole) : [];
  if (userId === auth.userId && !wanted.includes("administrator")) {
    return { ok: false, message: t.settings.users.keepOwnAdmin };
  }
  try {
    await setMemberRoles(auth.accountId, userId, wanted, await portalBy(auth));
    revalidatePath("/settings/users");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/**
 * Disables or enables a person's account: only an administrator of their home organization (a
 * client's administrator never locks out the accountant's firm staff), never oneself.
 */
export async function setUserDisabledAction(userId: string, disabled: boolean): Promise<ActionResult> {
  const auth = await requirePortalAuth("action setUserDisabledAction");
  const t = await dictionary();
  if (userId === auth.userId) return { ok: false, message: t.errors.forbidden };
  try {
    await requireHomeOrganizationOf(userId, auth.organizationId);
    await setUserDisabled(userId, Boolean(disabled), await portalBy(auth));
    revalidatePath("/settings/users");
    return { ok: true, message: "" };
  } catch (error) {
    return knownProblemResult(error);
  }
}

/** The shell's company switcher: only a company the user has a role in. */
export async function setCompanyAction(accountId: string): Promise<{ ok: boolean }> {
  const user = await getPortalUser();
  if (!user) return { ok: false };
  const companies = await companiesOfUser(user.userId);
  if (!companies.some((company) => company.accountId === accountId)) return { ok: false };
  // Kept server-side too: a fresh browser (no cookie yet) opens the company last used.
  await rememberLastCompany(user.userId, accountId);
  (await cookies()).set(COMPANY_COOKIE, accountId, {
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    sameSite: "lax",
    httpOnly: true,
  });
  return { ok: true };
}
