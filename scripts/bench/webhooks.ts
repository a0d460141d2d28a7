import { loadavg } from "node:os";

import { Webhook } from "standardwebhooks";

import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { inTransaction } from "@/lib/server/platform/db";
import { createTestDatabase } from "@/lib/server/platform/db/test-database";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { createTestWebhookEndpoint } from "@/lib/server/testing/webhook-endpoint-fixture";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/server/testing/webhook-receiver";
import { startWebhookDispatcher, stopWebhookDispatcher } from "@/lib/server/webhooks/dispatcher";

import { percentile, report } from "./measure";

/** 1,000 events, a busy company's burst; the outage lasts 60 s unless WEBHOOK_BENCH_OUTAGE_MS says so. */
const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 1_000);
const OUTAGE_MS = Number(process.env.WEBHOOK_BENCH_OUTAGE_MS ?? 60_000);
/** Events written during the outage, spread over it. */
const OUTAGE_EVENTS = Number(process.env.WEBHOOK_BENCH_OUTAGE_EVENTS ?? 200);
/** How long to wait for every event after the receiver is back before giving up (and saying so). */
const DRAIN_TIMEOUT_MS = Number(process.env.WEBHOOK_BENCH_DRAIN_TIMEOUT_MS ?? 15 * 60_000);
/** Events per second written in the first part (0: back to back, as fast as one writer commits). */
const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 0);

/**
 * Webhooks: events written with writeEvent in real transactions (one per event, as a
 * state change writes it), delivered by the dispatcher running in this process (as in an instance)
 * to a local receiver on 127.0.0.1 in a child process (simulator mode allows loopback; a real
 * receiver does not share the app's event loop, which the embedded PGlite keeps busy). Latency =
 * the event's createdAt (stamped in the writing transaction) → the receiver's arrival (its clock)
 * of the event's first request.
 * Then the receiver is down (connections refused) while events are written, and back: every event
 * must arrive; the time to drain after its return is measured. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (the `db` field says which); `load` is the 1-minute load average at the end.
 */
export async function benchWebhooks(): Promise<void> {
  const database = await createTestDatabase();
  const db = database.kind;
  const receiver = await startWebhookReceiver({ separateProcess: true });
  try {
    const company = await createTestAccount();
    const { accountId, rnc } = company.auth;
    const endpoint = await createTestWebhookEndpoint({
      accountId,
      environment: "TesteCF",
      url: receiver.url,
    });
    await startWebhookDispatcher();

    const write = (n: number) =>
      inTransaction(database.prisma, (tx) =>
        writeEvent(tx, {
          type: "void.created",
          accountId,
          environment: "TesteCF",
          subjectId: `bench-${n}`,
          payload: {
            voidId: `bench-${n}`,
            customerId: rnc,
            environment: "TesteCF",
            status: "Error",
            errorCode: "NOT_CONFIRMED",
            fechaHoraAnulacion: "25-11-2026 10:00:00",
            totalVoided: 1,
            rangeCount: 1,
            createdBy: "bench",
          },
        }),
      );

    // 1. Steady: EVENTS events, the receiver up.
    const writing = performance.now();
    const ids: string[] = [];
    for (let n = 0; n < EVENTS; n++) {
      if (RATE > 0) await untilMs(writing + (n * 1000) / RATE);
      ids.push(await write(n));
    }
    const writtenPerSecond = EVENTS / ((performance.now() - writing) / 1000);
    await receiver.waitForIds(EVENTS, 120_000).catch(() => undefined);
    const latencies = await latenciesOf(database.prisma, ids, receiver);
    checkSignatures(receiver, endpoint.secret);
    const common = {
      db,
      events: EVENTS,
      written_per_second: Math.round(writtenPerSecond),
      load: loadAverage(),
    };
    report({ name: "webhook_delivery_p50_ms", value: percentile(latencies, 50), unit: "ms", ...common });
    report({
      name: "webhook_delivery_p99_ms",
      value: percentile(latencies, 99),
      unit: "ms",
      ...common,
      max: Math.max(...latencies),
      target: 1_000,
    });
    report({
      name: "webhook_delivered",
      value: latencies.length,
      unit: "count",
      ...common,
      duplicates: duplicatesOf(receiver),
      target: EVENTS,
    });

    // 2. Outage: connections refused for OUTAGE_MS while OUTAGE_EVENTS are written, then back.
    const before = receiver.ids().size;
    await receiver.shutDown();
    const outageStarted = performance.now();
    const outageIds: string[] = [];
    for (let n = 0; n < OUTAGE_EVENTS; n++) {
      await untilMs(outageStarted + (n * OUTAGE_MS) / OUTAGE_EVENTS);
      outageIds.push(await write(EVENTS + n));
    }
    await untilMs(outageStarted + OUTAGE_MS);
    const arrivedDuringOutage = receiver.ids().size - before;
    await receiver.reopen();
    const back = performance.now();
    await receiver.waitForIds(before + OUTAGE_EVENTS, DRAIN_TIMEOUT_MS).catch(() => undefined);
    const drainMs = performance.now() - back;
    const seen = receiver.ids();
    const outageDelivered = outageIds.filter((id) => seen.has(id)).length;
    checkSignatures(receiver, endpoint.secret);
    const outage = {
      db,
      outage_ms: OUTAGE_MS,
      events: OUTAGE_EVENTS,
      arrived_during_outage: arrivedDuringOutage,
    };
    report({
      name: "webhook_outage_delivered",
      value: outageDelivered,
      unit: "count",
      ...outage,
      duplicates: duplicatesOf(receiver),
      target: OUTAGE_EVENTS,
    });
    report({ name: "webhook_outage_drain_ms", value: drainMs, unit: "ms", ...outage, load: loadAverage() });
  } finally {
    await stopWebhookDispatcher();
    await receiver.close();
    await database.dispose();
  }
}

function untilMs(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/** createdAt (the writing transaction's clock) → first arrival, for each event that arrived. */
async function latenciesOf(
  prisma: Awaited<ReturnType<typeof createTestDatabase>>["prisma"],
  ids: string[],
  receiver: WebhookReceiver,
): Promise<number[]> {
  const rows = await prisma.outboxEvent.findMany({
    where: { id: { in: ids } },
    select: { id: true, createdAt: true },
  });
  const createdAt = new Map(rows.map((row) => [row.id, Number(row.createdAt)]));
  const firstArrival = new Map<string, number>();
  for (const request of receiver.received) {
    if (!firstArrival.has(request.id)) firstArrival.set(request.id, request.arrivedAt);
  }
  return ids.filter((id) => firstArrival.has(id)).map((id) => firstArrival.get(id)! - createdAt.get(id)!);
}

/**
 * Every request received must carry the signature of the endpoint's secret (the standardwebhooks
 * package signs the same id, timestamp and body; its verify() would also refuse requests older
 * than 5 minutes, which the outage's early ones are by the end).
 */
function checkSignatures(receiver: WebhookReceiver, secret: string): void {
  const signer = new Webhook(secret);
  for (const request of receiver.received) {
    const expected = signer.sign(request.id, new Date(Number(request.timestamp) * 1000), request.body);
    if (!request.signature.split(" ").includes(expected)) {
      throw new Error(`webhook ${request.id}: signature does not verify with the endpoint's secret`);
    }
  }
}

/** Requests beyond the first for an id (at-least-once: allowed, but counted). */
function duplicatesOf(receiver: WebhookReceiver): number {
  return receiver.received.length - receiver.ids().size;
}

function loadAverage(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}
