import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { getDb, inTransaction } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { importDocuments } from "@/lib/server/documents/import-documents";
import { refreshPendingDocuments } from "@/lib/server/documents/refresh-documents";
import { importEntry } from "@/lib/server/documents/test-support";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor, startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { createVoid } from "@/lib/server/voids/create-void";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { sweepExpiredLeases } from "@/lib/server/voids/send-leases";
import { settleRecord } from "@/lib/server/voids/settle-record";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { EVENT_TYPES, isEventType } from "./event-types";

/**
 * The outbox: every event is written in the transaction of its state change, so it
 * exists if and only if the change committed. A trigger that makes the event's INSERT fail stands
 * for a crash between the two writes: the change must be gone too.
 */
let database: TestDatabase;
let simulator: SimulatorHandle;
let client: TaxAuthClient;
let account: TestAccount;
let number = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startTestSimulator();
  client = new TaxAuthClient(configFor(simulator));
  setTaxAuthClient(client);
  setEnvForTests({ VOID_DEADLINE_MS: "10000", VOID_RATE_LIMIT_PER_MINUTE: "0" });
  account = await createTestAccount({ rnc: "130000071", certificate: true });
});
afterEach(async () => {
  await waitForInFlight(10_000);
  await database.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS outbox_fails ON "OutboxEvent"`);
  await database.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS void_sent_fails ON "ActivityLogEntry"`);
  simulator.admin.clearFaults();
});
afterAll(async () => {
  setTaxAuthClient(undefined);
  await client?.close();
  await simulator?.close();
  await database?.dispose();
});

/** From now on, inserting an event of `type` fails (as a crash at that write would). */
async function failEventsOf(type: string): Promise<void> {
  await failInserts("outbox_fails", "OutboxEvent", "type", type);
}

