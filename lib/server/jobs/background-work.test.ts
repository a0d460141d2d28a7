import { afterEach, describe, expect, it } from "vitest";

import { metrics } from "@/lib/server/metrics/registry";

import { backgroundQueue, startBackgroundWork, stopBackgroundWork } from "./background-work";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function counted(metric: "jobsCompleted" | "jobFailures", queue: string): Promise<number> {
  const { values } = await metrics()[metric].get();
  return values.find((value) => value.labels.queue === queue)?.value ?? 0;
}

afterEach(async () => stopBackgroundWork(1_000));

/** The process's background work on the embedded default (PGlite: the in-process queue). */
describe("startBackgroundWork on PGlite", () => {
  it("runs the recurring jobs on the in-process queue, counts them for /metrics, and stops with the shutdown", async () => {
    let runs = 0;
    let failures = 0;
    const queue = await startBackgroundWork({
      target: { kind: "pglite" },
      jobs: [
        { name: "test.tick", periodMs: 30, runAtStart: true, run: async () => void (runs += 1) },
        {
          name: "test.broken",
          periodMs: 30,
          runAtStart: true,
          run: async () => {
            failures += 1;
            throw new Error("broken job");
          },
        },
      ],
    });
    expect(queue.kind).toBe("in-process");
    expect(await startBackgroundWork()).toBe(queue); // once per process
    expect(await backgroundQueue()).toBe(queue);
    await sleep(200);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(await counted("jobsCompleted", "test.tick")).toBeGreaterThanOrEqual(2);
    expect(await counted("jobFailures", "test.broken")).toBe(failures);
    expect(failures).toBeGreaterThanOrEqual(1);

    await stopBackgroundWork(1_000);
    expect(backgroundQueue()).toBeUndefined();
    const after = runs;
    await sleep(150);
    expect(runs).toBe(after); // the shutdown stopped the workers
  });
});
