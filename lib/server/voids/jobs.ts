import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The voids' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function voidJobs(config: AppConfig): RecurringJob[] {
  return [
    {
      // Error records whose send lease ran out (their instance died) → INTERRUPTED, with the
      // void.interrupted event. Each instance still renews its own leases (send-leases.ts).
      name: "voids.sweep-expired-leases",
      periodMs: Math.max(1_000, Math.floor(config.voidSendLeaseMs / 3)),
      // Records a previous run of this instance left are swept as soon as their lease is over.
      runAtStart: true,
      run: async () => {
        const { sweepExpiredLeases } = await import("./send-leases");
        await sweepExpiredLeases();
      },
    },
  ];
}
