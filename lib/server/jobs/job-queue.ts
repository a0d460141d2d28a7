import "server-only";

/**
 * The job queue's interface (issue 21, background work). Two implementations:
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

export interface JobQueue {
  readonly kind: "pg-boss" | "in-process";
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Registers the handler of `name`'s jobs on this instance. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Runs `job.run` once per period across all instances (and works it on this one). */
  schedule(job: RecurringJob): Promise<void>;
  /** Jobs waiting (not yet started) in `name`'s queue, or in all queues. */
  depth(name?: string): Promise<number>;
  /** Stops taking jobs and the schedules; waits up to `timeoutMs` for running jobs. */
  stop(timeoutMs: number): Promise<void>;
}

/** Observers of job outcomes (metrics): set by lib/server/jobs/background-work.ts. */
export interface JobObserver {
  failed(name: string, error: unknown): void;
  completed?(name: string, durationMs: number): void;
}
