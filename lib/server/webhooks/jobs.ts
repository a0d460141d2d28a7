import "server-only";

import { MAX_RECURRING_PERIOD_MS, type RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The outbox's upkeep (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function webhookJobs(): RecurringJob[] {
  return [
    {
      // Outbox events both consumers are done with and finished webhook deliveries, after
      // EVENT_RETENTION_DAYS (clean-up.ts). Never the activity log. Twice a day: the longest
      // period a recurring job may have (a second run finds little, harmlessly).
      name: "events.clean-up",
      periodMs: MAX_RECURRING_PERIOD_MS,
      // Also at start: an instance restarted more often than daily would otherwise never run it.
      runAtStart: true,
      expireInSeconds: 30 * 60,
      run: async () => {
        const { cleanUpEvents } = await import("./clean-up");
        await cleanUpEvents();
      },
    },
  ];
}
