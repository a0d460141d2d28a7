import "server-only";

import PgBoss from "pg-boss";

import { logger } from "@/lib/server/platform/config/logger";

import {
  MAX_RECURRING_PERIOD_MS,
  recurringJobTiming,
  type EnqueueOptions,
  type JobHandler,
  type JobObserver,
  type JobQueue,
  type RecurringJob,
} from "./job-queue";

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema (never the app's: its tables stay out of the Prisma migrations). */
  schema: string;
  /** How often an idle worker asks for jobs (pg-boss polls; default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed and retried (default 30 s). */
  maintenanceIntervalSeconds?: number;
  /** Connections of pg-boss's own pool (default 4). */
  poolSize?: number;
  observer?: JobObserver;
}

/**
 * pg-boss's create_queue makes and attaches a partition: two instances starting at once can
 * deadlock on it (seen in pg-boss-queue.test.ts). PostgreSQL rolls one back; that one tries again
 * and finds the queue made (ON CONFLICT DO NOTHING).
 */
async function createQueueRetrying(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== "40P01" && code !== "23505" && code !== "42P07")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/**
 * The job queue on PostgreSQL (job-queue.ts). Recurring jobs: every instance offers the period's
 * job on a timer with pg-boss's throttle (singletonSeconds = the period); its unique index on
 * (name, time slot) keeps one row per slot, so the job runs once per period however many
 * instances offer it, and a slot's job is worked by whichever instance fetches it first.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pollingIntervalSeconds: number;
  private stopping = false;

  private constructor(
    boss: PgBoss,
    pollingIntervalSeconds: number,
    private readonly observer?: JobObserver,
  ) {
    this.boss = boss;
    this.pollingIntervalSeconds = pollingIntervalSeconds;
  }

  /** Connects, creating or migrating pg-boss's schema (under its own advisory lock). */
  static async start(options: PgBossQueueOptions): Promise<PgBossQueue> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      max: options.poolSize ?? 4,
      application_name: "anula-jobs",
      // Cron is not used (recurring jobs are throttled sends, below): no clock monitor.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // pg-boss's default, stated: a recurring job's slot may not be longer (job-queue.ts).
      archiveCompletedAfterSeconds: MAX_RECURRING_PERIOD_MS / 1000,
    });
    boss.on("error", (error) => logger.error({ err: error }, "Job queue error"));
    await boss.start();
    return new PgBossQueue(boss, options.pollingIntervalSeconds ?? 2, options.observer);
  }

  private ensureQueue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = createQueueRetrying(this.boss, name).catch((error: unknown) => {
        this.queues.delete(name);
        throw error;
      });
      this.queues.set(name, created);
    }
    return created;
  }

  async enqueue<T extends object>(
    name: string,
    data: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.ensureQueue(name);
    return this.boss.send(name, data, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.delayMs ? { startAfter: Math.ceil(options.delayMs / 1000) } : {}),
      retryLimit: options.retryLimit ?? 3,
      retryDelay: options.retryDelaySeconds ?? 1,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
    });
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    await this.ensureQueue(name);
    const workers = Math.max(1, options.concurrency ?? 1);
    for (let index = 0; index < workers; index++) {
      await this.boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const started = performance.now();
          try {
            await handler({ id: job.id, name, data: job.data });
            this.observer?.completed?.(name, performance.now() - started);
            logger.debug({ job: name, jobId: job.id }, "Job done");
          } catch (error) {
            this.observer?.failed(name, error);
            logger.error({ job: name, jobId: job.id, err: error }, "Job failed");
            throw error; // pg-boss records the failure and retries as the job says
          }
        },
      );
    }
  }

  async schedule(job: RecurringJob): Promise<void> {
    const { slotSeconds, expireInSeconds } = recurringJobTiming(job);
    await this.work(job.name, () => job.run());
    const offer = (startAfterSeconds?: number) =>
      this.boss.send(
        job.name,
        {},
        {
          singletonKey: "recurring",
          singletonSeconds: slotSeconds,
          retryLimit: 0,
          expireInSeconds,
          ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        },
      );
    // The first offer is awaited: a job pg-boss refuses stops the start here. Without runAtStart
    // it holds this slot and runs one period from now.
    await offer(job.runAtStart ? undefined : slotSeconds);
    const tick = () => {
      if (this.stopping) return;
      offer().catch((error: unknown) =>
        logger.error({ job: job.name, err: error }, "Recurring job not offered"),
      );
    };
    // Offered twice per slot: a late timer never leaves a slot empty; the slot's index keeps one.
    const timer = setInterval(tick, Math.max(250, Math.floor((slotSeconds * 1000) / 2)));
    timer.unref();
    this.timers.add(timer);
  }

  async depth(name?: string): Promise<number> {
    const names = name !== undefined ? [name] : [...this.queues.keys()];
    let total = 0;
    for (const queue of names) {
      await this.ensureQueue(queue);
      total += await this.boss.getQueueSize(queue);
    }
    return total;
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    // Graceful: no new fetches, running jobs get up to timeoutMs; a job still running then is
    // failed by pg-boss (failWip) and retried by another instance.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: Math.max(1000, timeoutMs) });
  }
}
