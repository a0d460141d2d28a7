import "server-only";

import { redirect } from "next/navigation";
import { cache } from "react";

import { can, type Action } from "@/lib/domain/roles";
import type { AuthContext } from "@/lib/server/auth";
import { secondFactorSetupPending } from "@/lib/server/auth/credentials";
import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";
import { getDb } from "@/lib/server/platform/db";

/** Whether the portal shows an action to this user (the server checks again when it is taken). */
export function mayTake(auth: AuthContext, action: Action): boolean {
  return can(auth, action);
}

/** What a person must do in "Mi cuenta" before anything else in the portal. */
export type ForcedStep = "changePassword" | "secondFactor";

/**
 * A temporary password (invited, or reset by an administrator) must be changed first; then, where
 * the organization requires a second factor of administrators and approvers, one who has none sets
 * it up (secondFactorSetupPending). `auth` is the company the session acts for, if any.
 */
export async function forcedStepOf(userId: string, auth: AuthContext | null): Promise<ForcedStep | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { mustChangePassword: true } });
  if (user?.mustChangePassword) return "changePassword";
  if (auth && (await secondFactorSetupPending(auth))) return "secondFactor";
  return null;
}

/**
 * The signed-in user for a portal page, or a redirect: to /login when signed out, to /account (Mi
 * cuenta, outside this layout) for a person with no company role or with a forced step. Every page
 * calls it (not only the layout): on client-side navigation Next re-renders the page but not always
 * the layout. Once per request (the layout and the page share the answer).
 */
export const requirePageAuth = cache(async (): Promise<AuthContext> => {
  const auth = await getPortalAuth();
  if (!auth) redirect((await getPortalUser()) ? "/account" : "/login");
  if (await forcedStepOf(auth.userId, auth)) redirect("/account");
  return auth;
});