/** From now on, inserting a row of `table` whose `column` is `value` fails (trigger `name`: "outbox_fails" raises "outbox write failed"). */
async function failInserts(name: string, table: string, column: string, value: string): Promise<void> {
  await database.prisma.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."${column}" = '${value}' THEN RAISE EXCEPTION '${name.replace(/_fails$/, "")} write failed'; END IF;
      RETURN NEW;
    END $$`);
  await database.prisma.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
}

function voidOf(count = 1, by: TestAccount = account) {
  number += 10;
  const from = `E3100000${String(number).padStart(5, "0")}`;
  const to = `E3100000${String(number + count - 1).padStart(5, "0")}`;
  return createVoid({
    accountId: by.auth.accountId,
    rnc: by.auth.rnc,
    environment: "TesteCF",
    body: { value: { ranges: [{ secuenciaDesde: from, secuenciaHasta: to }] } },
    createdBy: "outbox test",
  });
}

const eventsOf = (subjectId: string) =>
  database.prisma.outboxEvent.findMany({ where: { subjectId }, orderBy: { id: "asc" } });

describe("events written with the change", () => {
  it("a void: void.created with the write-ahead, void.settled with DGII's answer, in order", async () => {
    const result = await voidOf(3);
    expect(result.attempt.status).toBe("Aceptado");
    const events = await eventsOf(result.attempt.voidId);
    expect(events.map((event) => event.type)).toEqual(["void.created", "void.settled"]);
    expect(events[0]).toMatchObject({ accountId: account.auth.accountId, environment: "TesteCF" });
    expect(events[0]!.payload).toMatchObject({
      voidId: result.attempt.voidId,
      customerId: account.auth.rnc,
      environment: "TesteCF",
      status: "Error",
      errorCode: "NOT_CONFIRMED",
      totalVoided: 3,
      rangeCount: 1,
      createdBy: "outbox test",
    });
    expect(events[1]!.payload).toMatchObject({
      previousStatus: "Error",
      status: "Aceptado",
      via: "answer",
      totalVoided: 3,
      dgiiCode: "1",
      settledBy: null,
    });
    for (const event of events) expect(isEventType(event.type)).toBe(true);
  });

  it("no void.created event → no write-ahead record and nothing sent", async () => {
    await failEventsOf("void.created");
    const sentBefore = simulator.admin.callCounts().anularrango ?? 0;
    const recordsBefore = await database.prisma.voidRecord.count();
    await expect(voidOf()).rejects.toThrow(/outbox write failed/);
    expect(await database.prisma.voidRecord.count()).toBe(recordsBefore);
    expect(simulator.admin.callCounts().anularrango ?? 0).toBe(sentBefore);
  });

  it("no void.settled event → the record stays Error (DGII's answer is not stored without it)", async () => {
    await failEventsOf("void.settled");
    const result = await voidOf();
    await waitForInFlight(10_000);
    const record = await database.prisma.voidRecord.findUniqueOrThrow({
      where: { id: result.attempt.voidId },
    });
    expect(record.status).toBe("Error");
    // Left Error, it is announced as one to settle (the answer that could not be stored is lost).
    expect((await eventsOf(result.attempt.voidId)).map((event) => event.type)).toEqual([
      "void.created",
      "void.unconfirmed",
    ]);
  });

  it("a send that ends without DGII's answer: void.unconfirmed with the final Error, once", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 500 });
    const result = await voidOf(2);
    expect(result.attempt).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
    await waitForInFlight(10_000);
    const voidId = result.attempt.voidId;
    const events = await eventsOf(voidId);
    expect(events.map((event) => event.type)).toEqual(["void.created", "void.unconfirmed"]);
    expect(events[1]).toMatchObject({ accountId: account.auth.accountId, environment: "TesteCF" });
    expect(events[1]!.payload).toEqual({
      voidId,
      customerId: account.auth.rnc,
      environment: "TesteCF",
      status: "Error",
      errorCode: "TAXAUTH_VOID_ERROR",
      totalVoided: 2,
    });
  });

  it("DGII's authentication failing: void.unconfirmed with TAXAUTH_AUTH_ERROR (it never reached DGII)", async () => {
    const other = await createTestAccount({ rnc: "130000072", certificate: true }); // no DGII token yet
    simulator.admin.injectFault({ service: "semilla", mode: "status", status: 503 });
    const sentBefore = simulator.admin.callCounts().anularrango ?? 0;
    const result = await voidOf(1, other);
    expect(result.attempt).toMatchObject({ status: "Error", errorCode: "TAXAUTH_AUTH_ERROR" });
    expect(simulator.admin.callCounts().anularrango ?? 0).toBe(sentBefore);
    const events = await eventsOf(result.attempt.voidId);
    expect(events.map((event) => event.type)).toEqual(["void.created", "void.unconfirmed"]);
    expect(events[1]!.payload).toMatchObject({ errorCode: "TAXAUTH_AUTH_ERROR", customerId: "130000072" });
  });

  it("an answer after the request's deadline: nothing announced while the send waits, then void.settled only", async () => {
    setEnvForTests({ VOID_DEADLINE_MS: "300" });
    try {
      simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_500 });
      const result = await voidOf();
      expect(result.attempt.status).toBe("Error");
      const voidId = result.attempt.voidId;
      expect((await eventsOf(voidId)).map((event) => event.type)).toEqual(["void.created"]);
      await waitForInFlight(10_000);
      expect((await eventsOf(voidId)).map((event) => event.type)).toEqual(["void.created", "void.settled"]);
    } finally {
      setEnvForTests({ VOID_DEADLINE_MS: "10000" });
    }
  });

  it("the lease sweep: void.interrupted with each INTERRUPTED record, and neither when rolled back", async () => {
    const { prisma } = database;
    const result = await voidOf();
    const voidId = result.attempt.voidId;
    // As a dead instance leaves it: Error, lease run out.
    await prisma.voidRecord.update({
      where: { id: voidId },
      data: { status: "Error", errorCode: "NOT_CONFIRMED", leaseOwner: "dead", leaseExpiresAt: 1n },
    });
    await prisma.voidedBlock.deleteMany({ where: { voidId } });
    await expect(
      inTransaction(await getDb(), async () => {
        expect((await sweepExpiredLeases()).map((row) => row.voidId)).toContain(voidId);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect((await prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } })).errorCode).toBe(
      "NOT_CONFIRMED",
    );
    expect((await eventsOf(voidId)).map((event) => event.type)).not.toContain("void.interrupted");

    expect((await sweepExpiredLeases()).map((row) => row.voidId)).toContain(voidId);
    const events = await eventsOf(voidId);
    expect(events.at(-1)).toMatchObject({ type: "void.interrupted" });
    expect(events.at(-1)!.payload).toMatchObject({ voidId, errorCode: "INTERRUPTED", via: "lease_expired" });

    // A person settles it from DGII's OFV: void.settled via manual, in the settlement's transaction.
    await settleRecord({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      voidId,
      outcome: "Aceptado",
      note: "Visto en la OFV",
      userId: account.auth.userId,
      by: "ana@empresa.do",
      now: Date.now(),
    });
    expect((await eventsOf(voidId)).at(-1)!.payload).toMatchObject({
      status: "Aceptado",
      via: "manual",
      dgiiCode: null,
      settledBy: "ana@empresa.do",
    });
  });

  it("document.status_changed: on a re-import that changes the status and on DGII's refreshed answer", async () => {
    const base = {
      accountId: account.auth.accountId,
      rnc: account.auth.rnc,
      environment: "TesteCF" as const,
    };
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "00000000-0000-4000-8000-000000000071",
      rnc: account.auth.rnc,
      encf: "E310000009001",
      codigo: 1,
    });
    await importDocuments({
      ...base,
      body: {
        documents: [
          importEntry("E310000009001", { status: "En Proceso" }),
          importEntry("E310000009002", { status: "En Proceso" }),
        ],
      },
    });
    const typeChanges = () =>
      database.prisma.outboxEvent.findMany({
        where: { type: "document.status_changed" },
        orderBy: { id: "asc" },
      });
    expect(await typeChanges()).toEqual([]); // new documents are not changes
    await importDocuments({
      ...base,
      body: {
        documents: [
          importEntry("E310000009001", {
            status: "En Proceso",
            trackId: "00000000-0000-4000-8000-000000000071",
          }),
          importEntry("E310000009002", { status: "Rechazado" }),
        ],
      },
    });
    expect((await typeChanges()).map((event) => event.payload)).toEqual([
      expect.objectContaining({
        ncf: "E310000009002",
        previousStatus: "En Proceso",
        status: "Rechazado",
        via: "import",
      }),
    ]);
    await refreshPendingDocuments({ minIntervalMs: 0 });
    expect((await typeChanges()).map((event) => event.payload)).toEqual([
      expect.objectContaining({ ncf: "E310000009002", via: "import" }),
      expect.objectContaining({
        ncf: "E310000009001",
        customerId: account.auth.rnc,
        previousStatus: "En Proceso",
        status: "Aceptado",
        via: "refresh",
      }),
    ]);
  });

  it("names every type in one list (the OpenAPI webhooks section reads it)", () => {
    expect(EVENT_TYPES).toContain("void.created");
    expect(isEventType("void.exploded")).toBe(false);
  });
});

/**
 * A void's "void.sent" activity entry is written by the statement that stores DGII's answer, with
 * its event (one round trip less on every void). It stays what it was when written on its own: one
 * entry per void, saying what the caller was answered, and never the reason DGII's answer is lost —
 * a log write that fails leaves the answer and its event stored, and is only logged.
 */
describe("the void.sent activity entry, written with DGII's answer", () => {
  const entriesOf = (voidId: string) =>
    database.prisma.activityLogEntry.findMany({ where: { subjectId: voidId, action: "void.sent" } });

  it("an answer in time: one entry, with the answer the caller got", async () => {
    const result = await voidOf(3);
    expect(result.attempt.status).toBe("Aceptado");
    const entries = await entriesOf(result.attempt.voidId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      actorLabel: "outbox test",
      subjectType: "void",
      details: { status: "Aceptado", totalVoided: 3, rangeCount: 1, dgiiCode: "1", errorCode: null },
    });
  });

  it("the entry's write failing: DGII's answer and its event are stored all the same, no entry", async () => {
    await failInserts("void_sent_fails", "ActivityLogEntry", "action", "void.sent");
    const result = await voidOf();
    expect(result.attempt.status).toBe("Aceptado");
    const voidId = result.attempt.voidId;
    expect(await database.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } })).toMatchObject({
      status: "Aceptado",
      leaseOwner: null,
    });
    expect((await eventsOf(voidId)).map((event) => event.type)).toEqual(["void.created", "void.settled"]);
    expect(await entriesOf(voidId)).toHaveLength(0);
  });

  it("no answer by the deadline: one entry saying Error, none more when the late answer lands", async () => {
    setEnvForTests({ VOID_DEADLINE_MS: "300" });
    try {
      simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_500 });
      const result = await voidOf();
      expect(result.attempt.status).toBe("Error");
      await waitForInFlight(10_000);
      const voidId = result.attempt.voidId;
      expect(await database.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } })).toMatchObject({
        status: "Aceptado",
      });
      const entries = await entriesOf(voidId);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({ status: "Error", errorCode: "TAXAUTH_VOID_ERROR" });
    } finally {
      setEnvForTests({ VOID_DEADLINE_MS: "10000" });
    }
  });
});
