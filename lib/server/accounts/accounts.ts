import "server-only";

import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/server/auth/password";
import { revokeRefreshTokens } from "@/lib/server/auth/refresh-tokens";
import type { UserRole } from "@/lib/server/auth/auth-context";
import { getDb, isUniqueViolation, nowMs, toMs, toMsOrNull, type PrismaClient } from "@/lib/server/db";

export interface AccountSummary {
  id: string;
  rnc: string;
  name: string;
  createdAt: number;
}

export interface UserSummary {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
  role: UserRole;
  disabled: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}

const RNC_PATTERN = /^(\d{9}|\d{11})$/;

export async function createAccount(input: { rnc: string; name: string }): Promise<AccountSummary> {
  if (!RNC_PATTERN.test(input.rnc))
    throw new AppError("VALIDATION_FAILED", "El RNC debe tener 9 u 11 dígitos.");
  const db = await getDb();
  const now = nowMs();
  const account = await db.account
    .create({ data: { rnc: input.rnc, name: input.name.trim(), createdAt: now, updatedAt: now } })
    .catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new AppError("VALIDATION_FAILED", `Ya existe una cuenta con el RNC ${input.rnc}.`)
        : error;
    });
  return { id: account.id, rnc: account.rnc, name: account.name, createdAt: toMs(account.createdAt) };
}

export async function getAccount(accountId: string): Promise<AccountSummary | null> {
  const db = await getDb();
  const account = await db.account.findUnique({ where: { id: accountId } });
  return (
    account && { id: account.id, rnc: account.rnc, name: account.name, createdAt: toMs(account.createdAt) }
  );
}

/** Adds a user to the account; the e-mail is the login name, unique across Anula, stored lower-case. */
export async function createUser(input: {
  accountId: string;
  email: string;
  password: string;
  role: UserRole;
  name?: string;
}): Promise<UserSummary> {
  if (input.password.length < 8) {
    throw new AppError("VALIDATION_FAILED", "La contraseña debe tener al menos 8 caracteres.");
  }
  const db = await getDb();
  const now = nowMs();
  const user = await db.user
    .create({
      data: {
        accountId: input.accountId,
        email: input.email.trim().toLowerCase(),
        name: input.name ?? null,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        createdAt: now,
        updatedAt: now,
      },
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new AppError("VALIDATION_FAILED", "Ya existe un usuario con ese correo.")
        : error;
    });
  return toUserSummary(user);
}

export async function listUsers(accountId: string): Promise<UserSummary[]> {
  const db = await getDb();
  const users = await db.user.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });
  return users.map(toUserSummary);
}

/**
 * Disabling takes effect at once: tokens and sessions re-check the user on every request, and the
 * user's refresh tokens are revoked in the same transaction (enabling the user again does not bring
 * them back: the integration signs in again).
 */
export async function setUserDisabled(accountId: string, userId: string, disabled: boolean): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await updateUser(accountId, userId, { disabled }, tx);
    if (disabled) await revokeRefreshTokens(userId, tx);
  });
}

export async function setUserRole(accountId: string, userId: string, role: UserRole): Promise<void> {
  await updateUser(accountId, userId, { role });
}

/** Changes one user of the account (never another account's): 404 when there is no such user. */
async function updateUser(
  accountId: string,
  userId: string,
  data: { disabled?: boolean; role?: UserRole },
  client?: Pick<PrismaClient, "user">,
): Promise<void> {
  const db = client ?? (await getDb());
  const { count } = await db.user.updateMany({
    where: { id: userId, accountId },
    data: { ...data, updatedAt: nowMs() },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "El usuario no existe.");
}

function toUserSummary(user: {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
  role: UserRole;
  disabled: boolean;
  createdAt: bigint;
  lastLoginAt: bigint | null;
}): UserSummary {
  return {
    id: user.id,
    accountId: user.accountId,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabled,
    createdAt: toMs(user.createdAt),
    lastLoginAt: toMsOrNull(user.lastLoginAt),
  };
}
