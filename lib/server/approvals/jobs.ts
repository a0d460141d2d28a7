import "server-only";

import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** How often void requests are swept (expiry is also applied whenever a company's requests are read). */
const VOID_REQUEST_SWEEP_MS = 5 * 60_000;

/** The approvals' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function approvalJobs(): RecurringJob[] {
  return [
    {
      // Void requests of the approval policy: Pendiente past their 7 days → Vencida (logged
      // void.expired); an approval interrupted before its void existed → Pendiente again
      // (expire-void-requests.ts). Reads of one company's requests expire its own.
      name: "approvals.sweep-void-requests",
      periodMs: VOID_REQUEST_SWEEP_MS,
      runAtStart: true,
      run: async () => {
        const { sweepVoidRequests } = await import("./expire-void-requests");
        const { getDb } = await import("@/lib/server/platform/db");
        await sweepVoidRequests(await getDb());
      },
    },
  ];
}
