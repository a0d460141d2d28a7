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
 * The person a portal page acts for — signed in, acting for a company, with no forced step — or null.
 * The portal's layouts frame a page with it and send nobody away, so that an unknown path is a 404
 * page for a signed-out visitor too; the pages themselves send people on (requirePageAuth).
 */
export const portalPageAuth = cache(async (): Promise<AuthContext | null> => {
  const auth = await getPortalAuth();
  if (!auth || (await forcedStepOf(auth.userId, auth))) return null;
  return auth;
});

/**
 * The signed-in user for a portal page, or a redirect: to /login when signed out, to /account (Mi
 * cuenta, outside this layout) for a person with no company role or with a forced step. Every page
 * calls it (the layout does not redirect, and on client-side navigation Next re-renders the page but
 * not always the layout); portal-pages.test.ts checks that each does. Once per request.
 */
export const requirePageAuth = cache(async (): Promise<AuthContext> => {
  const auth = await portalPageAuth();
  if (!auth) redirect((await getPortalUser()) ? "/account" : "/login");
  return auth;
});
