import { afterEach, describe, expect, it } from "vitest";

import { loadConfig, setEnvForTests } from "@/lib/server/platform/config/load-config";
import { metrics } from "@/lib/server/platform/metrics/registry";

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

describe("a recurring job the queue cannot run once per period", () => {
  const noop = async () => undefined;
  it.each([
    [
      { name: "test.daily", periodMs: 24 * 3_600_000, run: noop },
      /test\.daily cannot be scheduled: its period \(86400000 ms\)/,
    ],
    [
      { name: "test.slow", periodMs: 60_000, expireInSeconds: 30 * 3_600, run: noop },
      /test\.slow cannot be scheduled: its expiry \(108000 s\)/,
    ],
    [{ name: "test.never", periodMs: 0, run: noop }, /test\.never cannot be scheduled/],
  ])("stops the start with a message naming it (%#)", async (job, message) => {
    let runs = 0;
    const fine = { name: "test.fine", periodMs: 20, runAtStart: true, run: async () => void (runs += 1) };
    await expect(
      startBackgroundWork({ target: { kind: "pglite" }, jobs: [fine, job] }),
    ).rejects.toMatchObject({
      code: "CONFIGURATION_ERROR",
      message: expect.stringMatching(message),
    });
    expect(backgroundQueue()).toBeUndefined();
    // The jobs scheduled before it were stopped with the failed start.
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
  });

  it("the environment refuses a scan interval over 12 h, the longest period (at load, naming the variable)", () => {
    setEnvForTests({ CERTIFICATE_SCAN_INTERVAL_MS: String(30 * 3_600_000) });
    try {
      expect(() => loadConfig()).toThrow(
        /CERTIFICATE_SCAN_INTERVAL_MS must be a whole number from 0 to 43200000/,
      );
    } finally {
      setEnvForTests({ CERTIFICATE_SCAN_INTERVAL_MS: undefined });
    }
  });
});
