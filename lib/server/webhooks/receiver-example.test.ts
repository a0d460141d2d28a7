import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { writeEvent } from "@/lib/server/platform/events/write-event";
import {
  createTestWebhookEndpoint,
  type TestWebhookEndpoint,
} from "@/lib/server/testing/webhook-endpoint-fixture";
import { newWebhookSecret } from "@/lib/server/webhooks/secrets";

import { dispatchOnce } from "./dispatcher";
import { replayDelivery } from "./replay";

/**
 * The API guide's webhook receiver example, run as written: this test takes the exact code block
 * between the `webhook-receiver-example` markers of docs/api.md, starts it with node, and sends it a
 * real delivery through the dispatcher (then a replay, then forged requests). An edit that breaks
 * the example — or a change of the signing that the example no longer verifies — fails here.
 */
function readmeExample(): string {
  const page = readFileSync(path.join(process.cwd(), "docs", "api.md"), "utf8");
  const start = page.indexOf("<!-- webhook-receiver-example:start -->");
  const end = page.indexOf("<!-- webhook-receiver-example:end -->");
  expect(start, "docs/api.md has the receiver example's markers").toBeGreaterThan(0);
  const block = /```js\n([\s\S]*?)```/.exec(page.slice(start, end));
  expect(block, "a ```js block between the markers").not.toBeNull();
  return block![1]!;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("the API guide's webhook receiver example", () => {
  let database: TestDatabase;
  let account: TestAccount;
  let endpoint: TestWebhookEndpoint;
  let child: ChildProcess;
  let output = "";
  let url = "";
  const folder = mkdtempSync(path.join(tmpdir(), "anula-receiver-"));

  beforeAll(async () => {
    database = await createTestDatabase();
    account = await createTestAccount();
    const file = path.join(folder, "receiver.mjs");
    writeFileSync(file, readmeExample());
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    endpoint = await createTestWebhookEndpoint({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      url,
    });
    child = spawn(process.execPath, [file], {
      env: { ...process.env, WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    for (let tries = 0; ; tries++) {
      const up = await fetch(url, { method: "POST" }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error(`the API guide's receiver did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
    await database?.dispose();
  });

  const handledLines = (id: string) => output.split("\n").filter((line) => line.startsWith(`handled ${id} `));

  /** The child's stdout arrives on its own pipe, a moment after its HTTP answer. */
  async function settledOutput(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  it("verifies a real delivery, handles it once, and answers a replay 2xx without handling it again", async () => {
    const eventId = await database.prisma.$transaction((tx) =>
      writeEvent(tx, {
        type: "webhook.test",
        accountId: account.auth.accountId,
        environment: "TesteCF",
        subjectId: endpoint.id,
        payload: {
          endpointId: endpoint.id,
          customerId: account.auth.rnc,
          environment: "TesteCF",
          requestedBy: null,
        },
      }),
    );
    for (let round = 0; round < 20; round++) {
      await dispatchOnce();
      const delivery = await database.prisma.webhookDelivery.findFirst({ where: { eventId } });
      if (delivery?.status === "delivered") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const delivery = await database.prisma.webhookDelivery.findFirstOrThrow({ where: { eventId } });
    expect(delivery).toMatchObject({ status: "delivered", lastStatusCode: 204, endpointId: endpoint.id });
    await settledOutput();
    expect(handledLines(eventId)).toEqual([`handled ${eventId} webhook.test`]);

    const replay = await replayDelivery({
      accountId: account.auth.accountId,
      environment: "TesteCF",
      deliveryId: delivery.id,
      requestedBy: null,
    });
    expect(replay).toMatchObject({ kind: "sent", attempt: { statusCode: 204 } });
    await settledOutput();
    // The same webhook-id again: accepted (or it would be retried) but not handled twice.
    expect(handledLines(eventId)).toHaveLength(1);
  });

  /** A request signed with the standardwebhooks package (the specification's reference code). */
  function signed(secrets: string[], id: string, body: string, at = new Date()) {
    const signature = secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" ");
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    });
  }

  const body = JSON.stringify({ type: "void.created", timestamp: new Date().toISOString(), data: {} });

  it("accepts either signature during a secret rotation (the new secret first, then its own)", async () => {
    const response = await signed([newWebhookSecret(), endpoint.secret], "msg_rotation", body);
    expect(response.status).toBe(204);
    await settledOutput();
    expect(handledLines("msg_rotation")).toHaveLength(1);
  });

  it("refuses another secret, a changed body, an old timestamp and a missing signature with 401", async () => {
    expect((await signed([newWebhookSecret()], "msg_other_secret", body)).status).toBe(401);

    const id = "msg_tampered";
    const at = new Date();
    const signature = new Webhook(endpoint.secret).sign(id, at, body);
    const tampered = await fetch(url, {
      method: "POST",
      headers: {
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body: body.replace("void.created", "void.settled"),
    });
    expect(tampered.status).toBe(401);

    const old = new Date(Date.now() - 10 * 60 * 1000);
    expect((await signed([endpoint.secret], "msg_old", body, old)).status).toBe(401);

    const unsigned = await fetch(url, {
      method: "POST",
      headers: { "webhook-id": "msg_unsigned", "webhook-timestamp": String(Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(unsigned.status).toBe(401);
    await settledOutput();
    expect(output).not.toMatch(/handled msg_(other_secret|tampered|old|unsigned)/);
    // The same forged ids, signed properly, are then handled: the refusals were the signatures'.
    expect((await signed([endpoint.secret], "msg_tampered", body)).status).toBe(204);
    await settledOutput();
    expect(handledLines("msg_tampered")).toHaveLength(1);
  });
});
