import "server-only";

import type { ActivityAction, ActivityActorType } from "@/lib/domain/activity-actions";
import type { Environment } from "@/lib/domain/environments";
import type { AuthContext } from "@/lib/server/auth/auth-context";
import { nowMs } from "@/lib/server/db/epoch";
import type { Prisma, PrismaClient } from "@/prisma/generated/client";

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

/** The actor of an authenticated caller: a person, or an integration (service account). */
export function actorOf(auth: Pick<AuthContext, "principal" | "userId" | "actor">): ActivityActor {
  return {
    type: auth.principal === "service" ? "service-account" : "user",
    id: auth.userId,
    label: auth.actor,
  };
}

/** A person known by id and e-mail (sign-in paths that have no AuthContext yet). */
export function userActor(userId: string | null, email: string): ActivityActor {
  return { type: "user", id: userId, label: email };
}

export const SYSTEM_ACTOR: ActivityActor = { type: "system", id: null, label: "Anula" };

/**
 * Keys whose values are credentials. A caller should never pass one; this is the second line of
 * defence, so a careless `details: { ...input }` cannot put a password into a 10-year log.
 */
const SECRET_KEY = /pass(word|phrase)?|secret|token|otp|totp|private|pfx|p12|pkcs|^key$|apikey$|credential/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? value.toString() : value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || inner === undefined) continue;
    out[key] = withoutSecrets(inner);
  }
  return out;
}
