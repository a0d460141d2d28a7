import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { ENDPOINT_DISABLE_AFTER_MS } from "@/lib/domain/webhook-retry";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import {
  createTestWebhookEndpoint,
  type TestWebhookEndpoint,
} from "@/lib/server/testing/webhook-endpoint-fixture";

import { claimDueDeliveryIds } from "./claim-deliveries";
import { dispatchOnce, type DispatchOptions } from "./dispatcher";
import { fanOutEvents } from "./fan-out";
import type { Resolver } from "./guarded-lookup";
import { PARKED_AT, unparkDeliveries } from "./parking";
import { closedPort, startScriptedReceiver, type ScriptedReceiver } from "./testing/scripted-receiver";
import { emitEvent } from "./testing/webhook-test-support";

/**
 * The dispatcher on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) delivering to a
 * real HTTP receiver on 127.0.0.1 (simulator mode, the default). The scheduling clock is injected
 * (`t`), so 3 days of retries take milliseconds.
 */
let database: TestDatabase;
let receiver: ScriptedReceiver;
let a: TestAccount;
let b: TestAccount;
let t = 1_900_000_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startScriptedReceiver();
  a = await createTestAccount();
  b = await createTestAccount();
});
afterAll(async () => {
  await receiver?.close();
  await database?.dispose();
});
beforeEach(async () => {
  await database.prisma.$executeRawUnsafe(`DELETE FROM "WebhookEndpoint"`);
  await database.prisma.$executeRawUnsafe(`DELETE FROM "OutboxEvent"`);
  receiver.received.length = 0;
  receiver.answer((_request, response) => response.writeHead(204).end());
  t += 10 * 86_400_000;
});

const dispatch = (options: DispatchOptions = {}) =>
  dispatchOnce({ now: () => t, timeoutMs: 1_000, ...options });

function endpoint(
  account: TestAccount,
  environment: "TesteCF" | "CerteCF" | "eCF",
  options: { tag?: string; eventTypes?: string[]; url?: string } = {},
): Promise<TestWebhookEndpoint> {
  return createTestWebhookEndpoint({
    accountId: account.auth.accountId,
    environment,
    url: options.url ?? `${receiver.url}?ep=${options.tag ?? "x"}`,
    eventTypes: options.eventTypes,
  });
}

function emit(
  account: TestAccount,
  type: Parameters<typeof emitEvent>[1]["type"],
  environment: "TesteCF" | "CerteCF" | "eCF" | null = "TesteCF",
  subjectId?: string,
) {
  return emitEvent(database.prisma, {
    accountId: account.auth.accountId,
    type,
    environment,
    subjectId,
    now: t,
  });
}

const deliveriesOf = (endpointId: string) =>
  database.prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });
const endpointRow = (id: string) => database.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });

