import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { createTestWebhookEndpoint } from "@/lib/server/testing/webhook-endpoint-fixture";

import { cleanUpEvents } from "./clean-up";
import { emitEvent } from "./testing/webhook-test-support";

/** The clean-up (twice a day): old finished deliveries and consumed events go; the activity log stays. */
let database: TestDatabase;
let account: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  account = await createTestAccount();
});
afterAll(async () => database?.dispose());

const DAY = 86_400_000;

describe("cleanUpEvents", () => {
  it("deletes finished deliveries and consumed events past the retention, keeps the rest and never the activity log", async () => {
    const now = 2_000_000_000_000;
    const old = now - 31 * DAY;
    const recent = now - 29 * DAY;
    const endpoint = await createTestWebhookEndpoint({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      url: "https://erp.example.com/hook",
    });
    const event = (at: number) =>
      emitEvent(database.prisma, {
        accountId: account.auth.accountId,
        type: "void.created",
        environment: "TesteCF",
        now: at,
      });
    const ids = {
      oldDone: await event(old), // consumed by both, old, its delivery old and delivered → goes
      oldFailed: await event(old), // its delivery failed long ago → both go
      oldPending: await event(old), // its delivery still pending (a disabled endpoint) → both stay
      oldNotNotified: await event(old), // the notifications have not consumed it → stays
      recentDone: await event(recent), // within the retention → stays
    };
    await database.prisma.outboxEvent.updateMany({
      where: { id: { not: ids.oldNotNotified } },
      data: { processedAt: BigInt(old), notifiedAt: BigInt(old) },
    });
    await database.prisma.outboxEvent.update({
      where: { id: ids.oldNotNotified },
      data: { processedAt: BigInt(old) },
    });
    const delivery = async (eventId: string, status: string, at: number) => {
      const row = await database.prisma.webhookDelivery.create({
        data: {
          endpointId: endpoint.id,
          accountId: account.auth.accountId,
          eventId,
          eventType: "void.created",
          status,
          attempts: 1,
          nextAttemptAt: BigInt(at),
          lastAttemptAt: BigInt(at),
          createdAt: BigInt(at),
        },
      });
      await database.prisma.webhookDeliveryAttempt.create({
        data: {
          deliveryId: row.id,
          attemptedAt: BigInt(at),
          trigger: "automatic",
          latencyMs: 5,
          statusCode: 200,
        },
      });
      return row.id;
    };
    await delivery(ids.oldDone, "delivered", old);
    await delivery(ids.oldFailed, "failed", old);
    await delivery(ids.oldPending, "pending", old);
    const keptDelivery = await delivery(ids.recentDone, "delivered", recent);
    // The activity log: old entries, far beyond any retention.
    await database.prisma.activityLogEntry.createMany({
      data: [
        {
          accountId: account.auth.accountId,
          action: "void.sent",
          actorType: "system",
          createdAt: BigInt(old),
        },
        {
          accountId: account.auth.accountId,
          action: "void.sent",
          actorType: "system",
          createdAt: BigInt(now - 3_000 * DAY),
        },
      ],
    });
    const activityBefore = await database.prisma.activityLogEntry.count();

    expect(await cleanUpEvents({ now, retentionDays: 30 })).toEqual({ deliveries: 2, events: 2 });

    const events = (await database.prisma.outboxEvent.findMany({ select: { id: true } }))
      .map((row) => row.id)
      .sort();
    expect(events).toEqual([ids.oldPending, ids.oldNotNotified, ids.recentDone].sort());
    const deliveries = await database.prisma.webhookDelivery.findMany({
      select: { id: true, eventId: true },
    });
    expect(deliveries.map((row) => row.eventId).sort()).toEqual([ids.oldPending, ids.recentDone].sort());
    expect(deliveries.some((row) => row.id === keptDelivery)).toBe(true);
    // The attempts of the deleted deliveries went with them.
    expect(await database.prisma.webhookDeliveryAttempt.count()).toBe(2);
    expect(await database.prisma.activityLogEntry.count()).toBe(activityBefore);
    expect(activityBefore).toBeGreaterThanOrEqual(2);

    // A second run finds nothing more.
    expect(await cleanUpEvents({ now, retentionDays: 30 })).toEqual({ deliveries: 0, events: 0 });
  });

  it("deletes from the event tables only: never voids, documents, signed XML, DGII's answers or the activity log", async () => {
    // Every statement and every Prisma delegate the clean-up touches, recorded as it runs.
    const statements: string[] = [];
    const touched = new Set<string>();
    const db = new Proxy(database.prisma, {
      get(target, property, receiver) {
        touched.add(String(property));
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== "$executeRaw" || typeof value !== "function") return value;
        return (strings: TemplateStringsArray, ...values: unknown[]) => {
          statements.push(strings.join("?"));
          return (value as (...args: unknown[]) => unknown).call(target, strings, ...values);
        };
      },
    });
    await cleanUpEvents({ db, now: 2_000_000_000_000, retentionDays: 30 });
    expect([...touched]).toEqual(["$executeRaw"]);
    const deletedFrom = new Set(
      statements.flatMap((sql) => [...sql.matchAll(/DELETE\s+FROM\s+"(\w+)"/gi)].map((m) => m[1])),
    );
    expect([...deletedFrom].sort()).toEqual(["OutboxEvent", "WebhookDelivery"]);
    expect(statements.every((sql) => !/\b(UPDATE|TRUNCATE|DROP|INSERT)\b/i.test(sql))).toBe(true);

    // What those deletes reach through ON DELETE CASCADE, read from the database's own keys.
    const cascades = await database.prisma.$queryRaw<Array<{ parent: string; child: string }>>`
      SELECT p.relname AS parent, c.relname AS child FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.confdeltype = 'c'`;
    const reached = new Set(deletedFrom);
    for (let grown = true; grown;) {
      grown = false;
      for (const { parent, child } of cascades) {
        if (reached.has(parent) && !reached.has(child)) {
          reached.add(child);
          grown = true;
        }
      }
    }
    expect([...reached].sort()).toEqual(["OutboxEvent", "WebhookDelivery", "WebhookDeliveryAttempt"]);
    // Kept at least 10 years (DGII's Informe Técnico): none of them is reachable.
    for (const kept of [
      "VoidRecord",
      "VoidSendAttempt",
      "VoidEvidence",
      "VoidedBlock",
      "Document",
      "ActivityLogEntry",
    ]) {
      expect(reached.has(kept)).toBe(false);
    }
  });
});
