import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import {
  recordJobCompleted,
  recordJobFailure,
  recordWebhookDelivery,
  setQueueDepth,
} from "@/lib/server/platform/metrics/record";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { config as proxyConfig } from "@/proxy";

import { GET } from "./route";

const TOKEN = "metrics-token-0123456789abcdef";

const scrape = (authorization?: string) =>
  GET(
    new Request("http://localhost/metrics", {
      headers: authorization ? { authorization } : {},
    }),
    {} as never,
  );

/** The value of one sample line (`name{labels} value`), or 0 when the series has none yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find(
      (candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)),
    );
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

async function metricsText(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

let app: VoidTestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startVoidTestApp({ deadlineMs: 3_000, responseTimeoutMs: 4_000 });
  account = await createTestAccount({ certificate: true });
});
afterAll(async () => {
  setEnvForTests({ METRICS_TOKEN: undefined });
  await app?.close();
});
afterEach(() => app.simulator.admin.clearFaults());

describe("GET /metrics", () => {
  it("is off without METRICS_TOKEN (404), and the proxy never touches it", async () => {
    setEnvForTests({ METRICS_TOKEN: undefined });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: "/metrics" })).toBe(false);
  });

  it("refuses a missing or wrong bearer token with 401 and WWW-Authenticate", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("UNAUTHORIZED");
      expect(body.message).not.toContain(TOKEN);
    }
  });

  it("answers the Prometheus text format with every metric of the deployment named", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    for (const name of [
      "anula_void_outcomes_total",
      "anula_dgii_request_duration_seconds",
      "anula_dgii_request_errors_total",
      "anula_webhook_deliveries_total",
      "anula_webhook_delivery_failures_total",
      "anula_webhook_delivery_duration_seconds",
      "anula_job_queue_depth",
      "anula_jobs_completed_total",
      "anula_job_failures_total",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(`# HELP ${name} `);
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it("counts a real void's outcome by status and environment, and its requests to DGII", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    const before = await metricsText();
    const response = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: "E310000007001", secuenciaHasta: "E310000007005" }] },
    });
    expect(response.status).toBe(200);
    const after = await metricsText();
    const accepted = { status: "Aceptado", environment: "TesteCF" };
    expect(sample(after, "anula_void_outcomes_total", accepted)).toBe(
      sample(before, "anula_void_outcomes_total", accepted) + 1,
    );
    const sends = { operation: "anularrango", environment: "TesteCF", status: "2xx" };
    expect(sample(after, "anula_dgii_request_duration_seconds_count", sends)).toBe(
      sample(before, "anula_dgii_request_duration_seconds_count", sends) + 1,
    );
    // The first void of this RNC signed in to DGII first (seed + validation), counted the same way.
    expect(
      sample(after, "anula_dgii_request_duration_seconds_count", {
        operation: "semilla",
        environment: "TesteCF",
      }),
    ).toBeGreaterThanOrEqual(1);

    // DGII answers 503: an Error outcome, and an http_5xx error of anularrango.
    app.simulator.admin.injectFault({ service: "anularrango", mode: "status", status: 503, count: 1 });
    const failed = await app.call("POST", "/TesteCF/customer/void-ncf", {
      token: account.idToken,
      body: { ranges: [{ secuenciaDesde: "E310000007101", secuenciaHasta: "E310000007101" }] },
    });
    expect(failed.body).toMatchObject({ status: "Error" });
    const last = await metricsText();
    const error = { status: "Error", environment: "TesteCF" };
    expect(sample(last, "anula_void_outcomes_total", error)).toBe(
      sample(after, "anula_void_outcomes_total", error) + 1,
    );
    const fiveHundreds = { operation: "anularrango", environment: "TesteCF", kind: "http_5xx" };
    expect(sample(last, "anula_dgii_request_errors_total", fiveHundreds)).toBe(
      sample(after, "anula_dgii_request_errors_total", fiveHundreds) + 1,
    );
  });

  it("shows what the job queue and the webhook sender record through lib/server/platform/metrics", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    const before = await metricsText();
    setQueueDepth("events", 7);
    recordJobCompleted("events");
    recordJobFailure("events");
    recordWebhookDelivery({ delivered: true, durationMs: 40 });
    recordWebhookDelivery({ delivered: false, durationMs: 5_000, failureReason: "timeout" });
    const after = await metricsText();
    expect(sample(after, "anula_job_queue_depth", { queue: "events" })).toBe(7);
    for (const [name, labels] of [
      ["anula_jobs_completed_total", { queue: "events" }],
      ["anula_job_failures_total", { queue: "events" }],
      ["anula_webhook_deliveries_total", { outcome: "delivered" }],
      ["anula_webhook_deliveries_total", { outcome: "failed" }],
      ["anula_webhook_delivery_failures_total", { reason: "timeout" }],
    ] as const) {
      expect(sample(after, name, labels), name).toBe(sample(before, name, labels) + 1);
    }
  });
});
