/**
 * The load generator of a server-CPU measurement, in a process of its own: the server's process
 * then spends CPU only on serving (its `process.cpuUsage()` is the server's, as on a real machine
 * where the clients are elsewhere). Reads `{ concurrency, requests }` as JSON from the file named
 * by its one argument, sends each request over HTTP `concurrency` at a time, and prints one JSON
 * line: the seconds from the first request to the last answer, and each request's time, status and
 * parsed answer, in the order given.
 */
import { readFileSync } from "node:fs";
import type { LoadPlan, LoadResult } from "./load-generator";

async function main(): Promise<void> {
  const plan = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadPlan;
  const results: LoadResult[] = new Array(plan.requests.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      for (let index = next++; index < plan.requests.length; index = next++) {
        const request = plan.requests[index]!;
        const started = performance.now();
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        const text = await response.text();
        const ms = performance.now() - started;
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // A non-JSON answer keeps an empty body; its status says what happened.
        }
        results[index] = { ms, status: response.status, body };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${JSON.stringify({ seconds, results })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
