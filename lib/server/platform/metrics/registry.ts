import "server-only";

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), served by GET /metrics. Each instance counts its
 * own; Prometheus scrapes every instance and sums. Kept on globalThis: Next's dev server re-evaluates
 * modules on every edit, and the instrumentation and the route handlers may load separate copies of
 * this module — registering a metric name twice would throw, and two registries would each see half.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    voidOutcomes: new Counter({
      name: "anula_void_outcomes_total",
      help: "Void outcomes recorded (DGII's answer, on time or late; Error once no answer will come), by status and environment",
      labelNames: ["status", "environment"] as const,
      registers: [registry],
    }),
    dgiiDuration: new Histogram({
      name: "anula_dgii_request_duration_seconds",
      help: "Duration of requests to DGII (or the simulator), by operation, environment and HTTP status class",
      labelNames: ["operation", "environment", "status"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60],
      registers: [registry],
    }),
    dgiiErrors: new Counter({
      name: "anula_dgii_request_errors_total",
      help: "Requests to DGII without a usable answer: connect-timeout, response-timeout, network, aborted, or http_5xx",
      labelNames: ["operation", "environment", "kind"] as const,
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: "anula_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome (delivered: a 2xx answer; failed: anything else)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    webhookFailures: new Counter({
      name: "anula_webhook_delivery_failures_total",
      help: "Webhook delivery attempts that failed, by reason (timeout, network, http_status, refused_address)",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    webhookDuration: new Histogram({
      name: "anula_webhook_delivery_duration_seconds",
      help: "Duration of webhook delivery attempts",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "anula_job_queue_depth",
      help: "Jobs waiting in the queue (set by the job queue; the same database for every instance)",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    jobsCompleted: new Counter({
      name: "anula_jobs_completed_total",
      help: "Jobs this instance completed, by queue",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: "anula_job_failures_total",
      help: "Job runs on this instance that failed (each failed try of a retried job counts), by queue",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
  };
}

export type AnulaMetrics = ReturnType<typeof createMetrics>;

const state = globalThis as typeof globalThis & { __anulaMetrics?: AnulaMetrics };

export function metrics(): AnulaMetrics {
  state.__anulaMetrics ??= createMetrics();
  return state.__anulaMetrics;
}

/** The exposition: Prometheus text format and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
