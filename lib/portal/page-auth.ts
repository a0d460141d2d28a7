import "server-only";

import { redirect } from "next/navigation";

import type { AuthContext, UserRole } from "@/lib/server/auth";
import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

const ROLE_RANK: Record<UserRole, number> = { viewer: 0, operator: 1, admin: 2 };

export function hasRole(auth: Pick<AuthContext, "role">, minimum: UserRole): boolean {
  return ROLE_RANK[auth.role] >= ROLE_RANK[minimum];
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