describe("fan-out and routing", () => {
  it("sends each event to the company's enabled endpoints of its environment, by event type; webhook.test only to its endpoint", async () => {
    const all = await endpoint(a, "TesteCF", { tag: "all" });
    const settledOnly = await endpoint(a, "TesteCF", { tag: "settled", eventTypes: ["void.settled"] });
    const production = await endpoint(a, "eCF", { tag: "ecf" });
    const disabled = await endpoint(a, "TesteCF", { tag: "off" });
    await database.prisma.webhookEndpoint.update({
      where: { id: disabled.id },
      data: { enabled: false, disabledReason: "manual", disabledAt: BigInt(t) },
    });
    const other = await endpoint(b, "TesteCF", { tag: "b" });

    const created = await emit(a, "void.created");
    const settled = await emit(a, "void.settled");
    const certificate = await emit(a, "certificate.expiring", null);
    const test = await emit(a, "webhook.test", "eCF", production.id);
    const othersEvent = await emit(b, "void.created");

    const summary = await dispatch();
    expect(summary).toMatchObject({ events: 5, deliveriesCreated: 7, attempted: 7, delivered: 7 });

    const eventsOf = async (id: string) =>
      (await deliveriesOf(id)).map((delivery) => delivery.eventId).sort();
    expect(await eventsOf(all.id)).toEqual([created, settled, certificate].sort());
    expect(await eventsOf(settledOnly.id)).toEqual([settled]);
    expect(await eventsOf(production.id)).toEqual([certificate, test].sort());
    expect(await eventsOf(disabled.id)).toEqual([]);
    expect(await eventsOf(other.id)).toEqual([othersEvent]);

    // Every request verifies with its own endpoint's secret, and with no other.
    const secrets: Record<string, string> = {
      "/hook?ep=all": all.secret,
      "/hook?ep=settled": settledOnly.secret,
      "/hook?ep=ecf": production.secret,
      "/hook?ep=b": other.secret,
    };
    expect(receiver.received).toHaveLength(7);
    for (const request of receiver.received) {
      const headers = request.headers as Record<string, string>;
      const body = new Webhook(secrets[request.url]!).verify(request.body, headers) as { type: string };
      expect(body.type).toBeTruthy();
      const notItsOwn = request.url === "/hook?ep=b" ? all.secret : other.secret;
      expect(() => new Webhook(notItsOwn).verify(request.body, headers)).toThrow();
    }
    const unprocessed = await database.prisma.outboxEvent.count({ where: { processedAt: null } });
    expect(unprocessed).toBe(0);
    // notifiedAt belongs to the notifications' consumer: the fan-out never sets it.
    expect(await database.prisma.outboxEvent.count({ where: { notifiedAt: { not: null } } })).toBe(0);
  });

  it("fans each event out exactly once when two dispatchers run at the same time", async () => {
    const one = await endpoint(a, "TesteCF", { tag: "one" });
    const two = await endpoint(a, "TesteCF", { tag: "two" });
    const ids: string[] = [];
    for (let index = 0; index < 120; index += 1) ids.push(await emit(a, "void.created"));
    const [first, second] = await Promise.all([dispatch(), dispatch()]);
    expect(first!.events + second!.events).toBe(120);
    expect(first!.deliveriesCreated + second!.deliveriesCreated).toBe(240);
    expect(first!.delivered + second!.delivered).toBe(240);
    expect(await database.prisma.webhookDelivery.count()).toBe(240);
    for (const target of [one, two]) {
      const got = receiver.received.filter((request) => request.url.endsWith(target === one ? "one" : "two"));
      expect(got.map((request) => request.headers["webhook-id"]).sort()).toEqual([...ids].sort());
    }
    // Nothing left to do.
    expect(await dispatch()).toEqual({ events: 0, deliveriesCreated: 0, attempted: 0, delivered: 0 });
  });
});

