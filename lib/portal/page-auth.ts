import "server-only";

import { redirect } from "next/navigation";

import { can, type Action } from "@/lib/domain/roles";
import type { AuthContext } from "@/lib/server/auth";
import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

/** Whether the portal shows an action to this user (the server checks again when it is taken). */
export function mayTake(auth: AuthContext, action: Action): boolean {
  return can(auth, action);
}

/**
 * The signed-in user for a portal page, or a redirect to /login. Every page calls it (not only the
 * layout): on client-side navigation Next re-renders the page but not always the layout.
 */
export async function requirePageAuth(): Promise<AuthContext> {
  const auth = await getPortalAuth();
  if (!auth) redirect("/login");
  return auth;
}
