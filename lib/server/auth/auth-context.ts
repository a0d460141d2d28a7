import "server-only";

import type { UserRole } from "@/lib/domain/roles";

export type { UserRole };

/** Who is calling: resolved from a Bearer idToken or the portal session, always re-checked in the DB. */
export interface AuthContext {
  accountId: string;
  /** The account's RNC: the issuer of every document; never taken from a request body. */
  rnc: string;
  userId: string;
  email: string;
  role: UserRole;
}
