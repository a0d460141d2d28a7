import "server-only";

import { randomUUID } from "node:crypto";

import { logger } from "@/lib/server/platform/config/logger";

import {
  recurringJobTiming,
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobObserver,
  type JobQueue,
  type RecurringJob,
} from "./job-queue";

interface Pending {
  job: Job<object>;
  attempt: number;
  options: EnqueueOptions;
}

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
  running: number;
}

/**
 * The fallback on the embedded PGlite default (job-queue.ts says why it is enough): the same
 * interface in memory. Retries with exponential backoff, singleton keys while waiting or running,
 * recurring jobs that never overlap themselves, and a bounded wait for running jobs on stop.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;
  private readonly waiting = new Map<string, Pending[]>();
  private readonly workers = new Map<string, Worker>();
  private readonly keys = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly observer?: JobObserver) {}

  async enqueue<T extends object>(
    name: string,
    data: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (this.stopped) return null;
    const keyOf = options.singletonKey === undefined ? undefined : `${name}\u0000${options.singletonKey}`;
    if (keyOf !== undefined) {
      if (this.keys.has(keyOf)) return null;
      this.keys.add(keyOf);
    }
    const pending: Pending = { job: { id: randomUUID(), name, data }, attempt: 0, options };
    this.later(() => this.push(pending), options.delayMs ?? 0);
    return pending.job.id;
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    this.workers.set(name, {
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
    });
    this.drain(name);
  }

  async schedule(job: RecurringJob): Promise<void> {
    // The same refusal as on PostgreSQL: a job declared wrong stops the start on PGlite too.
    recurringJobTiming(job);
    await this.work(job.name, () => job.run());
    const tick = () => {
      // The singleton key keeps a slow run from overlapping the next one.
      void this.enqueue(job.name, {}, { singletonKey: "recurring", retryLimit: 0 });
    };
    const timer = setInterval(tick, Math.max(10, job.periodMs));
    timer.unref();
    this.timers.add(timer);
    if (job.runAtStart) tick();
  }

  async depth(name?: string): Promise<number> {
    if (name !== undefined) return this.waiting.get(name)?.length ?? 0;
    let total = 0;
    for (const list of this.waiting.values()) total += list.length;
    return total;
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  private later(work: () => void, delayMs: number): void {
    if (delayMs <= 0) {
      queueMicrotask(work);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private push(pending: Pending): void {
    if (this.stopped) return;
    const list = this.waiting.get(pending.job.name) ?? [];
    list.push(pending);
    this.waiting.set(pending.job.name, list);
    this.drain(pending.job.name);
  }

  private drain(name: string): void {
    const worker = this.workers.get(name);
    const list = this.waiting.get(name);
    while (!this.stopped && worker && list && list.length > 0 && worker.running < worker.concurrency) {
      const pending = list.shift()!;
      worker.running += 1;
      const run = this.run(worker, pending).finally(() => {
        worker.running -= 1;
        this.running.delete(run);
        this.drain(name);
      });
      this.running.add(run);
    }
  }

  private async run(worker: Worker, pending: Pending): Promise<void> {
    const { job, options } = pending;
    const keyOf = options.singletonKey === undefined ? undefined : `${job.name}\u0000${options.singletonKey}`;
    const started = performance.now();
    try {
      await worker.handler(job);
      this.observer?.completed?.(job.name, performance.now() - started);
      if (keyOf !== undefined) this.keys.delete(keyOf);
    } catch (error) {
      this.observer?.failed(job.name, error);
      const retryLimit = options.retryLimit ?? 3;
      if (pending.attempt < retryLimit && !this.stopped) {
        logger.warn(
          { job: job.name, jobId: job.id, attempt: pending.attempt + 1, err: error },
          "Job failed; retrying",
        );
        const delayMs = (options.retryDelaySeconds ?? 1) * 1000 * 2 ** pending.attempt;
        this.later(() => this.push({ ...pending, attempt: pending.attempt + 1 }), delayMs);
      } else {
        logger.error({ job: job.name, jobId: job.id, err: error }, "Job failed");
        if (keyOf !== undefined) this.keys.delete(keyOf);
      }
    }
  }
}
