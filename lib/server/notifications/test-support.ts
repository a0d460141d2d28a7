import "server-only";

import type { Environment } from "@/lib/domain/environments";
import type { CompanyRole } from "@/lib/domain/roles";
import { createUser } from "@/lib/server/accounts/accounts";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import type { EventPayloads, EventType } from "@/lib/server/platform/events/event-types";
import { writeEvent } from "@/lib/server/platform/events/write-event";

/** Tests of the notifications: a company with one person per role set, and events written to the outbox. */
export interface NotificationCompany {
  accountId: string;
  rnc: string;
  name: string;
  /** The first user of createTestAccount: administrator + approver + operator. */
  owner: string;
  users: Record<string, string>;
}

export async function createNotificationCompany(
  people: Record<string, CompanyRole[]>,
  options: { rnc?: string } = {},
): Promise<NotificationCompany> {
  const account = await createTestAccount(options.rnc ? { rnc: options.rnc } : {});
  const users: Record<string, string> = {};
  for (const [key, roles] of Object.entries(people)) {
    const user = await createUser({
      accountId: account.auth.accountId,
      email: `${key}-${account.auth.rnc}@test.local`,
      password: "test-password-1",
      roles,
    });
    users[key] = user.id;
  }
  const db = await getDb();
  const company = await db.account.findUniqueOrThrow({ where: { id: account.auth.accountId } });
  return {
    accountId: company.id,
    rnc: company.rnc,
    name: company.name,
    owner: account.auth.userId,
    users,
  };
}

/** An event in the outbox, as its writer would leave it (outside any other change). */
export async function writeTestEvent<T extends EventType>(
  company: { accountId: string },
  type: T,
  payload: EventPayloads[T],
  options: { environment?: Environment | null; subjectId?: string; now?: number } = {},
): Promise<string> {
  const db = await getDb();
  return writeEvent(db, {
    type,
    accountId: company.accountId,
    environment: options.environment === undefined ? "TesteCF" : options.environment,
    subjectId: options.subjectId ?? null,
    payload,
    now: options.now,
  });
}

/** A void request row (what void.request.* events name), asked for by `requestedByUserId`. */
export async function insertVoidRequest(
  company: { accountId: string },
  input: { id: string; requestedByUserId: string; decidedByUserId?: string | null; status?: string },
): Promise<void> {
  const db = await getDb();
  const now = BigInt(Date.now());
  await db.voidRequest.create({
    data: {
      id: input.id,
      accountId: company.accountId,
      environment: "TesteCF",
      status: input.status ?? "Pendiente",
      ranges: "[]",
      rangeCount: 1,
      totalVoided: 3n,
      requestedByUserId: input.requestedByUserId,
      requestedBy: "ana@test.local",
      requestedAt: now,
      expiresAt: now + 86_400_000n,
      decidedByUserId: input.decidedByUserId ?? null,
    },
  });
}

export function requestPayload(
  company: { rnc: string },
  requestId: string,
  status = "Pendiente",
): EventPayloads["void.request.created"] {
  return {
    requestId,
    customerId: company.rnc,
    environment: "TesteCF",
    status,
    totalVoided: 3,
    rangeCount: 1,
    requestedBy: "ana@test.local",
    decidedBy: status === "Pendiente" ? null : "bea@test.local",
    voidId: null,
  };
}

export function webhookDisabledPayload(company: { rnc: string }): EventPayloads["webhook.disabled"] {
  return {
    endpointId: "endpoint-1",
    customerId: company.rnc,
    environment: "TesteCF",
    url: "https://erp.example.do/hooks?token=secret-token",
    failingSince: new Date(0).toISOString(),
    lastError: "HTTP 500",
  };
}
