import "server-only";

import { approvalJobs } from "@/lib/server/approvals";
import { contingencyJobs } from "@/lib/server/contingency";
import { documentJobs } from "@/lib/server/documents";
import { notificationJobs } from "@/lib/server/notifications";
import { loadConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";
import { scanJobs } from "@/lib/server/scans";
import { voidJobs } from "@/lib/server/voids";
import { webhookJobs } from "@/lib/server/webhooks";
import { yearEndCloseJobs } from "@/lib/server/year-end-close";

/**
 * The periodic work of the app, each run once per period across every instance (job-queue.ts):
 * each feature declares its own jobs (its jobs.ts); this list gathers them for the queue. Handlers
 * are imported lazily: this list is read at start, before the modules they need are worth loading.
 */
export function recurringJobs(): RecurringJob[] {
  const config = loadConfig();
  return [
    ...voidJobs(config),
    ...approvalJobs(),
    ...notificationJobs(config),
    ...documentJobs(config),
    ...scanJobs(config),
    ...contingencyJobs(config),
    ...webhookJobs(),
    ...yearEndCloseJobs(),
  ];
}
