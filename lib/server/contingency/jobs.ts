import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The deadlines' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function contingencyJobs(config: AppConfig): RecurringJob[] {
  if (config.scans.deadlineIntervalMs <= 0) return [];
  return [
    {
      // e-CF not yet received by DGII near or past their deadline, announced once each (scan-deadlines.ts).
      name: "contingency.deadlines",
      periodMs: config.scans.deadlineIntervalMs,
      runAtStart: true,
      expireInSeconds: 10 * 60,
      run: async () => {
        const { scanDeadlines } = await import("./scan-deadlines");
        await scanDeadlines();
      },
    },
  ];
}
