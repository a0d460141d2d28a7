import "server-only";

/**
 * Time spent per named step of a request, kept only while a benchmark collects it (`npm run bench
 * voids` prints the median of each): when a void gets slower, the step that did is named. Off, a
 * step costs one property read. On globalThis, like the database handle: the built app bundles
 * this module more than once.
 */
const holder = globalThis as typeof globalThis & { __anulaStepTimings?: Map<string, number[]> };

/** Starts (or restarts) collecting; `takeStepTimings` answers what was collected and stops. */
export function collectStepTimings(): void {
  holder.__anulaStepTimings = new Map();
}

export function takeStepTimings(): Map<string, number[]> {
  const taken = holder.__anulaStepTimings ?? new Map<string, number[]>();
  holder.__anulaStepTimings = undefined;
  return taken;
}

/** Runs `work`, adding its wall time (ms) to `step` while timings are collected. */
export async function timedStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  const timings = holder.__anulaStepTimings;
  if (!timings) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const list = timings.get(step) ?? [];
    list.push(performance.now() - started);
    timings.set(step, list);
  }
}