describe("retries", () => {
  it("retries after a 500 with backoff (the endpoint waits too), then delivers", async () => {
    const target = await endpoint(a, "TesteCF");
    receiver.answer((_request, response) => response.writeHead(500).end("down"));
    const start = t;
    await emit(a, "void.created");
    expect(await dispatch()).toMatchObject({ attempted: 1, delivered: 0 });
    let [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastResponseExcerpt: "down",
    });
    expect(Number(delivery!.nextAttemptAt)).toBe(start + 5_000);
    expect(delivery!.lockedUntil).toBeNull();
    expect(await endpointRow(target.id)).toMatchObject({
      failingSince: BigInt(start),
      retryAfter: BigInt(start + 5_000),
    });

    t = start + 4_999;
    expect((await dispatch()).attempted).toBe(0);
    receiver.answer((_request, response) => response.writeHead(200).end("ok"));
    t = start + 5_000;
    expect(await dispatch()).toMatchObject({ attempted: 1, delivered: 1 });
    [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({
      status: "delivered",
      attempts: 2,
      lastStatusCode: 200,
      deliveredAt: expect.anything(),
    });
    expect(await endpointRow(target.id)).toMatchObject({ failingSince: null, retryAfter: null });
    const attempts = await database.prisma.webhookDeliveryAttempt.findMany({
      where: { deliveryId: delivery!.id },
      orderBy: { attemptedAt: "asc" },
    });
    expect(
      attempts.map((attempt) => [attempt.trigger, attempt.statusCode, Number(attempt.attemptedAt) - start]),
    ).toEqual([
      ["automatic", 500, 0],
      ["automatic", 200, 5_000],
    ]);
    // Both requests carried the same webhook-id: the receiver deduplicates by it.
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
  });

  it("retries after a refused connection", async () => {
    const target = await endpoint(a, "TesteCF", { url: `http://127.0.0.1:${await closedPort()}/hook` });
    await emit(a, "void.created");
    await dispatch();
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(delivery!.lastError).toContain("ECONNREFUSED");
    await database.prisma.webhookEndpoint.update({ where: { id: target.id }, data: { url: receiver.url } });
    t += 5_000;
    expect(await dispatch()).toMatchObject({ attempted: 1, delivered: 1 });
  });

  it("backs off 5 s, 30 s, 2 min … then gives up after 3 days and disables the endpoint with webhook.disabled; its other deliveries wait", async () => {
    const target = await endpoint(a, "TesteCF", { tag: "failing" });
    const witness = await endpoint(a, "TesteCF", { tag: "witness", eventTypes: ["webhook.disabled"] });
    receiver.answer((request, response) =>
      request.url.endsWith("failing") ? response.writeHead(503).end() : response.writeHead(204).end(),
    );
    const start = t;
    const first = await emit(a, "void.created");
    const times: number[] = [];
    let second: string | undefined;
    for (let round = 0; round < 40; round += 1) {
      const summary = await dispatch();
      if (summary.attempted > 0) times.push(t - start);
      const row = await endpointRow(target.id);
      if (!row.enabled) break;
      // A second event arrives just before the probe that disables the endpoint: it is never tried.
      if (!second && Number(row.retryAfter) - start >= ENDPOINT_DISABLE_AFTER_MS) {
        second = await emit(a, "void.settled");
      }
      const pending = (await deliveriesOf(target.id)).filter((delivery) => delivery.status === "pending");
      const next = Math.min(...pending.map((delivery) => Number(delivery.nextAttemptAt)));
      t = Math.max(next, Number(row.retryAfter ?? 0), t + 1);
    }
    // One probe per step of the endpoint's backoff (never every pending delivery at once).
    expect(times.slice(0, 6)).toEqual([0, 5_000, 35_000, 155_000, 755_000, 2_555_000]);
    const row = await endpointRow(target.id);
    expect(row).toMatchObject({ enabled: false, disabledReason: "failing", failingSince: BigInt(start) });
    expect(Number(row.disabledAt)).toBeGreaterThanOrEqual(start + ENDPOINT_DISABLE_AFTER_MS);
    expect(times.at(-1)).toBeGreaterThanOrEqual(ENDPOINT_DISABLE_AFTER_MS);
    expect(times.at(-1)).toBeLessThan(ENDPOINT_DISABLE_AFTER_MS + 12 * 3_600_000 + 1);

    // The first is given up (3 days since its first attempt); the second stays pending while the
    // endpoint is disabled.
    const deliveries = await deliveriesOf(target.id);
    expect(
      deliveries
        .map((delivery) => `${delivery.eventId === first ? "first" : "second"} ${delivery.status}`)
        .sort(),
    ).toEqual(["first failed", "second pending"]);
    const [disabled] = await database.prisma.outboxEvent.findMany({ where: { type: "webhook.disabled" } });
    expect(disabled).toMatchObject({
      accountId: a.auth.accountId,
      environment: "TesteCF",
      subjectId: target.id,
    });
    expect(disabled!.payload).toMatchObject({
      endpointId: target.id,
      customerId: a.auth.rnc,
      environment: "TesteCF",
      url: `${receiver.url}?ep=failing`,
      failingSince: new Date(start).toISOString(),
      lastError: expect.stringContaining("503") as string,
    });
    // The event goes out like any other: here to the company's other endpoint that asked for it.
    await dispatch();
    expect((await deliveriesOf(witness.id)).map((delivery) => delivery.eventId)).toEqual([disabled!.id]);

    // Disabled: its pending delivery is parked beyond every clock (the claims' index scan never
    // reaches it) and nothing is attempted any more; re-enabled, the pending delivery resumes.
    const parked = (await deliveriesOf(target.id)).find((delivery) => delivery.status === "pending")!;
    expect(parked.nextAttemptAt).toBe(PARKED_AT);
    const before = receiver.received.length;
    t += 86_400_000;
    await dispatch();
    expect(receiver.received.length).toBe(before);
    await database.prisma.webhookEndpoint.update({
      where: { id: target.id },
      data: { enabled: true, disabledReason: null, disabledAt: null, failingSince: null, retryAfter: null },
    });
    // What enabling does after its commit (endpoints.ts; the API's path is in endpoints.test.ts).
    expect(await unparkDeliveries(database.prisma, target.id, t)).toBe(1);
    receiver.answer((_request, response) => response.writeHead(204).end());
    // The given-up one is not retried by itself (a replay can); the pending one resumes.
    expect(await dispatch()).toMatchObject({ attempted: 1, delivered: 1 });
    expect((await deliveriesOf(target.id)).map((delivery) => delivery.status).sort()).toEqual([
      "delivered",
      "failed",
    ]);
  });

  it("gives a delivery up when it fails 3 days after its first attempt, while its endpoint answers others", async () => {
    const target = await endpoint(a, "TesteCF");
    const poison = await emit(a, "void.created");
    await emit(a, "void.settled");
    receiver.answer((request, response) =>
      request.headers["webhook-id"] === poison
        ? response.writeHead(422).end()
        : response.writeHead(204).end(),
    );
    const start = t;
    expect(await dispatch()).toMatchObject({ attempted: 2, delivered: 1 });
    // A rejected delivery (4xx) does not hold its endpoint back.
    expect(await endpointRow(target.id)).toMatchObject({ retryAfter: null });
    // Its last scheduled try lands exactly at the end of the window, then it is given up.
    const healthy = { failingSince: null, retryAfter: null };
    await database.prisma.webhookDelivery.updateMany({
      where: { eventId: poison },
      data: { nextAttemptAt: BigInt(start + 3 * 86_400_000 - 1) },
    });
    await database.prisma.webhookEndpoint.update({ where: { id: target.id }, data: healthy });
    t = start + 3 * 86_400_000 - 1;
    await dispatch();
    let [delivery] = await database.prisma.webhookDelivery.findMany({ where: { eventId: poison } });
    expect(delivery).toMatchObject({ status: "pending", nextAttemptAt: BigInt(start + 3 * 86_400_000) });
    await database.prisma.webhookEndpoint.update({ where: { id: target.id }, data: healthy });
    t = start + 3 * 86_400_000;
    await dispatch();
    [delivery] = await database.prisma.webhookDelivery.findMany({ where: { eventId: poison } });
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: 422 });
    // Given up: never attempted again automatically.
    t += 86_400_000;
    expect((await dispatch()).attempted).toBe(0);
  });

  it("catches up at once after a success: the endpoint's other pending deliveries become due", async () => {
    const target = await endpoint(a, "TesteCF");
    receiver.answer((_request, response) => response.writeHead(500).end());
    for (let index = 0; index < 4; index += 1) await emit(a, "void.created");
    const start = t;
    expect((await dispatch()).attempted).toBe(4); // not failing yet: all four go
    t = start + 5_000;
    expect((await dispatch()).attempted).toBe(1); // failing: one probe
    // The probe failed: the endpoint waits until start + 35 s, and its backlog with it.
    const waits = (await deliveriesOf(target.id)).map((delivery) => Number(delivery.nextAttemptAt) - start);
    expect(waits.sort((x, y) => x - y)).toEqual([35_000, 35_000, 35_000, 35_000]);
    // A new event for it is not due before then either.
    await emit(a, "void.settled");
    await dispatch();
    const fresh = (await deliveriesOf(target.id)).find((delivery) => delivery.attempts === 0);
    expect(Number(fresh!.nextAttemptAt) - start).toBe(35_000);

    receiver.answer((_request, response) => response.writeHead(204).end());
    t = start + 5_000 + 30_000;
    // The probe succeeds; the four others follow in the same pass.
    expect(await dispatch()).toMatchObject({ attempted: 5, delivered: 5 });
    expect((await deliveriesOf(target.id)).every((delivery) => delivery.status === "delivered")).toBe(true);
    expect(await endpointRow(target.id)).toMatchObject({ failingSince: null, retryAfter: null });
  });
});

