import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { postgresTarget } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { startInstanceChild, type InstanceChild } from "@/lib/server/testing/run-instance-child";
import {
  createTestWebhookEndpoint,
  type TestWebhookEndpoint,
} from "@/lib/server/testing/webhook-endpoint-fixture";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/server/testing/webhook-receiver";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";

import { jobsSchemaOf } from "./background-work";

/**
 * Background work proven on several instances: two app instances (child processes running the server's
 * own start and the void route handlers over HTTP) on one PostgreSQL and one DGII simulator, with a
 * webhook endpoint of the company pointing at a local receiver.
 * PostgreSQL only — on the embedded PGlite default there is one process by construction (PGlite
 * opens its data directory once), so "another instance" does not exist there; CI runs this file in
 * its PostgreSQL pass (.ci/run, TEST_DATABASE_URL).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let simulator: SimulatorHandle;
  let account: TestAccount;
  let a: InstanceChild;
  let b: InstanceChild;
  let jobsSchema: string;
  let receiver: WebhookReceiver;
  let endpoint: TestWebhookEndpoint;
  const LEASE_MS = 3_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    simulator = await startTaxAuthSimulator({ port: 0, adminEnabled: true });
    account = await createTestAccount({ rnc: "131777021", certificate: true, apiKey: true });
    // Before any event: every event of the company goes to this endpoint (a local receiver; the
    // instances run in simulator mode, where http to loopback is allowed). The secret is sealed with
    // this process's ENCRYPTION_KEY, which the instances inherit.
    receiver = await startWebhookReceiver();
    endpoint = await createTestWebhookEndpoint({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      url: receiver.url,
    });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("schema", database.schema!);
    const target = postgresTarget(url.toString());
    if (target.kind !== "postgres") throw new Error("PostgreSQL expected");
    jobsSchema = jobsSchemaOf(target);
    const env = {
      VOID_DEADLINE_MS: "4000",
      VOID_SEND_LEASE_MS: String(LEASE_MS),
      VOID_RATE_LIMIT_PER_MINUTE: "0",
      DOCUMENT_REFRESH_INTERVAL_MS: "2000",
      TAXAUTH_RESPONSE_TIMEOUT_MS: "60000",
    };
    [a, b] = await Promise.all([
      startInstanceChild({ databaseUrl: url.toString(), simulatorUrl: simulator.url, env }),
      startInstanceChild({ databaseUrl: url.toString(), simulatorUrl: simulator.url, env }),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      instance?.kill("SIGKILL");
      await instance?.exited;
    }
    await simulator?.close();
    await receiver?.close();
    await database?.dispose();
  });

  const sends = () => simulator.admin.callCounts().anularrango ?? 0;

  async function post(
    instance: InstanceChild,
    ranges: Array<[string, string]>,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${instance.url}/TesteCF/customer/void-ncf`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json", ...headers },
      body: JSON.stringify({
        ranges: ranges.map(([from, to]) => ({ secuenciaDesde: from, secuenciaHasta: to })),
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("an Idempotency-Key replayed to the other instance sends nothing and answers the same void", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 1_500, count: 1 });
    const before = sends();
    const headers = { "idempotency-key": "erp-multi-1" };
    const first = post(a, [["E310000000001", "E310000000003"]], headers);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [one, two] = await Promise.all([first, post(b, [["E310000000001", "E310000000003"]], headers)]);
    expect(one.status).toBe(200);
    expect(two).toEqual(one);
    expect(sends() - before).toBe(1);
  }, 60_000);

  it("the same unknown e-NCF asked of both instances at once is one DGII lookup, answered by both", async () => {
    simulator.admin.registerDocument({
      environment: "TesteCF",
      trackId: "7a7a7a7a-0000-4000-8000-000000000001",
      rnc: account.auth.rnc,
      encf: "E310000000901",
      codigo: 1,
    });
    // DGII answers slowly, so the second instance asks while the first still waits.
    simulator.admin.setLatency("consultatrackids", 1_000);
    const before = simulator.admin.callCounts().consultatrackids ?? 0;
    const ask = (instance: InstanceChild) =>
      fetch(`${instance.url}/TesteCF/documentos-ecf?ecf=E310000000901`, {
        headers: { authorization: `Bearer ${account.idToken}`, "x-api-key": account.apiKey! },
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const answers = await Promise.all([ask(a), ask(b), ask(a), ask(b)]);
    simulator.admin.setLatency("consultatrackids", 0);
    expect(answers.map((answer) => [answer.status, answer.body.status, answer.body.source])).toEqual(
      Array.from({ length: 4 }, () => [200, "Aceptado", "dgii"]),
    );
    expect((simulator.admin.callCounts().consultatrackids ?? 0) - before).toBe(1);
  }, 60_000);

  it("overlapping voids split across the instances: one send, the other 409 VOID_IN_PROGRESS", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "delay", delayMs: 2_000, count: 2 });
    const before = sends();
    const results = await Promise.all([
      post(a, [["E310000000101", "E310000000120"]]),
      post(b, [["E310000000110", "E310000000130"]]),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = results.find((result) => result.status === 409)!;
    const sent = results.find((result) => result.status === 200)!;
    expect(refused.body).toMatchObject({ code: "VOID_IN_PROGRESS", voidId: sent.body.voidId });
    expect(sends() - before).toBe(1);
  }, 60_000);

  it("each event is delivered once per endpoint, signed with its secret, whichever instance wrote it", async () => {
    // Voids through both instances (each writes void.created, then void.settled), beside the
    // events of the tests above.
    const sent = await Promise.all(
      [a, b, a, b].map((instance, i) => {
        const from = 301 + i * 10;
        return post(instance, [
          [`E3100000${String(from).padStart(5, "0")}`, `E3100000${String(from + 4).padStart(5, "0")}`],
        ]);
      }),
    );
    expect(sent.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    const events = await database.prisma.outboxEvent.findMany({
      where: { accountId: account.auth.accountId },
      select: { id: true, type: true, payload: true },
    });
    const eventIds = events.map((event) => event.id);
    expect(events.filter((event) => event.type === "void.settled").length).toBeGreaterThanOrEqual(5);
    await receiver.waitForIds(eventIds.length, 20_000);
    const deliveries = async () =>
      database.prisma.webhookDelivery.findMany({
        where: { endpointId: endpoint.id, eventId: { in: eventIds } },
        include: { attemptsLog: true },
      });
    // The receiver's 204 arrives before the instance writes "delivered": wait for the rows too.
    let rows = await deliveries();
    for (
      let tries = 0;
      tries < 50 && rows.filter((row) => row.status === "delivered").length < eventIds.length;
      tries++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await deliveries();
    }
    // Exactly one delivery row per event for the endpoint, delivered at the first attempt.
    expect(rows.map((row) => row.eventId).sort()).toEqual([...eventIds].sort());
    expect(rows.every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.attemptsLog.length === 1 && row.attemptsLog[0]!.statusCode === 204)).toBe(
      true,
    );

    // The receiver: every webhook-id, and (no failure, no instance killed: the normal case) each
    // exactly once — a receiver deduplicating by webhook-id would not even need to.
    const seen = receiver.received.filter((request) => eventIds.includes(request.id));
    expect(new Set(seen.map((request) => request.id))).toEqual(new Set(eventIds));
    expect(seen).toHaveLength(eventIds.length);
    // Nothing but this company's events reached it.
    const all = await database.prisma.outboxEvent.findMany({
      where: { id: { in: [...receiver.ids()] } },
      select: { accountId: true },
    });
    expect(all.length).toBe(receiver.ids().size);
    expect(all.every((event) => event.accountId === account.auth.accountId)).toBe(true);

    // Both instances run a dispatcher loop (either may claim any delivery), and still none went twice.
    for (const instance of [a, b]) expect(instance.log()).toContain('"msg":"Webhook dispatcher started"');

    // Each verifies with the endpoint's secret (Standard Webhooks) and carries its event.
    const verifier = new Webhook(endpoint.secret);
    const wrong = new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`);
    for (const request of seen) {
      const headers = {
        "webhook-id": request.id,
        "webhook-timestamp": request.timestamp,
        "webhook-signature": request.signature,
      };
      const body = verifier.verify(request.body, headers) as { type: string; data: unknown };
      const event = events.find((candidate) => candidate.id === request.id)!;
      expect(body).toMatchObject({ type: event.type, data: event.payload });
      expect(() => wrong.verify(request.body, headers)).toThrow();
    }
  }, 60_000);

  it("an instance killed mid-send is swept to INTERRUPTED by the other", async () => {
    simulator.admin.injectFault({ service: "anularrango", mode: "hang", count: 1 });
    const pending = post(a, [["E310000000201", "E310000000205"]]).catch(() => null);
    let voidId: string | undefined;
    for (let tries = 0; tries < 200 && !voidId; tries++) {
      const row = await database.prisma.voidRecord.findFirst({
        where: { accountId: account.auth.accountId, ranges: { contains: "201" } },
        select: { id: true },
      });
      voidId = row?.id;
      if (!voidId) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(voidId).toBeDefined();
    a.kill("SIGKILL");
    await a.exited;
    await pending;
    // B's lease sweep (a recurring job of the queue) marks it once A's lease has run out.
    let record = await database.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } });
    for (let tries = 0; tries < 100 && record.errorCode !== "INTERRUPTED"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      record = await database.prisma.voidRecord.findUniqueOrThrow({ where: { id: voidId } });
    }
    expect(record).toMatchObject({ status: "Error", errorCode: "INTERRUPTED", leaseOwner: null });
    const events = await database.prisma.outboxEvent.findMany({
      where: { subjectId: voidId },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.type)).toEqual(["void.created", "void.interrupted"]);
  }, 60_000);

  it("each scheduled job ran once per period across both instances", async () => {
    for (const name of ["voids.sweep-expired-leases", "documents.refresh-pending"]) {
      const slots = await database.prisma.$queryRawUnsafe<Array<{ jobs: bigint; completed: bigint }>>(
        `SELECT count(*) AS jobs, count(*) FILTER (WHERE state = 'completed') AS completed
         FROM "${jobsSchema}".job WHERE name = $1 GROUP BY singleton_on`,
        name,
      );
      expect(slots.length).toBeGreaterThanOrEqual(3);
      expect(slots.every((slot) => slot.jobs === 1n)).toBe(true);
      // Runs counted in both instances' logs: one per completed job, never one per instance.
      const runs = [a, b]
        .map((instance) => instance.log())
        .join("")
        .split("\n")
        .filter((line) => line.includes('"msg":"Job done"') && line.includes(`"job":"${name}"`)).length;
      const completed = slots.reduce((sum, slot) => sum + Number(slot.completed), 0);
      // (A killed after logging a run and before pg-boss stored it: one more line, still one per slot.)
      expect(runs).toBeGreaterThanOrEqual(completed);
      expect(runs).toBeLessThanOrEqual(slots.length);
      expect(completed).toBeGreaterThanOrEqual(2);
    }
  }, 30_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  it.skip("skipped on PGlite: one process owns its data directory, so there is no second instance (runs in the PostgreSQL pass)", () => {});
});
