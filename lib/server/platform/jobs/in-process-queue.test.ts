import { describe, expect, it } from "vitest";

import { InProcessQueue } from "./in-process-queue";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(10);
  }
}

/** The fallback on PGlite (one process): the same interface as pg-boss, in memory. */
describe("InProcessQueue", () => {
  it("works enqueued jobs with their data, at most `concurrency` at a time; depth counts the waiting", async () => {
    const failures: string[] = [];
    const done: string[] = [];
    const queue = new InProcessQueue({
      failed: (name) => failures.push(name),
      completed: (name) => done.push(name),
    });
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    for (let n = 0; n < 5; n++) await queue.enqueue("deliver", { n });
    expect(await queue.depth("deliver")).toBe(5); // no worker yet
    await queue.work<{ n: number }>(
      "deliver",
      async (job) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        seen.push(job.data.n);
        running -= 1;
      },
      { concurrency: 2 },
    );
    await until(() => seen.length === 5);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(await queue.depth()).toBe(0);
    expect(done).toHaveLength(5);
    expect(failures).toEqual([]);
    await queue.stop(1_000);
  });

  it("retries a failing job up to retryLimit, counting each failed try", async () => {
    const failures: string[] = [];
    const queue = new InProcessQueue({ failed: (name) => failures.push(name) });
    let tries = 0;
    await queue.work("flaky", async () => {
      tries += 1;
      if (tries < 3) throw new Error("not yet");
    });
    await queue.enqueue("flaky", {}, { retryLimit: 5, retryDelaySeconds: 0.01 });
    await until(() => tries === 3);
    await sleep(50);
    expect(tries).toBe(3);
    expect(failures).toEqual(["flaky", "flaky"]);

    let hopeless = 0;
    await queue.work("hopeless", async () => {
      hopeless += 1;
      throw new Error("never");
    });
    await queue.enqueue("hopeless", {}, { retryLimit: 1, retryDelaySeconds: 0.01 });
    await sleep(200);
    expect(hopeless).toBe(2);
    await queue.stop(1_000);
  });

  it("a singleton key admits one job while it waits or runs", async () => {
    const queue = new InProcessQueue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    await queue.work("one", async () => {
      runs += 1;
      await gate;
    });
    expect(await queue.enqueue("one", {}, { singletonKey: "k" })).not.toBeNull();
    expect(await queue.enqueue("one", {}, { singletonKey: "k" })).toBeNull();
    await until(() => runs === 1);
    expect(await queue.enqueue("one", {}, { singletonKey: "k" })).toBeNull(); // running still counts
    release();
    await sleep(20);
    expect(await queue.enqueue("one", {}, { singletonKey: "k" })).not.toBeNull();
    await until(() => runs === 2);
    await queue.stop(1_000);
  });

  it("a recurring job runs each period, never overlapping itself; stop waits for a run, then no more", async () => {
    const queue = new InProcessQueue();
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let finished = 0;
    await queue.schedule({
      name: "sweep",
      periodMs: 20,
      runAtStart: true,
      run: async () => {
        runs += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await sleep(50); // longer than the period
        running -= 1;
        finished += 1;
      },
    });
    await until(() => runs >= 3);
    expect(overlapped).toBe(false);
    await queue.stop(1_000);
    expect(running).toBe(0); // the run in progress was waited for
    const after = finished;
    await sleep(100);
    expect(finished).toBe(after);
    expect(await queue.enqueue("sweep", {})).toBeNull(); // stopped: nothing is taken
  });

  it("runAtStart false: the first run waits one period", async () => {
    const queue = new InProcessQueue();
    let runs = 0;
    await queue.schedule({ name: "later", periodMs: 150, run: async () => void (runs += 1) });
    await sleep(60);
    expect(runs).toBe(0);
    await until(() => runs === 1);
    await queue.stop(1_000);
  });
});
