import "server-only";

import type { AppConfig } from "@/lib/server/platform/config/load-config";
import type { RecurringJob } from "@/lib/server/platform/jobs/job-queue";

/** Notifications: events → the bell; the e-mail jobs (only with SMTP_URL). */
const NOTIFICATIONS_CONSUME_MS = 2_000;
const NOTIFICATIONS_EMAIL_MS = 10_000;
const NOTIFICATIONS_DIGEST_CHECK_MS = 15 * 60_000;

/** The notifications' periodic work (registered at start by lib/server/runtime/recurring-jobs.ts). */
export function notificationJobs(config: AppConfig): RecurringJob[] {
  const jobs: RecurringJob[] = [
    {
      // New outbox events → the bell, by their own mark (notifiedAt); the e-mails below send what it wrote.
      name: "notifications.consume-events",
      periodMs: NOTIFICATIONS_CONSUME_MS,
      runAtStart: true,
      run: async () => {
        const { consumeEventsForNotifications } = await import("./consume-events");
        await consumeEventsForNotifications();
      },
    },
  ];
  if (!config.smtp) return jobs;
  jobs.push(
    {
      // Notifications e-mailed at once to people who chose "immediate" (send-emails.ts).
      name: "notifications.email-immediate",
      periodMs: NOTIFICATIONS_EMAIL_MS,
      runAtStart: true,
      run: async () => {
        const { sendImmediateEmails } = await import("./send-emails");
        await sendImmediateEmails();
      },
    },
    {
      // The daily digest of people who chose "daily": checked often, sent once a day (send-emails.ts).
      name: "notifications.email-digest",
      periodMs: NOTIFICATIONS_DIGEST_CHECK_MS,
      runAtStart: true,
      run: async () => {
        const { sendDailyDigests } = await import("./send-emails");
        await sendDailyDigests();
      },
    },
  );
  return jobs;
}
