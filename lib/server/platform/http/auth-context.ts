import "server-only";

import type { CompanyRole, Permissions, ServiceScope } from "@/lib/domain/roles";

export type { CompanyRole, ServiceScope };

/**
 * Who is calling and for which company: resolved from a Bearer idToken or the portal session, and
 * re-checked in the database on every request (a disabled user or service account, a removed
 * membership, a password change or "sign out everywhere" ends it at once).
 */
export interface AuthContext extends Permissions {
  /** The company acted for (model Account): every query is scoped by it. */
  accountId: string;
  /** The company's RNC: the issuer of every document; never taken from a request body. */
  rnc: string;
  organizationId: string;
  /** The user's id, or the service account's. */
  userId: string;
  /** The user's e-mail, or the service account's clientId. */
  email: string;
  /** How actions are attributed in records: the e-mail, or "<name> (cuenta de servicio)". */
  actor: string;
}
