import "server-only";

export type UserRole = "admin" | "operator" | "viewer";

/** Who is calling: resolved from a Bearer idToken or the portal session, always re-checked in the DB. */
export interface AuthContext {
  accountId: string;
  /** The account's RNC: the issuer of every document; never taken from a request body. */
  rnc: string;
  userId: string;
  email: string;
  role: UserRole;
}
