import "server-only";

import { randomBytes } from "node:crypto";

import { isServiceScope, type ServiceScope } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { recordActivity, SYSTEM_BY, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import {
  recordServiceSignInRefused,
  recordThrottledSignIn,
  throttleWorthLogging,
} from "@/lib/server/auth/sign-in-activity";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import { getDb, nowMs, toMs, toMsOrNull } from "@/lib/server/platform/db";
import { UNKNOWN_ADDRESS } from "@/lib/server/platform/http/client-address";

import type { AuthContext } from "../platform/http/auth-context";
import { beginLoginAttempt } from "./login-throttle";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";

/**
 * Service accounts: an integration's credentials, bound to one company and to no person, so a
 * password change or a departure never breaks an ERP. The clientId (`sa_…`) is the username at the
 * same sign-in endpoints as people; a secret (`anula_sk_<prefix>_<random>`) the password. Secrets
 * are stored as scrypt hashes and shown once. Rotation issues a new secret and lets the old one work
 * for an overlap period, so the integration switches without downtime.
 */
export const CLIENT_ID_PATTERN = /^sa_[a-z0-9]{16}$/;
const SECRET_PATTERN = /^anula_sk_([a-z0-9]{8})_[A-Za-z0-9_-]{43}$/;
export const DEFAULT_ROTATION_OVERLAP_HOURS = 7 * 24;
const MAX_ROTATION_OVERLAP_HOURS = 90 * 24;

export interface ServiceAccountSummary {
  id: string;
  name: string;
  clientId: string;
  scopes: ServiceScope[];
  createdBy: string | null;
  createdAt: number;
  disabledAt: number | null;
  lastUsedAt: number | null;
  /** Granted by an administrator: its voids skip the approval policy (lib/server/approvals). */
  sendWithoutApproval: boolean;
  /** Secrets that still work (the newest first), by their visible prefix. */
  secrets: Array<{ id: string; prefix: string; createdAt: number; expiresAt: number | null }>;
}

function randomBase36(length: number): string {
  let text = "";
  while (text.length < length) text += randomBytes(16).readBigUInt64BE().toString(36);
  return text.slice(0, length);
}

async function newSecret(): Promise<{ secret: string; prefix: string; secretHash: string }> {
  const prefix = randomBase36(8);
  const secret = `anula_sk_${prefix}_${randomBytes(32).toString("base64url")}`;
  return { secret, prefix, secretHash: await hashPassword(secret) };
}

function checkScopes(scopes: readonly string[]): ServiceScope[] {
  const unique = [...new Set(scopes)];
  if (unique.length === 0 || !unique.every(isServiceScope)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "Indique al menos un permiso: voids:send, voids:read, documents:read, documents:import o documents:issue.",
      { errors: [{ field: "scopes", code: "VALIDATION_FAILED", message: "Permisos no válidos." }] },
    );
  }
  return unique as ServiceScope[];
}

/**
 * Creates a service account of the company; its first secret is returned here only. The activity
 * log gets "service_account.created" in the same transaction (name, clientId, scopes; no secret).
 */
export async function createServiceAccount(
  accountId: string,
  input: { name: string; scopes: readonly string[]; createdBy?: string; by?: ActivityBy },
): Promise<{ id: string; clientId: string; secret: string }> {
  const name = input.name.trim();
  if (!name || name.length > 100) {
    throw new AppError("VALIDATION_FAILED", "El nombre es obligatorio (hasta 100 caracteres).", {
      errors: [{ field: "name", code: "VALIDATION_FAILED", message: "Nombre obligatorio." }],
    });
  }
  const scopes = checkScopes(input.scopes);
  const { secret, prefix, secretHash } = await newSecret();
  const now = nowMs();
  const db = await getDb();
  const by = input.by ?? SYSTEM_BY;
  const created = await db.$transaction(async (tx) => {
    const row = await tx.serviceAccount.create({
      data: {
        accountId,
        name,
        clientId: `sa_${randomBase36(16)}`,
        scopes,
        createdBy: input.createdBy ?? null,
        createdAt: now,
        updatedAt: now,
        secrets: { create: { prefix, secretHash, createdAt: now } },
      },
    });
    await recordActivity(tx, {
      accountId,
      action: "service_account.created",
      actor: by.actor,
      subject: { type: "service-account", id: row.id },
      details: { name, clientId: row.clientId, scopes, prefix },
      ip: by.ip,
    });
    return row;
  });
  return { id: created.id, clientId: created.clientId, secret };
}

