import "server-only";

import { createHash, randomBytes } from "node:crypto";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { recordActivity, SYSTEM_BY, type ActivityBy } from "@/lib/server/platform/activity/record-activity";
import { getDb, nowMs, toMs, toMsOrNull } from "@/lib/server/platform/db";
import type { Prisma } from "@/prisma/generated/client";

import type { AuthContext } from "../platform/http/auth-context";

/** A key is `anula_<prefix>_<secret>`: the prefix is shown in lists, the whole key is stored only as sha256. */
const KEY_PATTERN = /^anula_([a-z0-9]{10})_[A-Za-z0-9_-]{43}$/;
/** Writing lastUsedAt on every request would turn each read into a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000n;

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  /** The one environment the key works in; null: all three. */
  environment: Environment | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function newPrefix(): string {
  // 10 base-36 characters from 64 random bits: short to read, collisions practically impossible.
  return randomBytes(8).readBigUInt64BE().toString(36).padStart(13, "0").slice(-10);
}

export interface CreateApiKeyOptions {
  createdBy?: string;
  /** A given key (the demo seed's DEMO_API_KEY); otherwise a new random one. */
  key?: string;
  /**
   * The one environment the key will work in (MSeller issues one key per environment, and an
   * integration written for it may keep one per environment); absent or null: all three.
   */
  environment?: Environment | null;
  /** Who creates it, for the activity log (default: Anula itself, e.g. a seed). */
  by?: ActivityBy;
}

/**
 * Creates a key for the account; `key` is returned once and never stored in clear. The activity log
 * gets "api_key.created" in the same transaction (the key's prefix, never the key).
 */
export async function createApiKey(
  accountId: string,
  name: string,
  options: CreateApiKeyOptions = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const db = await getDb();
  const { data, key } = prepareApiKey(accountId, name, options);
  const by = options.by ?? SYSTEM_BY;
  const record = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({ data });
    await recordActivity(tx, {
      accountId,
      environment: data.environment ?? null,
      action: "api_key.created",
      actor: by.actor,
      subject: { type: "api-key", id: created.id },
      details: { name: data.name, prefix: data.prefix, environment: data.environment ?? null },
      ip: by.ip,
    });
    return created;
  });
  return { id: record.id, key, prefix: data.prefix };
}

/** A new key and its row (hash + prefix); shared with the demo seed, which has its own client. */
export function prepareApiKey(
  accountId: string,
  name: string,
  options: CreateApiKeyOptions = {},
): { data: Prisma.ApiKeyUncheckedCreateInput; key: string } {
  const key = options.key ?? `anula_${newPrefix()}_${randomBytes(32).toString("base64url")}`;
  // A key given from outside (DEMO_API_KEY) may have any shape: its prefix then comes from its hash.
  const prefix = KEY_PATTERN.exec(key)?.[1] ?? hashApiKey(key).slice(0, 10);
  return {
    key,
    data: {
      accountId,
      name: name.trim() || "API key",
      prefix,
      hash: hashApiKey(key),
      environment: options.environment ?? null,
      createdBy: options.createdBy ?? null,
      createdAt: nowMs(),
    },
  };
}

/**
 * Revokes a key of this account (a key of another account is "not found", never touched); the
 * activity log gets "api_key.revoked" in the same transaction (not again for a key already revoked).
 */
export async function revokeApiKey(accountId: string, id: string, by: ActivityBy = SYSTEM_BY): Promise<void> {
  const db = await getDb();
  const count = await db.$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({
      where: { id, accountId, revokedAt: null },
      data: { revokedAt: nowMs() },
    });
    if (revoked.count === 0) return 0;
    const key = await tx.apiKey.findUniqueOrThrow({ where: { id }, select: { name: true, prefix: true } });
    await recordActivity(tx, {
      accountId,
      action: "api_key.revoked",
      actor: by.actor,
      subject: { type: "api-key", id },
      details: { name: key.name, prefix: key.prefix },
      ip: by.ip,
    });
    return revoked.count;
  });
  if (count === 0) {
    const exists = await db.apiKey.count({ where: { id, accountId } });
    if (exists === 0) throw new AppError("NOT_FOUND", "La clave de API no existe.");
  }
}

export async function listApiKeys(accountId: string): Promise<ApiKeySummary[]> {
  const db = await getDb();
  const keys = await db.apiKey.findMany({ where: { accountId }, orderBy: { createdAt: "desc" } });
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    environment: key.environment,
    createdAt: toMs(key.createdAt),
    lastUsedAt: toMsOrNull(key.lastUsedAt),
    revokedAt: toMsOrNull(key.revokedAt),
  }));
}

/**
 * X-API-KEY check for the document endpoints (after requireBearer), as MSeller answers it: every
 * key problem is 403, so 401 keeps meaning "sign in again" (a client that does so on 401 never loops
 * on a bad key):
 * - missing, unknown or revoked → 403 INVALID_API_KEY;
 * - a valid key of another account than the token's → 403 FORBIDDEN (checked before the
 *   environment, so nothing is told about another account's key);
 * - a key limited to another environment than the path's → 403 API_KEY_WRONG_ENVIRONMENT.
 */
export async function requireApiKey(
  request: Request,
  auth: AuthContext,
  environment: Environment,
): Promise<void> {
  const key = request.headers.get("x-api-key")?.trim();
  if (!key) throw new AppError("INVALID_API_KEY", "Falta el encabezado X-API-KEY.");
  const db = await getDb();
  const record = await db.apiKey.findUnique({ where: { hash: hashApiKey(key) } });
  if (!record || record.revokedAt !== null) {
    throw new AppError("INVALID_API_KEY", "La clave de API no es válida o fue revocada.");
  }
  if (record.accountId !== auth.accountId) {
    throw new AppError("FORBIDDEN", "La clave de API pertenece a otra cuenta que la del token.");
  }
  if (record.environment !== null && record.environment !== environment) {
    throw new AppError(
      "API_KEY_WRONG_ENVIRONMENT",
      `Esta clave de API es solo para el ambiente ${record.environment} y no sirve en ${environment}: ` +
        `use una clave de ${environment} o una válida para todos los ambientes.`,
    );
  }
  const now = nowMs();
  if (record.lastUsedAt === null || now - record.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: record.id }, data: { lastUsedAt: now } });
  }
}
