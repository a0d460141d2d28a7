import "server-only";

import type { UserRole } from "./auth-context";

/**
 * Every way into the application and the least role it needs: REST routes and portal route
 * handlers by `METHOD /path` (the path of their folder under app/), server actions by
 * `action <function name>`. Handlers name their entry when they authenticate
 * (requireBearer / requirePortalAuth), so the role lives here and nowhere else, and
 * entry-points.test.ts fails when a route or action exists without a line here, or when its
 * handler does not name it. "public" entries authenticate by other means or not at all. A route's
 * answers to the methods it does not serve (methodsNotAllowed: JSON 405, exported by destructuring)
 * are not entries: they let nobody in.
 *
 * Roles rank viewer < operator < admin: viewers read, operators also void and import, admins also
 * manage the account (certificate, users, API keys).
 */
export const ENTRY_POINTS = {
  // Public REST
  "POST /auth/token": "public",
  // MSeller ECF's sign-in and its refresh: they authenticate by the credentials / the refresh token
  "POST /[environment]/customer/authentication": "public",
  "POST /[environment]/customer/authentication/refresh": "public",
  "GET /healthz": "public",
  "GET /readyz": "public",
  "GET /openapi.json": "public",
  "GET /api/auth/[...nextauth]": "public",
  "POST /api/auth/[...nextauth]": "public",
  // Any other path under /{environment}/ or /auth/: JSON 404 (api-fallbacks.ts), whatever the method
  "GET /[environment]/[...rest]": "public",
  "POST /[environment]/[...rest]": "public",
  "PUT /[environment]/[...rest]": "public",
  "PATCH /[environment]/[...rest]": "public",
  "DELETE /[environment]/[...rest]": "public",
  "GET /auth/[...rest]": "public",
  "POST /auth/[...rest]": "public",
  "PUT /auth/[...rest]": "public",
  "PATCH /auth/[...rest]": "public",
  "DELETE /auth/[...rest]": "public",
  // REST (Bearer idToken; the documents endpoints also X-API-KEY)
  "POST /[environment]/customer/void-ncf": "operator",
  "GET /[environment]/customer/void-ncf": "viewer",
  "GET /[environment]/customer/void-ncf/[voidId]/xml": "viewer",
  "GET /[environment]/documentos-ecf": "viewer",
  "POST /[environment]/documentos-ecf/status/batch": "viewer",
  "POST /[environment]/documentos-ecf/import": "operator",
  // Portal downloads (session cookie)
  "GET /(portal)/voids/export": "viewer",
  "GET /(portal)/voids/[voidId]/xml": "viewer",
  "GET /(portal)/voids/[voidId]/ranges": "viewer",
  // Portal server actions (session cookie)
  "action checkVoidWarnings": "operator",
  "action submitVoid": "operator",
  "action lookupDocumentsBatchAction": "viewer",
  "action uploadCertificateAction": "admin",
  "action createApiKeyAction": "admin",
  "action revokeApiKeyAction": "admin",
  "action createUserAction": "admin",
  "action setUserRoleAction": "admin",
  "action setUserDisabledAction": "admin",
  "action setLocaleAction": "public", // the login page has the language switch
  "action setEnvironmentAction": "viewer",
} as const satisfies Record<string, UserRole | "public">;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/** An entry that needs a signed-in caller. */
export type ProtectedEntryPoint = {
  [Entry in EntryPoint]: (typeof ENTRY_POINTS)[Entry] extends "public" ? never : Entry;
}[EntryPoint];

export function roleRequiredBy(entry: ProtectedEntryPoint): UserRole {
  return ENTRY_POINTS[entry] as UserRole;
}
