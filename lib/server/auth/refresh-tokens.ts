import "server-only";

import { createHash, randomBytes, randomUUID } from "node:crypto";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { getDb, nowMs } from "@/lib/server/platform/db";
import type { PrismaClient } from "@/prisma/generated/client";

import type { AuthContext } from "../platform/http/auth-context";
import { secondFactorSetupPending } from "./credentials";
import { loadPrincipal } from "./sign-in";

/**
 * The refresh tokens of the MSeller-style sign-in (customer-sign-in.ts): 32 random bytes, base64url,
 * behind a prefix that names them (a secret scanner, or a person reading a log, recognises one).
 * Only the sha256 of a token is stored. A token is bound to the environment it was issued for.
 * Rotation: each exchange retires the token (usedAt) and issues a new one of the same family;
 * presenting a retired token again means two parties hold it (one stole it), so the whole family is
 * revoked and the legitimate client signs in again. Expiry is per token (REFRESH_TOKEN_TTL_DAYS
 * after its issue). A user's tokens are revoked when the user is disabled or the password changes.
 */
export const REFRESH_TOKEN_PREFIX = "anula_rt_";
const TOKEN_PATTERN = /^anula_rt_[A-Za-z0-9_-]{43}$/;

type DbClient = Pick<PrismaClient, "refreshToken">;

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function refused(message: string): AppError {
  return new AppError("INVALID_REFRESH_TOKEN", message);
}

async function storeNewToken(
  db: DbClient,
  owner: {
    userId: string | null;
    serviceAccountId: string | null;
    accountId: string;
    environment: Environment;
    familyId: string;
  },
): Promise<string> {
  const token = REFRESH_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const now = nowMs();
  await db.refreshToken.create({
    data: {
      ...owner,
      tokenHash: hashRefreshToken(token),
      createdAt: now,
      expiresAt: now + BigInt(loadConfig().refreshTokenTtlMs),
    },
  });
  return token;
}

/**
 * A new refresh token, first of its family, for a user or service account who just signed in on
 * `environment`, for its company.
 */
export async function issueRefreshToken(auth: AuthContext, environment: Environment): Promise<string> {
  return storeNewToken(await getDb(), {
    userId: auth.principal === "user" ? auth.userId : null,
    serviceAccountId: auth.principal === "service" ? auth.userId : null,
    accountId: auth.accountId,
    environment,
    familyId: randomUUID(),
  });
}

/**
 * Exchanges a refresh token presented on `environment`'s path: the user as the database has them now
 * and the next token of the family, or 401 INVALID_REFRESH_TOKEN (unknown, revoked, already used —
 * then the family is revoked —, expired, of another environment, or its user disabled or gone), or
 * 403 SECOND_FACTOR_SETUP_REQUIRED (the family revoked) while the organization requires a second
 * factor the user has not set up.
 */
export async function rotateRefreshToken(
  token: string,
  environment: Environment,
): Promise<{ auth: AuthContext; refreshToken: string }> {
  const invalid = "El refreshToken no es válido: inicie sesión de nuevo.";
  if (!TOKEN_PATTERN.test(token)) throw refused(invalid);
  const db = await getDb();
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashRefreshToken(token) } });
  if (!row) throw refused(invalid);
  if (row.revokedAt !== null) throw refused("El refreshToken fue revocado: inicie sesión de nuevo.");
  if (row.usedAt !== null) await refuseReuse(row);
  if (row.expiresAt <= nowMs()) throw refused("El refreshToken ha expirado: inicie sesión de nuevo.");
  if (row.environment !== environment) {
    throw refused(
      `Este refreshToken se emitió para el ambiente ${row.environment}: úselo en /${row.environment}/customer/authentication/refresh.`,
    );
  }
  const auth = row.serviceAccountId
    ? await loadPrincipal("service", row.serviceAccountId, row.accountId)
    : row.userId
      ? await loadPrincipal("user", row.userId, row.accountId)
      : null;
  if (!auth) {
    throw refused(
      "El usuario o la cuenta de servicio del refreshToken no existe, está deshabilitado o ya no tiene acceso a la empresa.",
    );
  }
  // The organization now requires a second factor of this person, who has none: a token obtained
  // with a password alone must not keep the session alive (sign-in refuses them the same way).
  if (await secondFactorSetupPending(auth)) {
    await db.refreshToken.updateMany({
      where: { familyId: row.familyId, revokedAt: null },
      data: { revokedAt: nowMs() },
    });
    throw new AppError(
      "SECOND_FACTOR_SETUP_REQUIRED",
      "Su organización exige un segundo factor a administradores y aprobadores: actívelo en el portal (Mi cuenta) e inicie sesión de nuevo.",
    );
  }

  const next = await db.$transaction(async (tx) => {
    // Claimed only while unused: of two exchanges of one token racing, exactly one wins.
    const { count } = await tx.refreshToken.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null },
      data: { usedAt: nowMs() },
    });
    if (count === 0) return null;
    return storeNewToken(tx, {
      userId: row.userId,
      serviceAccountId: row.serviceAccountId,
      accountId: row.accountId,
      environment,
      familyId: row.familyId,
    });
  });
  if (next === null) await refuseReuse(row);
  return { auth, refreshToken: next! };
}

/** A retired token came back: whoever holds the family's newest token may be a thief. */
async function refuseReuse(row: { userId: string | null; familyId: string }): Promise<never> {
  const db = await getDb();
  const { count } = await db.refreshToken.updateMany({
    where: { familyId: row.familyId, revokedAt: null },
    data: { revokedAt: nowMs() },
  });
  logger.warn(
    { userId: row.userId, familyId: row.familyId, revoked: count },
    "A used refresh token was presented again: its whole family is revoked",
  );
  throw refused(
    "El refreshToken ya fue usado: por seguridad se revocó la sesión entera (también el refreshToken más reciente). Inicie sesión de nuevo.",
  );
}

/**
 * Revokes every refresh token of the user. Call it wherever the user is disabled
 * (accounts.setUserDisabled) and wherever a password hash changes (no such feature exists yet:
 * refresh-tokens.test.ts lists the code that writes password hashes). `db` lets a caller do it in
 * its own transaction.
 */
export async function revokeRefreshTokens(userId: string, db?: DbClient): Promise<number> {
  const client = db ?? (await getDb());
  const { count } = await client.refreshToken.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: nowMs() },
  });
  return count;
}
