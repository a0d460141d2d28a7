import "server-only";

import { getDb, nowMs } from "@/lib/server/db";

import type { AuthContext } from "./auth-context";
import { burnPasswordCheck, verifyPassword } from "./password";

/**
 * The user behind a username (e-mail, case-insensitive) and password, or null. A disabled user or
 * a wrong password gives null, like an unknown user, in about the same time.
 */
export async function authenticateUser(username: string, password: string): Promise<AuthContext | null> {
  const db = await getDb();
  const email = username.trim().toLowerCase();
  const user = email ? await db.user.findUnique({ where: { email }, include: { account: true } }) : null;
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  const matches = await verifyPassword(password, user.passwordHash);
  if (!matches || user.disabled) return null;
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: nowMs() } });
  return {
    accountId: user.accountId,
    rnc: user.account.rnc,
    userId: user.id,
    email: user.email,
    role: user.role,
  };
}

/** The current state of a user named by a token: null when gone, disabled or moved to another account. */
export async function loadActiveUser(userId: string, accountId: string): Promise<AuthContext | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, include: { account: true } });
  if (!user || user.disabled || user.accountId !== accountId) return null;
  return {
    accountId: user.accountId,
    rnc: user.account.rnc,
    userId: user.id,
    email: user.email,
    role: user.role,
  };
}
