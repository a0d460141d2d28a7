import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";

import { setUserDisabled } from "@/lib/server/accounts/accounts";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { consumeEventsForNotifications } from "./consume-events";
import {
  createNotificationCompany,
  insertVoidRequest,
  requestPayload,
  webhookDisabledPayload,
  writeTestEvent,
  type NotificationCompany,
} from "./test-support";

/**
 * The notifications' consumer of the outbox: its own mark (notifiedAt, never processedAt), one
 * notification per person of the event's audience, in the company of the event only, each event
 * once — also with two runs at once (PostgreSQL: FOR UPDATE SKIP LOCKED).
 */
let database: TestDatabase;
let company: NotificationCompany;
let other: NotificationCompany;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createNotificationCompany({
    admin: ["administrator"],
    approver: ["approver"],
    operator: ["operator"],
    viewer: ["viewer"],
  });
  // Another company whose members hold every role: they must never hear of the first one's events.
  other = await createNotificationCompany({ admin: ["administrator"], approver: ["approver"] });
}, 60_000);
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.prisma.notification.deleteMany();
  await database.prisma.outboxEvent.deleteMany();
});

async function recipientsOf(eventId: string): Promise<string[]> {
  const rows = await database.prisma.notification.findMany({ where: { eventId }, select: { userId: true } });
  return rows.map((row) => row.userId).sort();
}

const sorted = (ids: string[]) => [...ids].sort();

