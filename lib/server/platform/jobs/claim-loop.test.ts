import { describe, expect, it } from "vitest";

import { ClaimLoop } from "./claim-loop";

/** A queue of numbered items; `run` holds each until released, to watch the slots. */
function harness(total: number, concurrency: number) {
  const due = Array.from({ length: total }, (_, index) => index);
  const done: number[] = [];
  const errors: string[] = [];
  let running = 0;
  let most = 0;
  const loop = new ClaimLoop<number>(
    {
      hasDue: async () => due.length > 0,
      claim: async (limit) => {
        const items = due.splice(0, limit);
        return { items, full: items.length === limit && due.length > 0 };
      },
      run: async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (item === 3) throw new Error("item 3 failed");
        done.push(item);
      },
      onError: (error, during) => errors.push(`${during}: ${(error as Error).message}`),
    },
    { pollMs: 10_000, concurrency },
  );
  return { loop, due, done, errors, most: () => most };
}

describe("ClaimLoop", () => {
  it("works through everything due at most `concurrency` at a time, without waiting for the poll", async () => {
    const { loop, done, errors, most } = harness(40, 4);
    loop.start();
    for (let waited = 0; done.length + errors.length < 40 && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await loop.stop(1_000);
    expect(done.length).toBe(39);
    expect(errors).toEqual(["run: item 3 failed"]);
    expect(most()).toBeLessThanOrEqual(4);
    expect(most()).toBeGreaterThan(1);
  });

  it("stop lets the runs in flight finish and starts no round after", async () => {
    const { loop, due, done } = harness(10, 2);
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 1));
    await loop.stop(1_000);
    const finished = done.length;
    expect(finished).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done.length).toBe(finished);
    expect(due.length + finished).toBeLessThanOrEqual(10);
  });
});
