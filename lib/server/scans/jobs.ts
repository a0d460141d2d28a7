import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** The scans' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function scanJobs(config: AppConfig): RecurringJob[] {
  const jobs: RecurringJob[] = [];
  if (config.scans.ledgerIntervalMs > 0) {
    jobs.push({
      // Gaps, expiring and used-up authorizations announced once each (scan-ledger.ts).
      name: "scans.ledger",
      periodMs: config.scans.ledgerIntervalMs,
      runAtStart: true,
      // Many companies × a million documents each: a run may take minutes, never half an hour.
      expireInSeconds: 30 * 60,
      run: async () => {
        const { scanLedger } = await import("./scan-ledger");
        await scanLedger();
      },
    });
  }
  if (config.scans.certificateIntervalMs > 0) {
    jobs.push({
      // Active certificates within 30, 7, 1 days of expiry, or expired.
      name: "scans.certificates",
      periodMs: config.scans.certificateIntervalMs,
      runAtStart: true,
      expireInSeconds: 30 * 60,
      run: async () => {
        const { scanCertificates } = await import("./scan-certificates");
        await scanCertificates();
      },
    });
  }
  return jobs;
}
