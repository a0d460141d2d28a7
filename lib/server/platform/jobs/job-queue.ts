import "server-only";

import { AppError } from "@/lib/errors";

/**
 * The job queue's interface (background work: events, webhooks, recurring jobs). Two implementations:
 * - pg-boss on PostgreSQL (pg-boss-queue.ts): jobs live in the database, so any number of instances
 *   share them; a recurring job runs once per period across all of them (one row per time slot,
 *   pg-boss's throttle index); a job whose instance dies is expired and retried by another.
 * - in-process on the embedded PGlite default (in-process-queue.ts): PGlite is one process with one
 *   connection, so there is no other instance to share with; jobs are kept in memory and lost with
 *   the process. That is safe because every job here re-derives its work from the database (leases,
 *   checkedAt, outbox rows): a lost run is only a later run.
 */

export interface Job<T> {
  id: string;
  name: string;
  data: T;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface EnqueueOptions {
  /** At most one job with this key waiting at a time (a second enqueue returns null). */
  singletonKey?: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** Attempts after the first on failure (default 3), with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A running job not finished by then is failed (and retried): its instance is presumed dead. */
  expireInSeconds?: number;
}

export interface RecurringJob {
  name: string;
  /** Once per this period across every instance sharing the database. */
  periodMs: number;
  /** Also run once at start (default: first run after one period). */
  runAtStart?: boolean;
  /** A run taking longer is presumed dead (PostgreSQL: failed, the next period runs again). */
  expireInSeconds?: number;
  run: () => Promise<void>;
}

/**
 * The longest period of a recurring job. On PostgreSQL a period is a pg-boss throttle slot, and
 * pg-boss refuses a slot longer than its archive interval (12 h): past it the slot's job row is
 * archived and the slot could be taken again. The environment's intervals stop here too.
 */
export const MAX_RECURRING_PERIOD_MS = 12 * 3_600_000;
/** pg-boss refuses a job whose expiry is 24 h or more. */
const MAX_EXPIRE_SECONDS = 24 * 3_600 - 1;
/** A run of a job that names no expiry is presumed dead after 5 periods, within 1 minute to 1 hour. */
const DEFAULT_EXPIRE_SECONDS = { min: 60, max: 3_600, periods: 5 };

/**
 * The slot and expiry a recurring job runs with, or the start's refusal: a job the queue cannot
 * run once per period must stop the start, never leave a log line while it silently never runs.
 */
export function recurringJobTiming(job: RecurringJob): { slotSeconds: number; expireInSeconds: number } {
  const slotSeconds = Math.max(1, Math.round(job.periodMs / 1000));
  const expireInSeconds =
    job.expireInSeconds ??
    Math.min(
      DEFAULT_EXPIRE_SECONDS.max,
      Math.max(DEFAULT_EXPIRE_SECONDS.min, slotSeconds * DEFAULT_EXPIRE_SECONDS.periods),
    );
  const problems: string[] = [];
  if (!Number.isFinite(job.periodMs) || job.periodMs <= 0 || job.periodMs > MAX_RECURRING_PERIOD_MS) {
    problems.push(
      `its period (${job.periodMs} ms) must be more than 0 and at most ${MAX_RECURRING_PERIOD_MS} ms (12 h)`,
    );
  }
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds > MAX_EXPIRE_SECONDS) {
    problems.push(
      `its expiry (${expireInSeconds} s) must be a whole number from 1 to ${MAX_EXPIRE_SECONDS} s (under 24 h)`,
    );
  }
  if (problems.length > 0) {
    throw new AppError(
      "CONFIGURATION_ERROR",
      `Recurring job ${job.name} cannot be scheduled: ${problems.join("; ")}. The start stops here.`,
    );
  }
  return { slotSeconds, expireInSeconds };
}

export interface JobQueue {
  readonly kind: "pg-boss" | "in-process";
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Registers the handler of `name`'s jobs on this instance. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Runs `job.run` once per period across all instances (and works it on this one). Rejects,
   * stopping the start, when the job cannot be scheduled (recurringJobTiming).
   */
  schedule(job: RecurringJob): Promise<void>;
  /** Jobs waiting (not yet started) in `name`'s queue, or in all queues. */
  depth(name?: string): Promise<number>;
  /** Stops taking jobs and the schedules; waits up to `timeoutMs` for running jobs. */
  stop(timeoutMs: number): Promise<void>;
}

/** Observers of job outcomes (metrics): set by lib/server/platform/jobs/background-work.ts. */
export interface JobObserver {
  failed(name: string, error: unknown): void;
  completed?(name: string, durationMs: number): void;
}
