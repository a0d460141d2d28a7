import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadPlan {
  concurrency: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  ms: number;
  status: number;
  body: Record<string, unknown>;
}

/**
 * Sends `requests` from a load generator in another process (load-process.ts), `concurrency` at a
 * time, and answers each one's result, the requests per second (the generator's own clock, from its
 * first request to its last answer) and the CPU this process spent meanwhile: with the clients
 * elsewhere, that is the server's CPU alone (its event loop, its worker threads, an embedded
 * database), which an in-process generator would inflate by its own encoding and parsing.
 */
export async function sendFromAnotherProcess(
  plan: LoadPlan,
): Promise<{ results: LoadResult[]; serverCpuMs: number; perSecond: number }> {
  const folder = mkdtempSync(join(tmpdir(), "anula-bench-load-"));
  const planFile = join(folder, "plan.json");
  writeFileSync(planFile, JSON.stringify(plan));
  try {
    const cpuBefore = process.cpuUsage();
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/bench/load-process.ts", planFile],
        { maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
    const cpu = process.cpuUsage(cpuBefore);
    const { seconds, results } = JSON.parse(output) as { seconds: number; results: LoadResult[] };
    return { results, serverCpuMs: (cpu.user + cpu.system) / 1000, perSecond: results.length / seconds };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
