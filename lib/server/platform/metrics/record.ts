import "server-only";

import type { Environment } from "@/lib/domain/environments";

import { metrics } from "./registry";

/**
 * What the rest of the server calls to count things for GET /metrics. Recording never throws and
 * never awaits: a metric must not be able to break or slow a void, a job or a delivery.
 */
function safely(record: () => void): void {
  try {
    record();
  } catch {
    // A metric lost is better than a request failed.
  }
}

/** A void's outcome written to its record (lib/server/voids/record-answer.ts completeVoid). */
export function recordVoidOutcome(
  environment: Environment,
  status: "Aceptado" | "Rechazado" | "Error",
): void {
  safely(() => metrics().voidOutcomes.inc({ environment, status }));
}

/** DGII operations by the last segment of their path (semilla, validarsemilla, anularrango, …). */
export function dgiiOperationOf(path: string): string {
  return path.split("?")[0]!.split("/").filter(Boolean).pop() ?? "unknown";
}

/**
 * One request to DGII (lib/server/platform/taxauth): its duration, and an error when there was no usable
 * answer — `failure` is the transport's kind (timeout, network, aborted); a 5xx counts as http_5xx.
 */
export function recordDgiiRequest(input: {
  operation: string;
  environment: Environment;
  durationMs: number;
  httpStatus?: number;
  failure?: string;
}): void {
  safely(() => {
    const { dgiiDuration, dgiiErrors } = metrics();
    const status = input.httpStatus !== undefined ? `${Math.floor(input.httpStatus / 100)}xx` : "none";
    dgiiDuration.observe(
      { operation: input.operation, environment: input.environment, status },
      input.durationMs / 1000,
    );
    const kind =
      input.failure ?? (input.httpStatus !== undefined && input.httpStatus >= 500 ? "http_5xx" : null);
    if (kind) dgiiErrors.inc({ operation: input.operation, environment: input.environment, kind });
  });
}

/**
 * For the webhook sender: one delivery attempt. `failureReason` when it failed
 * (e.g. "timeout", "network", "http_status", "refused_address").
 */
export function recordWebhookDelivery(input: {
  delivered: boolean;
  durationMs: number;
  failureReason?: string;
}): void {
  safely(() => {
    const { webhookDeliveries, webhookFailures, webhookDuration } = metrics();
    webhookDeliveries.inc({ outcome: input.delivered ? "delivered" : "failed" });
    if (!input.delivered) webhookFailures.inc({ reason: input.failureReason ?? "unknown" });
    webhookDuration.observe(input.durationMs / 1000);
  });
}

/** For the job queue (lib/server/platform/jobs): how many jobs of `queue` wait now. */
export function setQueueDepth(queue: string, depth: number): void {
  safely(() => metrics().queueDepth.set({ queue }, depth));
}

/** For the job queue: a job of `queue` finished on this instance. */
export function recordJobCompleted(queue: string): void {
  safely(() => metrics().jobsCompleted.inc({ queue }));
}

/** For the job queue: a run of a job of `queue` failed on this instance (each try counts). */
export function recordJobFailure(queue: string): void {
  safely(() => metrics().jobFailures.inc({ queue }));
}
