import "server-only";

import { loadConfig } from "@/lib/server/config/load-config";

import { MAX_RECURRING_PERIOD_MS, type RecurringJob } from "./job-queue";

/** How often void requests are swept (expiry is also applied whenever a company's requests are read). */
const VOID_REQUEST_SWEEP_MS = 5 * 60_000;
/** Notifications: events → the bell; the e-mail jobs (only with SMTP_URL). */
const NOTIFICATIONS_CONSUME_MS = 2_000;
const NOTIFICATIONS_EMAIL_MS = 10_000;
const NOTIFICATIONS_DIGEST_CHECK_MS = 15 * 60_000;

/**
 * The periodic work of the app, each run once per period across every instance (job-queue.ts).
 * A module that needs one more adds it here. Handlers are imported lazily: this list is read at
 * start, before the modules they need are worth loading.
 */
export function recurringJobs(): RecurringJob[] {
  const config = loadConfig();
  const jobs: RecurringJob[] = [
    {
      // Error records whose send lease ran out (their instance died) → INTERRUPTED, with the
      // void.interrupted event. Each instance still renews its own leases (send-leases.ts).
      name: "voids.sweep-expired-leases",
      periodMs: Math.max(1_000, Math.floor(config.voidSendLeaseMs / 3)),
      // Records a previous run of this instance left are swept as soon as their lease is over.
      runAtStart: true,
      run: async () => {
        const { sweepExpiredLeases } = await import("@/lib/server/voids/send-leases");
        await sweepExpiredLeases();
      },
    },
    {
      // Void requests of the approval policy: Pendiente past their 7 days → Vencida (logged
      // void.expired); an approval interrupted before its void existed → Pendiente again
      // (lib/server/approvals/expire-void-requests.ts). Reads of one company's requests expire its own.
      name: "approvals.sweep-void-requests",
      periodMs: VOID_REQUEST_SWEEP_MS,
      runAtStart: true,
      run: async () => {
        const { sweepVoidRequests } = await import("@/lib/server/approvals/expire-void-requests");
        const { getDb } = await import("@/lib/server/db");
        await sweepVoidRequests(await getDb());
      },
    },
    {
      // Notifications for people (lib/server/notifications): new outbox events → the bell, by their
      // own mark (notifiedAt); the e-mails below send what it wrote.
      name: "notifications.consume-events",
      periodMs: NOTIFICATIONS_CONSUME_MS,
      runAtStart: true,
      run: async () => {
        const { consumeEventsForNotifications } = await import("@/lib/server/notifications/consume-events");
        await consumeEventsForNotifications();
      },
    },
  ];
  if (config.smtp) {
    jobs.push(
      {
        // Notifications e-mailed at once to people who chose "immediate" (send-emails.ts).
        name: "notifications.email-immediate",
        periodMs: NOTIFICATIONS_EMAIL_MS,
        runAtStart: true,
        run: async () => {
          const { sendImmediateEmails } = await import("@/lib/server/notifications/send-emails");
          await sendImmediateEmails();
        },
      },
      {
        // The daily digest of people who chose "daily": checked often, sent once a day (send-emails.ts).
        name: "notifications.email-digest",
        periodMs: NOTIFICATIONS_DIGEST_CHECK_MS,
        runAtStart: true,
        run: async () => {
          const { sendDailyDigests } = await import("@/lib/server/notifications/send-emails");
          await sendDailyDigests();
        },
      },
    );
  }
  if (config.documentRefresh.intervalMs > 0) {
    jobs.push({
      // Pending documents asked about at DGII's status service (refresh-documents.ts).
      name: "documents.refresh-pending",
      periodMs: config.documentRefresh.intervalMs,
      run: async () => {
        const { refreshPendingDocuments } = await import("@/lib/server/documents");
        await refreshPendingDocuments({ limit: 100 });
      },
    });
  }
  if (config.scans.ledgerIntervalMs > 0) {
    jobs.push({
      // Gaps, expiring and used-up authorizations announced once each (lib/server/scans).
      name: "scans.ledger",
      periodMs: config.scans.ledgerIntervalMs,
      runAtStart: true,
      // Many companies × a million documents each: a run may take minutes, never half an hour.
      expireInSeconds: 30 * 60,
      run: async () => {
        const { scanLedger } = await import("@/lib/server/scans");
        await scanLedger();
      },
    });
  }
  if (config.scans.certificateIntervalMs > 0) {
    jobs.push({
      // Active certificates within 30, 7, 1 days of expiry, or expired (lib/server/scans).
      name: "scans.certificates",
      periodMs: config.scans.certificateIntervalMs,
      runAtStart: true,
      expireInSeconds: 30 * 60,
      run: async () => {
        const { scanCertificates } = await import("@/lib/server/scans");
        await scanCertificates();
      },
    });
  }
  jobs.push({
    // Outbox events both consumers are done with and finished webhook deliveries, after
    // EVENT_RETENTION_DAYS (lib/server/webhooks/clean-up.ts). Never the activity log. Twice a
    // day: the longest period a recurring job may have (a second run finds little, harmlessly).
    name: "events.clean-up",
    periodMs: MAX_RECURRING_PERIOD_MS,
    // Also at start: an instance restarted more often than daily would otherwise never run it.
    runAtStart: true,
    expireInSeconds: 30 * 60,
    run: async () => {
      const { cleanUpEvents } = await import("@/lib/server/webhooks/clean-up");
      await cleanUpEvents();
    },
  });
  return jobs;
}
