import "server-only";

import { AppError } from "@/lib/errors";

import type { AuthContext } from "../platform/http/auth-context";
import { secondFactorSetupPending } from "./credentials";
import { actionRequiredBy, type ProtectedEntryPoint } from "./entry-points";
import { requirePermission } from "./id-token";
import { getPortalAuth } from "./next-auth-options";

/**
 * Like getPortalAuth, but 401 when signed out and 403 when the user's roles do not allow the action
 * `entry` takes (entry-points.ts).
 */
export async function requirePortalAuth(entry: ProtectedEntryPoint): Promise<AuthContext> {
  const auth = await getPortalAuth();
  if (!auth) throw new AppError("UNAUTHORIZED", "Inicie sesión para continuar.");
  requirePermission(auth, actionRequiredBy(entry));
  await refuseWhileStepPending(auth);
  return auth;
}

/**
 * Pages send a person with a temporary password, or without the second factor their organization
 * requires, to Mi cuenta first; actions and downloads refuse them outright, so a direct call (a
 * stale tab, a script with the session cookie) cannot act before the step is done.
 */
async function refuseWhileStepPending(auth: AuthContext): Promise<void> {
  const { getDb } = await import("@/lib/server/platform/db");
  const user = await (
    await getDb()
  ).user.findUnique({
    where: { id: auth.userId },
    select: { mustChangePassword: true },
  });
  if (user?.mustChangePassword) {
    throw new AppError(
      "PASSWORD_CHANGE_REQUIRED",
      "Su contraseña es temporal: elija una nueva en Mi cuenta.",
    );
  }
  if (await secondFactorSetupPending(auth)) {
    throw new AppError(
      "SECOND_FACTOR_SETUP_REQUIRED",
      "Su organización exige un segundo factor: actívelo en Mi cuenta para continuar.",
    );
  }
}