describe("consumeEventsForNotifications", () => {
  it("writes the audience's notifications, marks notifiedAt and never touches processedAt", async () => {
    const eventId = await writeTestEvent(company, "webhook.disabled", webhookDisabledPayload(company));
    const result = await consumeEventsForNotifications();
    expect(result).toEqual({ events: 1, notifications: 2 });
    expect(await recipientsOf(eventId)).toEqual(sorted([company.owner, company.users.admin!]));
    const event = await database.prisma.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(event.notifiedAt).not.toBeNull();
    expect(event.processedAt).toBeNull();
    const notification = await database.prisma.notification.findFirstOrThrow({ where: { eventId } });
    expect(notification).toMatchObject({
      accountId: company.accountId,
      environment: "TesteCF",
      type: "webhook.disabled",
      createdAt: event.createdAt,
      readAt: null,
      emailedAt: null,
    });
    expect(notification.data).toMatchObject({ endpointId: "endpoint-1", customerId: company.rnc });
    // A second run finds nothing.
    expect(await consumeEventsForNotifications()).toEqual({ events: 0, notifications: 0 });
  });

  it("a void request: approvers hear of it (not the requester); the requester hears the decision", async () => {
    const requestId = uuidv7();
    await insertVoidRequest(company, {
      id: requestId,
      requestedByUserId: company.users.operator!,
      decidedByUserId: company.users.approver!,
    });
    const created = await writeTestEvent(
      company,
      "void.request.created",
      requestPayload(company, requestId),
      {
        subjectId: requestId,
      },
    );
    const approved = await writeTestEvent(
      company,
      "void.request.approved",
      requestPayload(company, requestId, "Enviada"),
      { subjectId: requestId },
    );
    await consumeEventsForNotifications();
    expect(await recipientsOf(created)).toEqual(sorted([company.owner, company.users.approver!]));
    expect(await recipientsOf(approved)).toEqual([company.users.operator]);
  });

  it("a request asked for by an approver is not announced to that approver", async () => {
    const requestId = uuidv7();
    await insertVoidRequest(company, { id: requestId, requestedByUserId: company.owner });
    const created = await writeTestEvent(
      company,
      "void.request.created",
      requestPayload(company, requestId),
      {
        subjectId: requestId,
      },
    );
    await consumeEventsForNotifications();
    expect(await recipientsOf(created)).toEqual([company.users.approver]);
  });

  it("a request of a service account: nobody to tell of its expiry; another company's request id is not read", async () => {
    const requestId = uuidv7();
    await insertVoidRequest(company, { id: requestId, requestedByUserId: "service-account-id" });
    const expired = await writeTestEvent(
      company,
      "void.request.expired",
      requestPayload(company, requestId, "Vencida"),
      { subjectId: requestId },
    );
    // An event of the other company naming the first company's request: its requester is not found.
    const foreign = await writeTestEvent(
      other,
      "void.request.rejected",
      requestPayload(other, requestId, "Rechazada"),
      { subjectId: requestId },
    );
    const result = await consumeEventsForNotifications();
    expect(result.events).toBe(2);
    expect(await recipientsOf(expired)).toEqual([]);
    expect(await recipientsOf(foreign)).toEqual([]);
  });

  it("per event type, only members of the event's company; disabled people never", async () => {
    const expected: Array<[string, string[]]> = [];
    const write = async (type: Parameters<typeof writeTestEvent>[1], payload: object, who: string[]) => {
      const id = await writeTestEvent(company, type, payload as never);
      expected.push([id, sorted(who)]);
    };
    const { owner, users } = company;
    await write(
      "void.interrupted",
      {
        voidId: "v1",
        customerId: company.rnc,
        environment: "TesteCF",
        status: "Error",
        errorCode: "INTERRUPTED",
        via: "lease_expired",
      },
      [owner, users.approver!],
    );
    await write(
      "void.unconfirmed",
      {
        voidId: "v2",
        customerId: company.rnc,
        environment: "TesteCF",
        status: "Error",
        errorCode: "TAXAUTH_VOID_ERROR",
        totalVoided: 5,
      },
      [owner, users.approver!],
    );
    const sequence = {
      authorizationId: "a1",
      customerId: company.rnc,
      environment: "TesteCF",
      serie: "E",
      tipoeCF: "31",
      desde: "E310000000001",
      hasta: "E310000000100",
    };
    await write(
      "sequence.expiring",
      { ...sequence, expiresOn: "2026-12-31", daysLeft: 30, unused: 10, cierreDesde: "E310000000091" },
      [owner, users.admin!, users.approver!, users.operator!],
    );
    await write("sequence.depleted", sequence, [owner, users.admin!, users.operator!]);
    await write(
      "sequence.gap_detected",
      {
        customerId: company.rnc,
        environment: "TesteCF",
        serie: "E",
        tipoeCF: "31",
        desde: "E310000000005",
        hasta: "E310000000006",
        cantidad: 2,
      },
      [owner, users.admin!, users.operator!],
    );
    await write(
      "certificate.expiring",
      {
        certificateId: "c1",
        customerId: company.rnc,
        subject: "Empresa",
        serialNumberHex: "01",
        notAfter: "2026-12-31T00:00:00.000Z",
        daysLeft: 7,
      },
      [owner, users.admin!],
    );
    await write(
      "void.created",
      {
        voidId: "v2",
        customerId: company.rnc,
        environment: "TesteCF",
        status: "Error",
        errorCode: "NOT_CONFIRMED",
        fechaHoraAnulacion: "01-01-2026 00:00:00",
        totalVoided: 1,
        rangeCount: 1,
        createdBy: null,
      },
      [],
    );
    await write(
      "void.settled",
      {
        voidId: "v2",
        customerId: company.rnc,
        environment: "TesteCF",
        previousStatus: "Error",
        status: "Aceptado",
        via: "answer",
        totalVoided: 1,
        dgiiCode: "1",
        settledBy: null,
      },
      [],
    );
    await write(
      "document.status_changed",
      {
        documentId: "d1",
        ncf: "E310000000001",
        customerId: company.rnc,
        environment: "TesteCF",
        previousStatus: null,
        status: "Aceptado",
        via: "import",
      },
      [],
    );
    await write(
      "webhook.test",
      { endpointId: "e1", customerId: company.rnc, environment: "TesteCF", requestedBy: null },
      [],
    );
    await consumeEventsForNotifications();
    for (const [eventId, who] of expected) expect(await recipientsOf(eventId), eventId).toEqual(who);
    expect(await database.prisma.outboxEvent.count({ where: { notifiedAt: null } })).toBe(0);
    const otherMembers = Object.values(other.users).concat(other.owner);
    expect(await database.prisma.notification.count({ where: { userId: { in: otherMembers } } })).toBe(0);

    await setUserDisabled(company.users.admin!, true);
    try {
      const later = await writeTestEvent(company, "webhook.disabled", webhookDisabledPayload(company));
      await consumeEventsForNotifications();
      expect(await recipientsOf(later)).toEqual([company.owner]);
    } finally {
      await setUserDisabled(company.users.admin!, false);
    }
  });

  it("an event already announced is not announced again (the unique person × event)", async () => {
    const eventId = await writeTestEvent(company, "webhook.disabled", webhookDisabledPayload(company));
    await consumeEventsForNotifications();
    await database.prisma.outboxEvent.update({ where: { id: eventId }, data: { notifiedAt: null } });
    expect(await consumeEventsForNotifications()).toEqual({ events: 1, notifications: 0 });
    expect(await recipientsOf(eventId)).toHaveLength(2);
  });

  it("many events in batches; two runs at once announce each event exactly once", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 450; index += 1) {
      const target = index % 3 === 0 ? other : company;
      ids.push(
        await writeTestEvent(
          target,
          index % 2 === 0 ? "webhook.disabled" : "void.created",
          (index % 2 === 0
            ? webhookDisabledPayload(target)
            : { voidId: `v${index}`, customerId: target.rnc, environment: "TesteCF" }) as never,
        ),
      );
    }
    const runs = await Promise.all([consumeEventsForNotifications(), consumeEventsForNotifications()]);
    // Each event claimed by exactly one of the two runs.
    expect(runs[0]!.events + runs[1]!.events).toBe(450);
    // Both companies have two administrators (the owner and "admin").
    const expectedCount = ids.filter((_, index) => index % 2 === 0).length * 2;
    expect(runs[0]!.notifications + runs[1]!.notifications).toBe(expectedCount);
    expect(await database.prisma.notification.count()).toBe(expectedCount);
    expect(await database.prisma.outboxEvent.count({ where: { notifiedAt: null } })).toBe(0);
    expect(await database.prisma.outboxEvent.count({ where: { processedAt: { not: null } } })).toBe(0);
  });
});
