import "server-only";

import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The year-end close's worker (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function yearEndCloseJobs(): RecurringJob[] {
  return [
    {
      // Campaigns that are sending: one company at a time, each void through the normal path. A
      // campaign another instance holds (its lease) is left to it; a dead one's lease runs out.
      name: "year-end-close.advance",
      periodMs: 5_000,
      runAtStart: true,
      expireInSeconds: 3_600,
      run: async () => {
        const { advanceYearEndCloses } = await import("./send-close");
        await advanceYearEndCloses();
      },
    },
  ];
}
