import "server-only";

import { loadConfig } from "@/lib/server/config/load-config";
import { logger } from "@/lib/server/config/logger";
import { databaseTarget, type DatabaseTarget } from "@/lib/server/db/database-target";
import { recordJobCompleted, recordJobFailure, setQueueDepth } from "@/lib/server/metrics/record";
import { startWebhookDispatcher, stopWebhookDispatcher } from "@/lib/server/webhooks/dispatcher";

import { InProcessQueue } from "./in-process-queue";
import type { JobObserver, JobQueue, RecurringJob } from "./job-queue";
import { PgBossQueue } from "./pg-boss-queue";
import { recurringJobs } from "./recurring-jobs";

/** pg-boss's schema beside the app's: `pgboss`, or `<schema>_jobs` when the app has its own schema. */
export function jobsSchemaOf(target: Extract<DatabaseTarget, { kind: "postgres" }>): string {
  return target.schema ? `${target.schema}_jobs` : "pgboss";
}

// On globalThis: the built app bundles this module twice (the start hook and the shutdown's).
const holder = globalThis as typeof globalThis & { __anulaJobs?: Promise<JobQueue> };

/** Job outcomes for GET /metrics (lib/server/metrics). */
const observer: JobObserver = {
  failed: (name) => recordJobFailure(name),
  completed: (name) => recordJobCompleted(name),
};

/** How often this instance reads the queues' depth for the /metrics gauge. */
const DEPTH_SAMPLE_MS = 15_000;

export interface BackgroundWorkOptions {
  target?: DatabaseTarget;
  jobs?: RecurringJob[];
  /**
   * This instance's webhook dispatcher loop (lib/server/webhooks/dispatcher.ts): on by default,
   * off when the caller gives its own `jobs` (tests of the queue alone).
   */
  webhookDispatcher?: boolean;
}

/**
 * Starts the process's job queue and its recurring jobs (runtime start): pg-boss on PostgreSQL,
 * the in-process queue on PGlite. Once per process; later calls return the same queue.
 */
export function startBackgroundWork(options: BackgroundWorkOptions = {}): Promise<JobQueue> {
  holder.__anulaJobs ??= start(options).catch((error: unknown) => {
    holder.__anulaJobs = undefined;
    throw error;
  });
  return holder.__anulaJobs;
}

async function start(options: BackgroundWorkOptions): Promise<JobQueue> {
  const target = options.target ?? databaseTarget(loadConfig());
  const jobs = options.jobs ?? recurringJobs();
  const shortest = Math.min(60_000, ...jobs.map((job) => job.periodMs));
  const queue: JobQueue =
    target.kind === "postgres"
      ? await PgBossQueue.start({
          connectionString: target.connectionString,
          schema: jobsSchemaOf(target),
          // Polls at least twice per shortest period, between 0.5 s and 2 s.
          pollingIntervalSeconds: Math.min(2, Math.max(0.5, shortest / 2_000)),
          observer,
        })
      : new InProcessQueue(observer);
  try {
    for (const job of jobs) await queue.schedule(job);
  } catch (error) {
    // A job that cannot run once per period stops the start (job-queue.ts): nothing half-started stays.
    await queue.stop(1_000).catch(() => undefined);
    throw error;
  }
  // Webhooks run on their own loop, not the queue: its polling would eat the 1-second budget.
  if (options.webhookDispatcher ?? options.jobs === undefined) startWebhookDispatcher();
  sampleDepth(queue, jobs);
  logger.info({ queue: queue.kind, jobs: jobs.map((job) => job.name) }, "Background work started");
  return queue;
}

/** The queue depth gauge (the same on every instance sharing a database), sampled on a timer. */
function sampleDepth(queue: JobQueue, jobs: RecurringJob[]): void {
  const sample = async () => {
    for (const job of jobs) setQueueDepth(job.name, await queue.depth(job.name));
  };
  const timer = setInterval(() => {
    sample().catch((error: unknown) => logger.warn({ err: error }, "Job queue depth not read"));
  }, DEPTH_SAMPLE_MS);
  timer.unref();
  depthTimer = timer;
}
let depthTimer: NodeJS.Timeout | undefined;

/** The running queue, if background work was started in this process. */
export function backgroundQueue(): Promise<JobQueue> | undefined {
  return holder.__anulaJobs;
}

/** Graceful shutdown: no new jobs; running ones get up to `timeoutMs`. */
export async function stopBackgroundWork(timeoutMs: number): Promise<void> {
  const pending = holder.__anulaJobs;
  holder.__anulaJobs = undefined;
  clearInterval(depthTimer);
  // Side by side, so the shutdown's budget is not spent twice.
  const webhooksStopped = stopWebhookDispatcher(timeoutMs);
  if (!pending) return webhooksStopped;
  const queue = await pending.catch(() => undefined);
  await Promise.all([queue?.stop(timeoutMs), webhooksStopped]);
}
