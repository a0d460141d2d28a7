import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The documents' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function documentJobs(config: AppConfig): RecurringJob[] {
  if (config.documentRefresh.intervalMs <= 0) return [];
  return [
    {
      // Pending documents asked about at DGII's status service (refresh-documents.ts).
      name: "documents.refresh-pending",
      periodMs: config.documentRefresh.intervalMs,
      run: async () => {
        const { refreshPendingDocuments } = await import("./refresh-documents");
        await refreshPendingDocuments({ limit: 100 });
      },
    },
  ];
}