describe("leases and addresses", () => {
  it("delivers later, from another dispatcher, what a crashed one claimed but never sent", async () => {
    const target = await endpoint(a, "TesteCF");
    await emit(a, "void.created");
    await fanOutEvents(database.prisma, { now: t });
    const claimed = await claimDueDeliveryIds(database.prisma, { now: t, limit: 10, leaseMs: 31_000 });
    expect(claimed.ids).toHaveLength(1);
    // … the instance dies here. Another one does not take it while the lease lasts:
    t += 30_000;
    expect((await dispatch()).attempted).toBe(0);
    t += 1_001;
    expect(await dispatch()).toMatchObject({ attempted: 1, delivered: 1 });
    const [delivery] = await deliveriesOf(target.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lockedUntil: null });
  });

  it("refuses at connect time a name that resolves to a forbidden address only at delivery", async () => {
    let address = "127.0.0.1";
    const resolver: Resolver = async () => [{ address, family: 4 }];
    const target = await endpoint(a, "TesteCF", { url: `http://localhost:${receiver.port}/hook` });
    await emit(a, "void.created");
    expect(await dispatch({ resolver })).toMatchObject({ attempted: 1, delivered: 1 });
    address = "10.20.30.40"; // DNS changed after the endpoint was saved
    await emit(a, "void.settled");
    expect(await dispatch({ resolver })).toMatchObject({ attempted: 1, delivered: 0 });
    const failed = (await deliveriesOf(target.id)).find((delivery) => delivery.status === "pending");
    expect(failed!.lastError).toContain("10.20.30.40");
    expect(receiver.received).toHaveLength(1);
  });
});
