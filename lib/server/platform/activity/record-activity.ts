import "server-only";

import type { ActivityAction, ActivityActorType } from "@/lib/domain/activity-actions";
import type { Environment } from "@/lib/domain/environments";
import type { AuthContext } from "@/lib/server/platform/http/auth-context";
import { nowMs } from "@/lib/server/platform/db/epoch";
import { Prisma, type PrismaClient } from "@/prisma/generated/client";
import { v7 as uuidv7 } from "uuid";

/** The Prisma client or an interactive transaction's client (write inside the action's own tx). */
export type DbOrTx = Pick<PrismaClient | Prisma.TransactionClient, "activityLogEntry">;

export interface ActivityActor {
  type: ActivityActorType;
  id?: string | null;
  label?: string | null;
}

export interface ActivityInput {
  /** The company (model Account); null for an organization-level entry. */
  accountId: string | null;
  organizationId?: string | null;
  environment?: Environment | null;
  action: ActivityAction;
  actor: ActivityActor;
  subject?: { type: string; id: string } | null;
  /** Facts of the action. Never a secret: keys that name one are dropped (see withoutSecrets). */
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one entry to the activity log (model ActivityLogEntry). Pass the action's transaction
 * when it has one, so the entry and the action commit or roll back together; otherwise call it
 * right after the action succeeded. The log is append-only: there is no update or delete here or
 * anywhere in the app, and a database trigger refuses both (kept at least 10 years).
 */
export async function recordActivity(db: DbOrTx, entry: ActivityInput): Promise<void> {
  await db.activityLogEntry.create({
    data: {
      accountId: entry.accountId,
      organizationId: entry.organizationId ?? null,
      environment: entry.environment ?? null,
      action: entry.action,
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      actorLabel: entry.actor.label ?? null,
      subjectType: entry.subject?.type ?? null,
      subjectId: entry.subject?.id ?? null,
      details: withoutSecrets(entry.details ?? {}) as Prisma.InputJsonObject,
      ip: entry.ip ?? null,
      createdAt: nowMs(),
    },
  });
}

/**
 * recordActivity as the INSERT that ends a statement making the action's change (a data-modifying
 * WITH before it): the entry and the change are one round trip. `onlyIf` names a WITH query of that
 * statement: the entry is written only when it returned a row (the change matched).
 */
export function activityInsert(entry: ActivityInput, onlyIf: string): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "ActivityLogEntry" ("id", "accountId", "organizationId", "environment", "action", "actorType",
      "actorId", "actorLabel", "subjectType", "subjectId", "details", "ip", "createdAt")
    SELECT ${uuidv7()}, ${entry.accountId}::text, ${entry.organizationId ?? null}::text,
      ${entry.environment ?? null}::"Environment", ${entry.action}, ${entry.actor.type}, ${entry.actor.id ?? null}::text,
      ${entry.actor.label ?? null}::text, ${entry.subject?.type ?? null}::text, ${entry.subject?.id ?? null}::text,
      ${JSON.stringify(withoutSecrets(entry.details ?? {}))}::jsonb, ${entry.ip ?? null}::text, ${nowMs()}
    ${Prisma.raw(`WHERE EXISTS (SELECT 1 FROM "${onlyIf}")`)}`;
}

/** The actor of an authenticated caller: a person, or an integration (service account). */
export function actorOf(auth: Pick<AuthContext, "principal" | "userId" | "actor">): ActivityActor {
  return {
    type: auth.principal === "service" ? "service-account" : "user",
    id: auth.userId,
    label: auth.actor,
  };
}

/** Who acted and from where: what a use case needs to record its entry (its callers build it). */
export interface ActivityBy {
  actor: ActivityActor;
  ip?: string | null;
}

/** The caller of a request: actorOf(auth) and the request's client address. */
export function byOf(
  auth: Pick<AuthContext, "principal" | "userId" | "actor">,
  ip?: string | null,
): ActivityBy {
  return { actor: actorOf(auth), ip: ip ?? null };
}

/** A person known by id and e-mail (sign-in paths that have no AuthContext yet). */
export function userActor(userId: string | null, email: string): ActivityActor {
  return { type: "user", id: userId, label: email };
}

/** Anula itself (start-up seed, scheduled work), and what a use case records when no caller is given. */
export const SYSTEM_ACTOR: ActivityActor = { type: "system", id: null, label: "Anula" };
export const SYSTEM_BY: ActivityBy = { actor: SYSTEM_ACTOR, ip: null };

/**
 * Keys whose values are credentials. A caller should never pass one; this is the second line of
 * defence, so a careless `details: { ...input }` cannot put a password into a 10-year log. A key is
 * read as words (camelCase, snake_case): "p12Password", "idToken", "apiKey" go; "keyPrefix" stays.
 */
const SECRET_WORDS = new Set([
  "password",
  "passwords",
  "passphrase",
  "secret",
  "secrets",
  "token",
  "tokens",
  "otp",
  "totp",
  "pin",
  "credential",
  "credentials",
  "p12",
  "pfx",
  "pkcs12",
]);
const SECRET_KEYS = new Set(["key", "apikey", "privatekey", "signingkey"]);

export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return SECRET_KEYS.has(words.join("")) || words.some((word) => SECRET_WORDS.has(word));
}

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? value.toString() : value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (isSecretKey(key) || inner === undefined) continue;
    out[key] = withoutSecrets(inner);
  }
  return out;
}
