import "server-only";

import { AppError } from "@/lib/errors";

import type { AuthContext } from "../platform/http/auth-context";
import { loadActiveUser, signInUser } from "./credentials";
import { isServiceClientId, loadServiceAccount, signInServiceAccount } from "./service-accounts";

export interface SignInInput {
  /** A person's e-mail, or a service account's clientId (sa_…). */
  username: string;
  password: string;
  /** The company to act for: required when the user has several (400 RNC_REQUIRED). */
  rnc?: string;
  /** The current TOTP code, for users with a second factor. */
  otp?: string;
  clientAddress?: string;
}

/**
 * Every sign-in with credentials (POST /auth/token, POST /{environment}/customer/authentication):
 * a person, or a service account when the username is its clientId → the AuthContext of one
 * company, or 401 INVALID_CREDENTIALS (and the codes of credentials.ts for the company and the
 * second factor).
 */
export async function signIn(input: SignInInput): Promise<AuthContext> {
  if (!isServiceClientId(input.username)) return signInUser(input);
  const auth = await signInServiceAccount({
    clientId: input.username,
    secret: input.password,
    rnc: input.rnc,
    clientAddress: input.clientAddress,
  });
  if (!auth) throw new AppError("INVALID_CREDENTIALS", "Usuario o contraseña incorrectos.");
  return auth;
}

export type PrincipalKind = AuthContext["principal"];

/**
 * A token's or a refresh token's principal as the database has it now (see loadActiveUser and
 * loadServiceAccount for what ends it), or null.
 */
export function loadPrincipal(
  kind: PrincipalKind,
  id: string,
  accountId: string,
  options: { tokenRnc?: string; issuedAtMs?: number } = {},
): Promise<AuthContext | null> {
  return kind === "service"
    ? loadServiceAccount(id, accountId, options)
    : loadActiveUser(id, accountId, options);
}
