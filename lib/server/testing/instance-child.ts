/**
 * One app instance for the multi-instance test (lib/server/platform/jobs/multi-instance.test.ts): the
 * server's own start (migrations, send leases, the job queue and its recurring jobs, graceful
 * shutdown) on the DATABASE_URL it is given, and the void endpoints served over HTTP on loopback
 * by the same route handlers Next calls, and a test hook that runs this instance's follow-up of
 * issued e-CF (POST /__instance/issued-follow-up). Prints `READY <url>` once it answers.
 * Run with `node --conditions=react-server --import tsx`.
 */
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import { followUpDueIssued } from "@/lib/server/issuing";
import { startRuntime } from "@/lib/server/runtime/start-runtime";
import { startRouteServer } from "@/lib/server/testing/route-server";

async function main(): Promise<void> {
  await startRuntime();
  const server = await startRouteServer([
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
    { pattern: "/[environment]/documentos-ecf", module: documentRoute },
    { pattern: "/__instance/issued-follow-up", module: { POST: issuedFollowUp } },
  ]);
  process.stdout.write(`READY ${server.url}\n`);
}

/**
 * The test drives this instance's follow-up of issued e-CF as it drives its own process's: POST
 * `{ now, concurrency }` runs followUpDueIssued with the clock held at `now` (so both instances act
 * on the same due documents, and a round's own rescheduling is not due again), answers `{ rounds }`.
 */
async function issuedFollowUp(request: Request): Promise<Response> {
  const { now, concurrency } = (await request.json()) as { now: number; concurrency: number };
  const rounds = await followUpDueIssued({ now: () => now, concurrency });
  return Response.json({ rounds });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