export async function listServiceAccounts(accountId: string): Promise<ServiceAccountSummary[]> {
  const db = await getDb();
  const now = nowMs();
  const rows = await db.serviceAccount.findMany({
    where: { accountId },
    orderBy: { createdAt: "asc" },
    include: {
      secrets: {
        where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
        orderBy: { createdAt: "desc" },
      },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    scopes: row.scopes.filter(isServiceScope),
    createdBy: row.createdBy,
    createdAt: toMs(row.createdAt),
    disabledAt: toMsOrNull(row.disabledAt),
    lastUsedAt: toMsOrNull(row.lastUsedAt),
    sendWithoutApproval: row.sendWithoutApproval,
    secrets: row.secrets.map((secret) => ({
      id: secret.id,
      prefix: secret.prefix,
      createdAt: toMs(secret.createdAt),
      expiresAt: toMsOrNull(secret.expiresAt),
    })),
  }));
}

async function requireOwn(accountId: string, id: string): Promise<void> {
  const db = await getDb();
  if ((await db.serviceAccount.count({ where: { id, accountId } })) === 0) {
    throw new AppError("NOT_FOUND", "La cuenta de servicio no existe.");
  }
}

/**
 * A new secret; the ones that still work keep working for `overlapHours` (0: end them now, e.g.
 * after a leak). The new secret is returned here only.
 */
export async function rotateServiceAccountSecret(
  accountId: string,
  id: string,
  overlapHours: number = DEFAULT_ROTATION_OVERLAP_HOURS,
  by: ActivityBy = SYSTEM_BY,
): Promise<{ secret: string; oldSecretsExpireAt: number }> {
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_ROTATION_OVERLAP_HOURS) {
    throw new AppError(
      "VALIDATION_FAILED",
      `El período de transición debe ser de 0 a ${MAX_ROTATION_OVERLAP_HOURS} horas.`,
    );
  }
  await requireOwn(accountId, id);
  const { secret, prefix, secretHash } = await newSecret();
  const now = nowMs();
  const oldSecretsExpireAt = now + BigInt(overlapHours) * 3_600_000n;
  const db = await getDb();
  await db.$transaction(async (tx) => {
    // Never lengthens an expiry already set by an earlier rotation.
    await tx.serviceAccountSecret.updateMany({
      where: {
        serviceAccountId: id,
        revokedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: oldSecretsExpireAt } }],
      },
      data: { expiresAt: oldSecretsExpireAt },
    });
    await tx.serviceAccountSecret.create({
      data: { serviceAccountId: id, prefix, secretHash, createdAt: now },
    });
    const row = await tx.serviceAccount.update({ where: { id }, data: { updatedAt: now } });
    await recordActivity(tx, {
      accountId,
      action: "service_account.secret_rotated",
      actor: by.actor,
      subject: { type: "service-account", id },
      details: {
        name: row.name,
        clientId: row.clientId,
        prefix,
        overlapHours,
        oldSecretsExpireAt: Number(oldSecretsExpireAt),
      },
      ip: by.ip,
    });
  });
  return { secret, oldSecretsExpireAt: Number(oldSecretsExpireAt) };
}

/**
 * Disables (or enables again) a service account: its tokens and refresh tokens stop at once
 * (sessionsValidAfter, and the refresh tokens are revoked).
 */
export async function setServiceAccountDisabled(
  accountId: string,
  id: string,
  disabled: boolean,
  by: ActivityBy = SYSTEM_BY,
): Promise<void> {
  await requireOwn(accountId, id);
  const db = await getDb();
  const now = nowMs();
  await db.$transaction(async (tx) => {
    const row = await tx.serviceAccount.update({
      where: { id },
      data: disabled
        ? { disabledAt: now, sessionsValidAfter: now, updatedAt: now }
        : { disabledAt: null, updatedAt: now },
    });
    await recordActivity(tx, {
      accountId,
      action: disabled ? "service_account.revoked" : "service_account.enabled",
      actor: by.actor,
      subject: { type: "service-account", id },
      details: { name: row.name, clientId: row.clientId },
      ip: by.ip,
    });
    if (disabled) {
      await tx.refreshToken.updateMany({
        where: { serviceAccountId: id, revokedAt: null },
        data: { revokedAt: now },
      });
    }
  });
}

