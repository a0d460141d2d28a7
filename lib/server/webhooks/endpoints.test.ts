import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";

import { WEBHOOK_ENDPOINTS_MAX } from "@/lib/domain/webhook-endpoint";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createServiceAccount, issueIdToken } from "@/lib/server/auth";
import { getDb } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/server/testing/webhook-receiver";

import { setWebhookLoopbackAllowedForTests } from "./endpoints";
import { PARKED_AT } from "./parking";
import { openWebhookSecrets, SECRET_ROTATION_OVERLAP_MS } from "./secrets";
import { startWebhookApi, type WebhookApi } from "./testing/webhook-routes";

/**
 * The webhook endpoints over real HTTP: every answer and error code of the ten routes,
 * company and environment isolation, the activity log's entries (never a secret), the secret shown
 * once and sealed, the rotation's overlap, the test event, the delivery log and a replay to a
 * local receiver whose signature verifies with the endpoint's secret.
 */

let database: TestDatabase;
let api: WebhookApi;
let admin: TestAccount;
let operator: TestAccount;
let other: TestAccount;
let serviceToken: string;
let receiver: WebhookReceiver;

const BASE = "/TesteCF/customer/webhooks";

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startWebhookApi();
  admin = await createTestAccount({ rnc: "131770001", roles: ["administrator"] });
  operator = await createTestAccount({ rnc: "131770002", roles: ["operator", "approver", "viewer"] });
  other = await createTestAccount({ rnc: "131770003", roles: ["administrator"] });
  const service = await createServiceAccount(admin.auth.accountId, {
    name: "ERP",
    scopes: ["voids:send", "voids:read", "documents:read", "documents:import"],
  });
  serviceToken = (await issueIdToken({ username: service.clientId, password: service.secret })).idToken;
  receiver = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  setWebhookLoopbackAllowedForTests(undefined);
  await receiver?.close();
  await api?.close();
  await database?.dispose();
});

const create = (body: unknown, who: TestAccount = admin, path = BASE) =>
  api.call("POST", path, { token: who.idToken, body });

/** Rows as text (their BigInt columns too), to prove a secret is nowhere in them. */
const asText = (value: unknown) =>
  JSON.stringify(value, (_key, inner) => (typeof inner === "bigint" ? String(inner) : inner));

async function activity(accountId: string, action: string) {
  const db = await getDb();
  return db.activityLogEntry.findMany({ where: { accountId, action }, orderBy: { createdAt: "asc" } });
}

