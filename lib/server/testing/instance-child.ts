/**
 * One app instance for the multi-instance test (lib/server/platform/jobs/multi-instance.test.ts): the
 * server's own start (migrations, send leases, the job queue and its recurring jobs, graceful
 * shutdown) on the DATABASE_URL it is given, and the void endpoints served over HTTP on loopback
 * by the same route handlers Next calls. Prints `READY <url>` once it answers.
 * Run with `node --conditions=react-server --import tsx`.
 */
import * as voidRoute from "@/app/[environment]/customer/void-ncf/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import { startRuntime } from "@/lib/server/runtime/start-runtime";
import { startRouteServer } from "@/lib/server/testing/route-server";

async function main(): Promise<void> {
  await startRuntime();
  const server = await startRouteServer([
    { pattern: "/[environment]/customer/void-ncf", module: voidRoute },
    { pattern: "/[environment]/documentos-ecf", module: documentRoute },
  ]);
  process.stdout.write(`READY ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
