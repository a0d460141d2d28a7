import "server-only";

import { loadConfig } from "@/lib/server/platform/config/load-config";
import { logger } from "@/lib/server/platform/config/logger";
import { databaseTarget, type DatabaseTarget } from "@/lib/server/platform/db/database-target";
import { recordJobCompleted, recordJobFailure, setQueueDepth } from "@/lib/server/platform/metrics/record";

import { InProcessQueue } from "./in-process-queue";
import type { JobObserver, JobQueue, RecurringJob } from "./job-queue";
import { PgBossQueue } from "./pg-boss-queue";

/** pg-boss's schema beside the app's: `pgboss`, or `<schema>_jobs` when the app has its own schema. */
export function jobsSchemaOf(target: Extract<DatabaseTarget, { kind: "postgres" }>): string {
  return target.schema ? `${target.schema}_jobs` : "pgboss";
}

// On globalThis: the built app bundles this module twice (the start hook and the shutdown's).
const holder = globalThis as typeof globalThis & { __anulaJobs?: Promise<JobQueue> };

/** Job outcomes for GET /metrics (lib/server/platform/metrics). */
const observer: JobObserver = {
  failed: (name) => recordJobFailure(name),
  completed: (name) => recordJobCompleted(name),
};

/** How often this instance reads the queues' depth for the /metrics gauge. */
const DEPTH_SAMPLE_MS = 15_000;

export interface BackgroundWorkOptions {
  target?: DatabaseTarget;
  /** The features' periodic work (lib/server/runtime/recurring-jobs.ts gathers it). */
  jobs?: RecurringJob[];
  /**
   * Loops of this instance that run beside the queue, not on it (the webhook dispatcher: the
   * queue's polling would eat its 1-second budget), started after the jobs and stopped with them.
   */
  services?: BackgroundService[];
}

/** A loop of this instance that the background work starts and stops. */
export interface BackgroundService {
  name: string;
  start(): void;
  /** Resolves once the loop's work in hand is done, or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
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
  const jobs = options.jobs ?? [];
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
  services = options.services ?? [];
  for (const service of services) service.start();
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
/** The loops this process started with its queue. */
let services: BackgroundService[] = [];

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
  const running = services;
  services = [];
  const servicesStopped = Promise.all(running.map((service) => service.stop(timeoutMs))).then(
    () => undefined,
  );
  if (!pending) return servicesStopped;
  const queue = await pending.catch(() => undefined);
  await Promise.all([queue?.stop(timeoutMs), servicesStopped]);
}