describe("creating and reading endpoints", () => {
  it("201 with the secret once; the list and the item never show it; it is stored sealed", async () => {
    const created = await create({
      url: "https://erp.empresa.do/webhooks/anula",
      description: "ERP contable",
      eventTypes: ["void.settled", "void.created"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: "https://erp.empresa.do/webhooks/anula",
      description: "ERP contable",
      eventTypes: ["void.settled", "void.created"],
      enabled: true,
      state: "active",
      environment: "TesteCF",
      createdBy: admin.auth.actor,
      lastDelivery: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    const id = created.body.id as string;
    const secret = created.body.secret as string;
    const list = await api.call("GET", BASE, { token: admin.idToken });
    expect(list.status).toBe(200);
    expect((list.body.items as Array<{ id: string }>).map((item) => item.id)).toContain(id);
    const one = await api.call("GET", `${BASE}/${id}`, { token: admin.idToken });
    expect(one.status).toBe(200);
    expect(JSON.stringify([list.body, one.body])).not.toContain(secret);
    expect(one.body).not.toHaveProperty("secret");
    const row = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(row.secretCiphertext).toString("utf8")).not.toContain(secret.slice(6));
    expect(openWebhookSecrets(row)).toEqual([secret]);
    const [entry] = await activity(admin.auth.accountId, "webhook.created");
    expect(entry).toMatchObject({ subjectType: "webhook", subjectId: id, environment: "TesteCF" });
    expect(asText(entry)).not.toContain(secret);
  });

  it("[] or no eventTypes: every event; http to loopback is accepted in simulator mode", async () => {
    const created = await create({ url: `${receiver.url}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ eventTypes: [], description: null });
  });

  it.each([
    ["no url", { description: "x" }, "VALIDATION_FAILED", "url"],
    ["a url that is no text", { url: 5 }, "VALIDATION_FAILED", "url"],
    [
      "a description over 200",
      { url: "https://a.do/h", description: "x".repeat(201) },
      "VALIDATION_FAILED",
      "description",
    ],
    [
      "an unknown event type",
      { url: "https://a.do/h", eventTypes: ["void.deleted"] },
      "VALIDATION_FAILED",
      "eventTypes.0",
    ],
    [
      "webhook.test as a subscription",
      { url: "https://a.do/h", eventTypes: ["webhook.test"] },
      "VALIDATION_FAILED",
      "eventTypes.0",
    ],
    [
      "a repeated event type",
      { url: "https://a.do/h", eventTypes: ["void.created", "void.created"] },
      "VALIDATION_FAILED",
      "eventTypes",
    ],
    ["an unknown field", { url: "https://a.do/h", secret: "whsec_x" }, "VALIDATION_FAILED", ""],
    ["http to a public host", { url: "http://erp.empresa.do/h" }, "INVALID_WEBHOOK_URL", "url"],
    ["a private address", { url: "https://10.1.2.3/h" }, "INVALID_WEBHOOK_URL", "url"],
    ["the metadata service", { url: "https://169.254.169.254/latest" }, "INVALID_WEBHOOK_URL", "url"],
    ["credentials in the URL", { url: "https://user:pw@erp.empresa.do/h" }, "INVALID_WEBHOOK_URL", "url"],
    ["not a URL", { url: "erp.empresa.do" }, "INVALID_WEBHOOK_URL", "url"],
  ])("400 for %s, nothing created", async (_name, body, code, field) => {
    const db = await getDb();
    const before = await db.webhookEndpoint.count();
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, message: expect.any(String) });
    expect((answer.body.errors as Array<{ field: string }>).map((error) => error.field)).toContain(field);
    expect(await db.webhookEndpoint.count()).toBe(before);
  });

  it("400 INVALID_WEBHOOK_URL for loopback (http or https) outside simulator mode", async () => {
    setWebhookLoopbackAllowedForTests(false);
    try {
      for (const url of [
        receiver.url,
        "https://127.0.0.1:8443/h",
        "https://localhost/h",
        "https://[::1]/h",
      ]) {
        const answer = await create({ url });
        expect(answer.status, url).toBe(400);
        expect(answer.body.code, url).toBe("INVALID_WEBHOOK_URL");
      }
    } finally {
      setWebhookLoopbackAllowedForTests(undefined);
    }
  });

  it("400 for a body that is not JSON, 401 without a token, 404 for an unknown environment, 405 otherwise", async () => {
    expect((await api.call("POST", BASE, { token: admin.idToken, rawBody: "{" })).body.code).toBe(
      "INVALID_JSON",
    );
    const anonymous = await api.call("GET", BASE);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "UNAUTHORIZED"]);
    const environment = await api.call("GET", "/Prod/customer/webhooks", { token: admin.idToken });
    expect([environment.status, environment.body.code]).toEqual([404, "ENVIRONMENT_NOT_FOUND"]);
    const put = await api.call("PUT", BASE, { token: admin.idToken, body: {} });
    expect([put.status, put.body.code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("403 FORBIDDEN for every role but administrator, and for service accounts (any scope)", async () => {
    for (const token of [operator.idToken, serviceToken]) {
      for (const [method, path] of [
        ["GET", BASE],
        ["POST", BASE],
        ["GET", `${BASE}/0190f000-0000-7000-8000-000000000000/deliveries`],
      ] as const) {
        const answer = await api.call(method, path, {
          token,
          body: method === "POST" ? { url: "https://a.do/h" } : undefined,
        });
        expect([answer.status, answer.body.code], `${method} ${path}`).toEqual([403, "FORBIDDEN"]);
      }
    }
  });

  it(`409 WEBHOOK_LIMIT_REACHED past ${WEBHOOK_ENDPOINTS_MAX} per company and environment; another environment has its own`, async () => {
    const company = await createTestAccount({ rnc: "131770009", roles: ["administrator"] });
    for (let n = 0; n < WEBHOOK_ENDPOINTS_MAX; n++) {
      expect((await create({ url: `https://erp.empresa.do/h/${n}` }, company)).status).toBe(201);
    }
    const refused = await create({ url: "https://erp.empresa.do/h/x" }, company);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "WEBHOOK_LIMIT_REACHED" });
    expect(refused.body.message).toContain(String(WEBHOOK_ENDPOINTS_MAX));
    expect(
      (await create({ url: "https://erp.empresa.do/h/x" }, company, "/CerteCF/customer/webhooks")).status,
    ).toBe(201);
  });
});

describe("isolation", () => {
  it("another company's endpoint, or another environment's, is 404 on every route and absent from lists", async () => {
    const mine = (await create({ url: "https://erp.empresa.do/aislado" })).body.id as string;
    const paths: Array<["GET" | "POST" | "PATCH" | "DELETE", string, unknown?]> = [
      ["GET", `${BASE}/${mine}`],
      ["PATCH", `${BASE}/${mine}`, { description: "ajeno" }],
      ["DELETE", `${BASE}/${mine}`],
      ["POST", `${BASE}/${mine}/test`],
      ["POST", `${BASE}/${mine}/rotate-secret`],
      ["GET", `${BASE}/${mine}/deliveries`],
      ["GET", `${BASE}/${mine}/deliveries/0190f000-0000-7000-8000-000000000000`],
      ["POST", `${BASE}/${mine}/deliveries/0190f000-0000-7000-8000-000000000000/replay`],
    ];
    for (const [method, path, body] of paths) {
      const foreign = await api.call(method, path, { token: other.idToken, body });
      expect([foreign.status, foreign.body.code], `${method} ${path}`).toEqual([404, "WEBHOOK_NOT_FOUND"]);
      const otherEnvironment = path.replace("/TesteCF/", "/eCF/");
      const elsewhere = await api.call(method, otherEnvironment, { token: admin.idToken, body });
      expect([elsewhere.status, elsewhere.body.code], `${method} ${otherEnvironment}`).toEqual([
        404,
        "WEBHOOK_NOT_FOUND",
      ]);
    }
    const theirs = await api.call("GET", BASE, { token: other.idToken });
    expect(JSON.stringify(theirs.body)).not.toContain(mine);
    const row = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: mine } });
    expect(row.description).toBeNull();
  });
});

