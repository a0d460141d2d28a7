import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { recordSignIn } from "@/lib/server/auth/sign-in-activity";

import type { AuthContext } from "../platform/http/auth-context";
import { ID_TOKEN_TTL_SECONDS, signIdToken } from "./id-token";
import { issueRefreshToken, rotateRefreshToken } from "./refresh-tokens";
import { signIn, type SignInInput } from "./sign-in";

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
 * POST /{environment}/customer/authentication: a person's e-mail and password (or a service
 * account's clientId and secret) → a session for one company bound to `environment`, or the
 * sign-in's errors (sign-in.ts: 401 INVALID_CREDENTIALS, 400 RNC_REQUIRED, …). The same sign-in
 * throttle as POST /auth/token.
 */
export async function signInCustomer(
  input: SignInInput & { environment: Environment },
): Promise<CustomerSession> {
  const auth = await signIn(input);
  await recordSignIn(auth, {
    channel: "mseller",
    clientAddress: input.clientAddress,
    environment: input.environment,
  });
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
