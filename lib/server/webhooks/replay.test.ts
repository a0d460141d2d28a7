import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import {
  createTestWebhookEndpoint,
  type TestWebhookEndpoint,
} from "@/lib/server/testing/webhook-endpoint-fixture";

import { dispatchOnce } from "./dispatcher";
import { replayDelivery } from "./replay";
import { startScriptedReceiver, type ScriptedReceiver } from "./testing/scripted-receiver";
import { emitEvent } from "./testing/webhook-test-support";

/** Manual replay (the delivery log's "Reenviar"): sent now, logged, scoped to the company. */
let database: TestDatabase;
let receiver: ScriptedReceiver;
let a: TestAccount;
let b: TestAccount;
let endpoint: TestWebhookEndpoint;
let t = 1_950_000_000_000;

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
  receiver.received.length = 0;
  t += 86_400_000;
  endpoint = await createTestWebhookEndpoint({
    accountId: a.auth.accountId,
    environment: "TesteCF",
    url: receiver.url,
  });
});

const now = () => t;

/** A delivery of account A that failed once (receiver answered 500). */
async function failedOnce(): Promise<{ deliveryId: string; eventId: string }> {
  receiver.answer((_request, response) => response.writeHead(500).end("down"));
  const eventId = await emitEvent(database.prisma, {
    accountId: a.auth.accountId,
    type: "void.created",
    environment: "TesteCF",
    now: t,
  });
  await dispatchOnce({ now, timeoutMs: 1_000 });
  const delivery = await database.prisma.webhookDelivery.findFirstOrThrow({ where: { eventId } });
  expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
  return { deliveryId: delivery.id, eventId };
}

const replay = (deliveryId: string, accountId = a.auth.accountId, environment = "TesteCF") =>
  replayDelivery(
    { accountId, environment, deliveryId, requestedBy: "ana@empresa.do" },
    { now, timeoutMs: 1_000 },
  );

describe("replayDelivery", () => {
  it("sends now, logs the attempt as a replay by its requester, and a success marks the delivery delivered", async () => {
    const { deliveryId, eventId } = await failedOnce();
    receiver.answer((_request, response) => response.writeHead(200).end("gracias"));
    t += 1_000; // well before its next automatic try and the endpoint's retryAfter
    const result = await replay(deliveryId);
    expect(result).toMatchObject({
      kind: "sent",
      delivered: true,
      attempt: {
        deliveryId,
        trigger: "replay",
        requestedBy: "ana@empresa.do",
        statusCode: 200,
        responseExcerpt: "gracias",
      },
    });
    const delivery = await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
    expect(
      await database.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }),
    ).toMatchObject({
      failingSince: null,
      retryAfter: null,
    });
    // The same webhook-id and a valid signature.
    const last = receiver.received.at(-1)!;
    expect(last.headers["webhook-id"]).toBe(eventId);
    expect(
      new Webhook(endpoint.secret).verify(last.body, last.headers as Record<string, string>),
    ).toMatchObject({
      type: "void.created",
    });
    const log = await database.prisma.webhookDeliveryAttempt.findMany({
      where: { deliveryId },
      orderBy: { attemptedAt: "asc" },
    });
    expect(log.map((attempt) => [attempt.trigger, attempt.statusCode])).toEqual([
      ["automatic", 500],
      ["replay", 200],
    ]);
  });

  it("replays a delivery given up ('failed') too", async () => {
    const { deliveryId } = await failedOnce();
    await database.prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "failed" } });
    receiver.answer((_request, response) => response.writeHead(204).end());
    expect(await replay(deliveryId)).toMatchObject({ kind: "sent", delivered: true });
    const delivered = await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2 });
    // Replayed again once delivered: logged as its latest attempt, the first delivery's time kept.
    receiver.answer((_request, response) => response.writeHead(503).end());
    expect(await replay(deliveryId)).toMatchObject({ kind: "sent", delivered: false });
    expect(
      await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }),
    ).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastStatusCode: 503,
      deliveredAt: delivered.deliveredAt,
    });
  });

  it("logs a failed replay and leaves the delivery's schedule as it was", async () => {
    const { deliveryId } = await failedOnce();
    const before = await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    receiver.answer((_request, response) => response.writeHead(503).end());
    const result = await replay(deliveryId);
    expect(result).toMatchObject({
      kind: "sent",
      delivered: false,
      attempt: { trigger: "replay", statusCode: 503 },
    });
    const after = await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(after).toMatchObject({
      status: "pending",
      attempts: 2,
      nextAttemptAt: before.nextAttemptAt,
      lastStatusCode: 503,
    });
  });

  it("answers not_found for another company's delivery, another environment or an unknown id, sending nothing", async () => {
    const { deliveryId } = await failedOnce();
    const sent = receiver.received.length;
    expect(await replay(deliveryId, b.auth.accountId)).toEqual({ kind: "not_found" });
    expect(await replay(deliveryId, a.auth.accountId, "eCF")).toEqual({ kind: "not_found" });
    expect(await replay("01900000-0000-7000-8000-000000000000")).toEqual({ kind: "not_found" });
    expect(await replay(deliveryId, a.auth.accountId, "Produccion")).toEqual({ kind: "not_found" });
    expect(receiver.received.length).toBe(sent);
  });

  it("refuses while the endpoint is disabled, sending nothing", async () => {
    const { deliveryId } = await failedOnce();
    await database.prisma.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { enabled: false, disabledReason: "manual", disabledAt: BigInt(t) },
    });
    const sent = receiver.received.length;
    expect(await replay(deliveryId)).toEqual({ kind: "endpoint_disabled" });
    expect(receiver.received.length).toBe(sent);
  });
});
