/** Tiny benchmark helpers: JSON lines `{"name","value","unit"}` on stdout, one per measurement. */
export interface BenchLine {
  name: string;
  value: number;
  unit: "ms" | "count" | "ratio";
  [extra: string]: unknown;
}

export function report(line: BenchLine): void {
  process.stdout.write(`${JSON.stringify({ ...line, value: Math.round(line.value * 1000) / 1000 })}\n`);
}

/** Median wall time (ms) of `runs` calls after `warmup` unmeasured ones. */
export async function medianMs(fn: () => unknown, runs: number, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
