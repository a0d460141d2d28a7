import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Resolver } from "./guarded-lookup";
import { newWebhookSecret } from "./secrets";
import { RESPONSE_EXCERPT_CHARS, sendWebhook, type SendInput } from "./send-webhook";
import { signWebhook, WEBHOOK_USER_AGENT } from "./signing";
import { closedPort, startScriptedReceiver, type ScriptedReceiver } from "./testing/scripted-receiver";

let receiver: ScriptedReceiver;
beforeAll(async () => {
  receiver = await startScriptedReceiver();
});
afterAll(async () => receiver?.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer((_request, response) => response.writeHead(204).end());
});

const event = {
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  type: "void.settled",
  createdAt: Date.UTC(2026, 10, 25, 12, 0, 0, 123),
  payload: { voidId: "v-1", status: "Aceptado", customerId: "130000001" },
};
const secret = newWebhookSecret();

function input(overrides: Partial<SendInput> = {}): SendInput {
  return {
    url: receiver.url,
    request: signWebhook(event, [secret]),
    timeoutMs: 2_000,
    allowLoopback: true,
    ...overrides,
  };
}

describe("signing (Standard Webhooks)", () => {
  it("sends the envelope with webhook-id/-timestamp/-signature that standardwebhooks verifies", async () => {
    const outcome = await sendWebhook(input());
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204, error: null, responseExcerpt: null });
    const [request] = receiver.received;
    expect(request!.headers["webhook-id"]).toBe(event.id);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe(WEBHOOK_USER_AGENT);
    expect(request!.headers["user-agent"]).toContain("Anula");
    expect(Math.abs(Number(request!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
    const verified = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(verified).toEqual({
      type: "void.settled",
      timestamp: "2026-11-25T12:00:00.123Z",
      data: event.payload,
    });
    // Another secret does not verify.
    expect(() =>
      new Webhook(newWebhookSecret()).verify(request!.body, request!.headers as Record<string, string>),
    ).toThrow();
  });

  it("signs with every valid secret during a rotation: either verifies", async () => {
    const previous = newWebhookSecret();
    const signed = signWebhook(event, [secret, previous]);
    const signatures = signed.headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith("v1,"))).toBe(true);
    await sendWebhook(input({ request: signed }));
    const [request] = receiver.received;
    for (const key of [secret, previous]) {
      expect(
        new Webhook(key).verify(request!.body, request!.headers as Record<string, string>),
      ).toMatchObject({
        type: "void.settled",
      });
    }
    expect(() => signWebhook(event, [])).toThrow();
  });
});

describe("the guarded sender", () => {
  it("delivers only on 2xx: a 500 is a failure with its status and excerpt", async () => {
    receiver.answer((_request, response) => response.writeHead(500).end("boom"));
    const outcome = await sendWebhook(input());
    expect(outcome).toMatchObject({
      delivered: false,
      statusCode: 500,
      failureReason: "http_status",
      responseExcerpt: "boom",
    });
    expect(outcome.error).toContain("500");
  });

  it("never follows a redirect: a 3xx is a failure and the target is not requested", async () => {
    receiver.answer((request, response) => {
      if (request.url === "/hook") response.writeHead(302, { location: `${receiver.url}-moved` }).end();
      else response.writeHead(204).end();
    });
    const outcome = await sendWebhook(input());
    expect(outcome).toMatchObject({ delivered: false, statusCode: 302, failureReason: "redirect" });
    expect(receiver.received.map((request) => request.url)).toEqual(["/hook"]);
  });

  it("gives up at the timeout when the receiver does not answer", async () => {
    receiver.answer(() => {
      /* never answers */
    });
    const started = Date.now();
    const outcome = await sendWebhook(input({ timeoutMs: 300 }));
    expect(outcome).toMatchObject({ delivered: false, statusCode: null, failureReason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it("keeps the status when the body stalls after it", async () => {
    receiver.answer((_request, response) => {
      response.writeHead(200);
      response.write("partial");
    });
    const outcome = await sendWebhook(input({ timeoutMs: 300 }));
    expect(outcome).toMatchObject({ delivered: true, statusCode: 200, responseExcerpt: "partial" });
  });

  it("reads at most 1,000 characters of the answer", async () => {
    receiver.answer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("ñ".repeat(50_000));
    });
    const outcome = await sendWebhook(input());
    expect(outcome.delivered).toBe(true);
    expect(outcome.responseExcerpt).toBe("ñ".repeat(RESPONSE_EXCERPT_CHARS));
  });

  it("reports a refused connection", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/hook`;
    const outcome = await sendWebhook(input({ url }));
    expect(outcome).toMatchObject({ delivered: false, statusCode: null, failureReason: "network" });
    expect(outcome.error).toContain("ECONNREFUSED");
  });

  it("checks the address actually connected to: a name that now resolves to a private address is refused", async () => {
    let answer = "127.0.0.1";
    const resolver: Resolver = async () => [{ address: answer, family: 4 }];
    const url = `http://localhost:${receiver.port}/hook`;
    expect((await sendWebhook(input({ url, resolver }))).delivered).toBe(true);
    // DNS changed after the endpoint was saved (and after a first delivery): refused at connect.
    for (answer of ["10.0.0.5", "169.254.169.254", "192.168.1.1"]) {
      const outcome = await sendWebhook(input({ url, resolver }));
      expect(outcome).toMatchObject({ delivered: false, statusCode: null, failureReason: "refused_address" });
      expect(outcome.error).toContain(answer);
    }
    expect(receiver.received).toHaveLength(1);
  });

  it("refuses a name with any forbidden address among its records, and loopback outside simulator mode", async () => {
    const mixed: Resolver = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "10.1.1.1", family: 4 },
    ];
    const url = `http://localhost:${receiver.port}/hook`;
    expect((await sendWebhook(input({ url, resolver: mixed }))).failureReason).toBe("refused_address");
    // https to a public name resolving to loopback, outside simulator mode.
    const loopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const outcome = await sendWebhook(
      input({
        url: `https://hooks.example.com:${receiver.port}/hook`,
        resolver: loopback,
        allowLoopback: false,
      }),
    );
    expect(outcome).toMatchObject({ delivered: false, failureReason: "refused_address" });
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses http:// and loopback literals outside simulator mode, before connecting", async () => {
    const http = await sendWebhook(input({ allowLoopback: false }));
    expect(http).toMatchObject({ delivered: false, failureReason: "invalid_url" });
    expect(http.error).toContain("https://");
    const literal = await sendWebhook(
      input({ url: `https://127.0.0.1:${receiver.port}/hook`, allowLoopback: false }),
    );
    expect(literal.failureReason).toBe("invalid_url");
    expect(receiver.received).toHaveLength(0);
  });

  it("never puts the secret or the body in the outcome", async () => {
    receiver.answer((_request, response) => response.writeHead(400).end("bad"));
    const outcome = await sendWebhook(input());
    const text = JSON.stringify(outcome);
    expect(text).not.toContain(secret.slice(6));
    expect(text).not.toContain("130000001");
  });
});
