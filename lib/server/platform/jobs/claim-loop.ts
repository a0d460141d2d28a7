import "server-only";

/**
 * What a claim loop works on: rows that any instance may take (webhook deliveries, issued e-CF to
 * follow up), each claimed by one instance at a time with a lease, so every instance runs its own loop.
 */
export interface ClaimLoopWork<T> {
  /** Work of each round before claiming (the webhooks' fan-out); true when more of it is waiting. */
  beforeClaim?(): Promise<boolean>;
  /** One cheap look: is anything due? (An idle poll costs this, never a claim.) */
  hasDue(): Promise<boolean>;
  /** Claims up to `limit` due items; `full` when the claim was cut at the limit (more may be due). */
  claim(limit: number): Promise<{ items: T[]; full: boolean }>;
  /** Works on one claimed item. A throw is reported; the item's lease runs out and it is taken again. */
  run(item: T): Promise<void>;
  /** On stop, once no run is in flight: what must still be finished (grouped writes). */
  drain?(): Promise<void>;
  /** A round or a run failed: how to report it. */
  onError(error: unknown, during: "round" | "run"): void;
}

/**
 * The per-instance loop over claimed work. Runs go on in the background, at most `concurrency` at
 * once, so a slow one holds one slot and never the round; a round claims as many as slots are free.
 * While work is waiting (a full claim) the next round comes as soon as half the slots are free (not
 * at every free slot: a round of one costs as much as a round of many), otherwise every `pollMs`.
 */
export class ClaimLoop<T> {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;
  private busy = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly work: ClaimLoopWork<T>,
    private readonly options: { pollMs: number; concurrency: number },
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Runs in flight now. */
  get running(): number {
    return this.inFlight.size;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    const { concurrency, pollMs } = this.options;
    this.busy = false;
    try {
      if (this.work.beforeClaim) this.busy = await this.work.beforeClaim();
      const free = concurrency - this.inFlight.size;
      if (free > 0 && (await this.work.hasDue())) {
        const claimed = await this.work.claim(free);
        this.busy ||= claimed.full;
        for (const item of claimed.items) this.launch(item);
      }
    } catch (error) {
      this.work.onError(error, "round");
    } finally {
      this.ticking = false;
      this.schedule(this.busy && this.inFlight.size < concurrency ? 0 : pollMs);
    }
  }

  private launch(item: T): void {
    const running: Promise<void> = this.work
      .run(item)
      .catch((error: unknown) => this.work.onError(error, "run"))
      .finally(() => {
        this.inFlight.delete(running);
        if (this.busy && this.inFlight.size <= this.options.concurrency / 2) this.schedule(0);
      });
    this.inFlight.add(running);
  }

  /** No new rounds; runs in flight (and the drain) get up to `timeoutMs` to finish. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const drained = (async () => {
      do {
        await Promise.allSettled([...this.inFlight]);
        await this.work.drain?.();
      } while (this.inFlight.size > 0);
    })();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
}