describe("changing, disabling, enabling, rotating, testing, deleting", () => {
  let id: string;
  let secret: string;
  beforeAll(async () => {
    const created = await create({ url: receiver.url, description: "Receptor" });
    id = created.body.id as string;
    secret = created.body.secret as string;
  });

  it("PATCH changes the fields given, checks a new URL again, and 400s an empty body", async () => {
    const changed = await api.call("PATCH", `${BASE}/${id}`, {
      token: admin.idToken,
      body: { description: "Receptor local", eventTypes: ["webhook.disabled"] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      url: receiver.url,
      description: "Receptor local",
      eventTypes: ["webhook.disabled"],
    });
    const [entry] = await activity(admin.auth.accountId, "webhook.updated");
    expect(entry?.details).toMatchObject({ changed: ["description", "eventTypes"] });
    const bad = await api.call("PATCH", `${BASE}/${id}`, {
      token: admin.idToken,
      body: { url: "https://192.168.1.10/h" },
    });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_WEBHOOK_URL"]);
    const empty = await api.call("PATCH", `${BASE}/${id}`, { token: admin.idToken, body: {} });
    expect([empty.status, empty.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    const notFound = await api.call("PATCH", `${BASE}/0190f000-0000-7000-8000-000000000000`, {
      token: admin.idToken,
      body: { enabled: false },
    });
    expect([notFound.status, notFound.body.code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);
    await api.call("PATCH", `${BASE}/${id}`, { token: admin.idToken, body: { eventTypes: [] } });
  });

  it("rotating answers a new secret once; both sign for 24 h", async () => {
    const before = Date.now();
    const rotated = await api.call("POST", `${BASE}/${id}/rotate-secret`, { token: admin.idToken });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const expires = rotated.body.previousSecretExpiresAt as number;
    expect(expires).toBeGreaterThanOrEqual(before + SECRET_ROTATION_OVERLAP_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + SECRET_ROTATION_OVERLAP_MS);
    const row = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(openWebhookSecrets(row)).toEqual([fresh, secret]);
    expect(openWebhookSecrets(row, { now: expires + 1 })).toEqual([fresh]);
    const entries = await activity(admin.auth.accountId, "webhook.secret_rotated");
    expect(entries).toHaveLength(1);
    expect(asText(entries)).not.toContain(fresh);
    secret = fresh;
  });

  it("a test writes one webhook.test event for this endpoint only (202 with its id)", async () => {
    const sent = await api.call("POST", `${BASE}/${id}/test`, { token: admin.idToken });
    expect(sent.status).toBe(202);
    const event = await (
      await getDb()
    ).outboxEvent.findUniqueOrThrow({ where: { id: sent.body.eventId as string } });
    expect(event).toMatchObject({
      type: "webhook.test",
      subjectId: id,
      accountId: admin.auth.accountId,
      environment: "TesteCF",
    });
    expect(event.payload).toEqual({
      endpointId: id,
      customerId: admin.auth.rnc,
      environment: "TesteCF",
      requestedBy: admin.auth.actor,
    });
  });

  it("disabling by hand: disabled_manual, tests refused with 409; enabling clears the failure run", async () => {
    // A delivery waiting when it is disabled: parked (no next attempt) until it is enabled again.
    const db = await getDb();
    const waiting = await db.webhookDelivery.create({
      data: {
        endpointId: id,
        accountId: admin.auth.accountId,
        eventId: await writeEvent(db, {
          type: "webhook.test",
          accountId: admin.auth.accountId,
          environment: "TesteCF",
          subjectId: id,
          payload: { endpointId: id, customerId: admin.auth.rnc, environment: "TesteCF", requestedBy: "x" },
        }),
        eventType: "webhook.test",
        status: "pending",
        attempts: 0,
        nextAttemptAt: BigInt(Date.now() + 60_000),
        createdAt: BigInt(Date.now()),
      },
    });
    const waitingInLog = async () =>
      (await api.call("GET", `${BASE}/${id}/deliveries/${waiting.id}`, { token: admin.idToken })).body;
    const disabled = await api.call("PATCH", `${BASE}/${id}`, {
      token: admin.idToken,
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({
      enabled: false,
      state: "disabled_manual",
      disabledReason: "manual",
    });
    expect(disabled.body.disabledAt).toEqual(expect.any(Number));
    const refused = await api.call("POST", `${BASE}/${id}/test`, { token: admin.idToken });
    expect([refused.status, refused.body.code]).toEqual([409, "WEBHOOK_DISABLED"]);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: waiting.id } })).nextAttemptAt).toBe(
      PARKED_AT,
    );
    expect(await waitingInLog()).toMatchObject({ status: "pending", nextAttemptAt: null });
    // As the dispatcher leaves one it gave up on after 3 days:
    await (
      await getDb()
    ).webhookEndpoint.update({
      where: { id },
      data: { disabledReason: "failing", failingSince: 1n, retryAfter: BigInt(Date.now() + 60_000) },
    });
    expect((await api.call("GET", `${BASE}/${id}`, { token: admin.idToken })).body.state).toBe(
      "disabled_failing",
    );
    const enabled = await api.call("PATCH", `${BASE}/${id}`, {
      token: admin.idToken,
      body: { enabled: true },
    });
    expect(enabled.body).toMatchObject({
      enabled: true,
      state: "active",
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      retryAfter: null,
    });
    expect(await activity(admin.auth.accountId, "webhook.disabled")).toHaveLength(1);
    const [enabledEntry] = await activity(admin.auth.accountId, "webhook.enabled");
    expect(enabledEntry?.details).toMatchObject({ previousReason: "failing" });
    // Enabled: the waiting delivery is due at once.
    const due = (await waitingInLog()).nextAttemptAt as number;
    expect(due).toBeGreaterThan(Date.now() - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now());
    await db.webhookDelivery.delete({ where: { id: waiting.id } });
  });

  it("the delivery log: newest first, filtered, paged; one delivery with its attempts; every 400 and 404", async () => {
    const db = await getDb();
    const t0 = Date.now() - 10_000;
    const statuses = ["delivered", "failed", "pending"] as const;
    const deliveryIds: string[] = [];
    for (const [n, status] of statuses.entries()) {
      const eventId = await writeEvent(db, {
        type: "webhook.test",
        accountId: admin.auth.accountId,
        environment: "TesteCF",
        subjectId: id,
        payload: { endpointId: id, customerId: admin.auth.rnc, environment: "TesteCF", requestedBy: "x" },
      });
      const row = await db.webhookDelivery.create({
        data: {
          endpointId: id,
          accountId: admin.auth.accountId,
          eventId,
          eventType: "webhook.test",
          status,
          attempts: 1,
          nextAttemptAt: BigInt(t0 + n),
          lastAttemptAt: BigInt(t0 + n),
          lastStatusCode: status === "delivered" ? 200 : 500,
          lastLatencyMs: 12,
          lastResponseExcerpt: status === "delivered" ? "ok" : "boom",
          createdAt: BigInt(t0 + n),
          attemptsLog: {
            create: {
              attemptedAt: BigInt(t0 + n),
              trigger: "automatic",
              statusCode: status === "delivered" ? 200 : 500,
              latencyMs: 12,
              responseExcerpt: "ok",
            },
          },
        },
      });
      deliveryIds.push(row.id);
    }
    const list = await api.call("GET", `${BASE}/${id}/deliveries`, { token: admin.idToken });
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{ id: string; status: string }>;
    expect(items.slice(0, 3).map((item) => item.id)).toEqual([...deliveryIds].reverse());
    expect(list.body.metadata).toEqual({ itemsPerPage: 25 });
    const failed = await api.call("GET", `${BASE}/${id}/deliveries?status=failed`, { token: admin.idToken });
    expect((failed.body.items as Array<{ id: string }>).map((item) => item.id)).toEqual([deliveryIds[1]]);
    const first = await api.call("GET", `${BASE}/${id}/deliveries?limit=2`, { token: admin.idToken });
    expect((first.body.items as unknown[]).length).toBe(2);
    const next = await api.call(
      "GET",
      `${BASE}/${id}/deliveries?limit=2&nextToken=${encodeURIComponent(first.body.nextToken as string)}`,
      { token: admin.idToken },
    );
    expect((next.body.items as Array<{ id: string }>)[0]!.id).toBe(deliveryIds[0]);
    for (const [query, code] of [
      ["status=sent", "INVALID_STATUS"],
      ["limit=0", "INVALID_LIMIT"],
      ["limit=101", "INVALID_LIMIT"],
      ["nextToken=zzz", "INVALID_NEXT_TOKEN"],
      ["page=2", "INVALID_PARAMETER"],
    ]) {
      const answer = await api.call("GET", `${BASE}/${id}/deliveries?${query}`, { token: admin.idToken });
      expect([answer.status, answer.body.code], query).toEqual([400, code]);
    }
    const one = await api.call("GET", `${BASE}/${id}/deliveries/${deliveryIds[1]}`, { token: admin.idToken });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: deliveryIds[1],
      status: "failed",
      lastStatusCode: 500,
      data: { endpointId: id },
    });
    expect(one.body.attemptLog).toEqual([
      expect.objectContaining({ trigger: "automatic", statusCode: 500, latencyMs: 12 }),
    ]);
    const unknown = await api.call("GET", `${BASE}/${id}/deliveries/0190f000-0000-7000-8000-000000000000`, {
      token: admin.idToken,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
    // A delivery of this company's other endpoint is not this endpoint's.
    const sibling = (await create({ url: "https://erp.empresa.do/otro" })).body.id as string;
    const crossed = await api.call("GET", `${BASE}/${sibling}/deliveries/${deliveryIds[1]}`, {
      token: admin.idToken,
    });
    expect([crossed.status, crossed.body.code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
    const crossedReplay = await api.call("POST", `${BASE}/${sibling}/deliveries/${deliveryIds[1]}/replay`, {
      token: admin.idToken,
    });
    expect([crossedReplay.status, crossedReplay.body.code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
  });

  it("a replay sends it now with the same webhook-id, signed with the endpoint's secret; 409 while disabled", async () => {
    const db = await getDb();
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: id, status: "failed" } });
    const replayed = await api.call("POST", `${BASE}/${id}/deliveries/${delivery!.id}/replay`, {
      token: admin.idToken,
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ id: delivery!.id, status: "delivered", lastStatusCode: 204 });
    const log = replayed.body.attemptLog as Array<{
      trigger: string;
      requestedBy: string | null;
      statusCode: number;
    }>;
    expect(log.at(-1)).toMatchObject({ trigger: "replay", requestedBy: admin.auth.actor, statusCode: 204 });
    const got = receiver.received.filter((request) => request.id === delivery!.eventId);
    expect(got).toHaveLength(1);
    const verified = new Webhook(secret).verify(got[0]!.body, {
      "webhook-id": got[0]!.id,
      "webhook-timestamp": got[0]!.timestamp,
      "webhook-signature": got[0]!.signature,
    });
    expect(verified).toMatchObject({ type: "webhook.test", data: { endpointId: id } });
    await api.call("PATCH", `${BASE}/${id}`, { token: admin.idToken, body: { enabled: false } });
    const refused = await api.call("POST", `${BASE}/${id}/deliveries/${delivery!.id}/replay`, {
      token: admin.idToken,
    });
    expect([refused.status, refused.body.code]).toEqual([409, "WEBHOOK_DISABLED"]);
  });

  it("DELETE: 204, then 404; its deliveries go with it; logged", async () => {
    const deleted = await api.call("DELETE", `${BASE}/${id}`, { token: admin.idToken });
    expect(deleted.status).toBe(204);
    expect((await api.call("GET", `${BASE}/${id}`, { token: admin.idToken })).status).toBe(404);
    expect((await api.call("DELETE", `${BASE}/${id}`, { token: admin.idToken })).body.code).toBe(
      "WEBHOOK_NOT_FOUND",
    );
    expect(await (await getDb()).webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
    const [entry] = await activity(admin.auth.accountId, "webhook.deleted");
    expect(entry).toMatchObject({ subjectId: id, details: expect.objectContaining({ url: receiver.url }) });
  });
});