/**
 * A service account's sign-in: clientId + secret → the AuthContext of its company, or null (unknown,
 * disabled, wrong/expired/revoked secret) in about the same time. `rnc`, when given, must be its
 * company's (403 FORBIDDEN otherwise). Same throttle as people.
 */
export async function signInServiceAccount(input: {
  clientId: string;
  secret: string;
  rnc?: string;
  clientAddress?: string;
}): Promise<AuthContext | null> {
  const clientId = input.clientId.trim().toLowerCase();
  const address = input.clientAddress ?? UNKNOWN_ADDRESS;
  let attempt: Awaited<ReturnType<typeof beginLoginAttempt>>;
  try {
    attempt = await beginLoginAttempt(clientId, address, loadConfig().loginThrottle);
  } catch (error) {
    if (throttleWorthLogging(error, clientId, address)) await recordThrottledSignIn(clientId, address);
    throw error;
  }
  const prefix = SECRET_PATTERN.exec(input.secret)?.[1];
  const db = await getDb();
  const now = nowMs();
  const row =
    prefix && CLIENT_ID_PATTERN.test(clientId)
      ? await db.serviceAccount.findUnique({
          where: { clientId },
          include: {
            secrets: {
              where: { prefix, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
            },
          },
        })
      : null;
  const stored = row?.secrets[0];
  if (!row || !stored) {
    await burnPasswordCheck(input.secret);
    // A known clientId with an unknown, expired or revoked secret is still its company's business.
    if (row)
      await recordServiceSignInRefused(row, {
        action: "auth.sign_in_failed",
        reason: "wrong_secret",
        clientAddress: input.clientAddress,
      });
    return null;
  }
  if (!(await verifyPassword(input.secret, stored.secretHash))) {
    await recordServiceSignInRefused(row, {
      action: "auth.sign_in_failed",
      reason: "wrong_secret",
      clientAddress: input.clientAddress,
    });
    return null;
  }
  if (row.disabledAt !== null) {
    await recordServiceSignInRefused(row, {
      action: "auth.sign_in_failed",
      reason: "disabled",
      clientAddress: input.clientAddress,
    });
    return null;
  }
  await attempt.succeeded();
  const auth = await loadServiceAccount(row.id, row.accountId);
  if (!auth) return null;
  if (input.rnc?.trim() && input.rnc.trim() !== auth.rnc) {
    throw new AppError(
      "FORBIDDEN",
      `La cuenta de servicio es de la empresa ${auth.rnc}, no de ${input.rnc.trim()}.`,
    );
  }
  await db.serviceAccount.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  return auth;
}

/**
 * The current state of a service account named by a token: null when gone, disabled, not of
 * `accountId`, issued before its sessionsValidAfter, or `tokenRnc` is not its company's.
 */
export async function loadServiceAccount(
  id: string,
  accountId: string,
  options: { tokenRnc?: string; issuedAtMs?: number } = {},
): Promise<AuthContext | null> {
  const db = await getDb();
  const row = await db.serviceAccount.findUnique({
    where: { id },
    include: { account: { select: { rnc: true, organizationId: true } } },
  });
  if (!row || row.disabledAt !== null || row.accountId !== accountId) return null;
  if (options.issuedAtMs !== undefined && options.issuedAtMs < Number(row.sessionsValidAfter)) return null;
  if (options.tokenRnc !== undefined && options.tokenRnc !== row.account.rnc) return null;
  return {
    principal: "service",
    accountId,
    rnc: row.account.rnc,
    organizationId: row.account.organizationId,
    userId: row.id,
    email: row.clientId,
    actor: `${row.name} (cuenta de servicio ${row.clientId})`,
    roles: [],
    scopes: row.scopes.filter(isServiceScope),
    organizationAdmin: false,
  };
}

/** A username that names a service account rather than a person. */
export function isServiceClientId(username: string): boolean {
  return CLIENT_ID_PATTERN.test(username.trim().toLowerCase());
}
