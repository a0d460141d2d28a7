import "server-only";

import { loadConfig } from "@/lib/server/config/load-config";
import { getDb, nowMs } from "@/lib/server/db";
import { UNKNOWN_ADDRESS } from "@/lib/server/http/client-address";

import type { AuthContext } from "./auth-context";
import { beginLoginAttempt } from "./login-throttle";
import { burnPasswordCheck, verifyPassword } from "./password";

/**
 * The user behind a username (e-mail, case-insensitive) and password, or null. A disabled user or
 * a wrong password gives null, like an unknown user, in about the same time. Too many failures from
 * `clientAddress` (clientAddressOf), for this e-mail or any: 429 RATE_LIMITED before the database
 * or the password hash is touched (login-throttle.ts).
 */
export async function authenticateUser(
  username: string,
  password: string,
  clientAddress: string = UNKNOWN_ADDRESS,
): Promise<AuthContext | null> {
  const email = username.trim().toLowerCase();
  const attempt = beginLoginAttempt(email, clientAddress, loadConfig().loginThrottle);
  const db = await getDb();
  const user = email ? await db.user.findUnique({ where: { email }, include: { account: true } }) : null;
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  const matches = await verifyPassword(password, user.passwordHash);
  if (!matches || user.disabled) return null;
  attempt.succeeded();
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: nowMs() } });
  return authContextOf(user);
}

function authContextOf(user: {
  id: string;
  accountId: string;
  email: string;
  role: AuthContext["role"];
  account: { rnc: string };
}): AuthContext {
  return {
    accountId: user.accountId,
    rnc: user.account.rnc,
    userId: user.id,
    email: user.email,
    role: user.role,
  };
}

/**
 * The current state of a user named by a token or a portal session: null when gone, disabled,
 * moved to another account, or — `tokenRnc`, the RNC a token carries — when that RNC is not the
 * account's (a token we did not sign that way: defence in depth should the secret leak). The
 * account's RNC comes with the user in one query.
 */
export async function loadActiveUser(
  userId: string,
  accountId: string,
  tokenRnc?: string,
): Promise<AuthContext | null> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      accountId: true,
      email: true,
      role: true,
      disabled: true,
      account: { select: { rnc: true } },
    },
  });
  if (!user || user.disabled || user.accountId !== accountId) return null;
  if (tokenRnc !== undefined && tokenRnc !== user.account.rnc) return null;
  return authContextOf(user);
}
