import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";

import { authenticateUser } from "./credentials";
import { ID_TOKEN_TTL_SECONDS, signIdToken } from "./id-token";
import { issueRefreshToken, rotateRefreshToken } from "./refresh-tokens";
import type { AuthContext } from "./auth-context";

/**
 * What MSeller ECF's sign-in answers, so integrations written for it work unchanged. `idToken` is
 * the Bearer of every other endpoint, bound to the environment signed in on. `accessToken` is the
 * same JWT: MSeller returns one and its clients ignore it; answering the idToken there too means a
 * client that sends it instead still works, and there is one kind of token to reason about.
 */
export interface CustomerSession {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: "Bearer";
}

/**
 * POST /{environment}/customer/authentication: e-mail and password → a session bound to
 * `environment`, or 401 INVALID_CREDENTIALS. The same sign-in throttle as POST /auth/token
 * (authenticateUser counts failures per e-mail and client address, and per address, for both).
 */
export async function signInCustomer(input: {
  email: string;
  password: string;
  environment: Environment;
  clientAddress?: string;
}): Promise<CustomerSession> {
  // Today one user belongs to one account, so the token acts for that company. When the Companies
  // issue lands, the company follows its rules (one company: that one; several: `rnc` required).
  const auth = await authenticateUser(input.email, input.password, input.clientAddress);
  if (!auth) throw new AppError("INVALID_CREDENTIALS", "Correo o contraseña incorrectos.");
  return session(auth, input.environment, await issueRefreshToken(auth, input.environment));
}

/**
 * POST /{environment}/customer/authentication/refresh: a refresh token → a new session (the user
 * re-checked, the token rotated), or 401 INVALID_REFRESH_TOKEN (refresh-tokens.ts).
 */
export async function refreshCustomerSession(
  refreshToken: string,
  environment: Environment,
): Promise<CustomerSession> {
  const rotated = await rotateRefreshToken(refreshToken, environment);
  return session(rotated.auth, environment, rotated.refreshToken);
}

async function session(
  auth: AuthContext,
  environment: Environment,
  refreshToken: string,
): Promise<CustomerSession> {
  const idToken = await signIdToken(auth, ID_TOKEN_TTL_SECONDS, environment);
  return {
    accessToken: idToken,
    idToken,
    refreshToken,
    expiresIn: ID_TOKEN_TTL_SECONDS,
    tokenType: "Bearer",
  };
}
