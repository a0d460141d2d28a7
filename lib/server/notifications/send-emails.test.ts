import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "@/lib/server/testing/smtp-test-server";

import { consumeEventsForNotifications } from "./consume-events";
import { resetMailerForTests } from "./mailer";
import { digestCutoff, sendDailyDigests, sendImmediateEmails } from "./send-emails";
import {
  createNotificationCompany,
  webhookDisabledPayload,
  writeTestEvent,
  type NotificationCompany,
} from "./test-support";

/**
 * The notifications' e-mail against a real SMTP server on loopback (smtp-server): "immediate" gets
 * one message per notification with the right recipient, subject and body; "off" nothing; "daily"
 * one digest grouping everything; a refusing server leaves emailedAt null, so the next run sends.
 */
let database: TestDatabase;
let smtp: TestSmtpServer;
let company: NotificationCompany;
let second: NotificationCompany;

const HOUR = 3_600_000;
// 10:00 in Santo Domingo (14:00 UTC): after the day's digest time (07:00).
const MORNING = Date.UTC(2026, 10, 25, 14, 0, 0);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  company = await createNotificationCompany({ daily: ["administrator"], off: ["administrator"] });
  second = await createNotificationCompany({});
  // The owner of `second` is also a "daily" administrator's colleague: make "daily" a member there too.
  await database.prisma.companyMember.create({
    data: {
      accountId: second.accountId,
      userId: company.users.daily!,
      roles: ["administrator"],
      createdAt: 0n,
      updatedAt: 0n,
    },
  });
  await database.prisma.user.update({
    where: { id: company.users.daily! },
    data: { notificationEmail: "daily" },
  });
  await database.prisma.user.update({
    where: { id: company.users.off! },
    data: { notificationEmail: "off" },
  });
}, 60_000);
beforeEach(() => {
  setEnvForTests({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Anula <anula@test.local>",
    NEXTAUTH_URL: "https://anula.test",
  });
  resetMailerForTests();
  smtp.fail = false;
  smtp.received.length = 0;
});
afterEach(async () => {
  await database.prisma.notification.deleteMany();
  await database.prisma.outboxEvent.deleteMany();
});
afterAll(async () => {
  setEnvForTests({ SMTP_URL: undefined, MAIL_FROM: undefined, NEXTAUTH_URL: undefined });
  resetMailerForTests();
  await smtp?.close();
  await database?.dispose();
});

async function ownerEmail(target: NotificationCompany): Promise<string> {
  return (await database.prisma.user.findUniqueOrThrow({ where: { id: target.owner } })).email;
}

async function announce(target: NotificationCompany, now: number): Promise<string> {
  const id = await writeTestEvent(target, "webhook.disabled", webhookDisabledPayload(target), { now });
  await consumeEventsForNotifications({ now });
  return id;
}

describe("immediate e-mail", () => {
  it("one message per notification to each 'immediate' person; 'daily' and 'off' get none now", async () => {
    const eventId = await announce(company, Date.now());
    const result = await sendImmediateEmails();
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([await ownerEmail(company)]);
    expect(mail!.from).toBe("anula@test.local");
    expect(mail!.subject).toBe(`Anula: Webhook desactivado — ${company.name}`);
    expect(mail!.text).toContain("https://erp.example.do/hooks falló durante 3 días y se desactivó.");
    expect(mail!.text).toContain(`Empresa: ${company.name} (RNC ${company.rnc})`);
    expect(mail!.text).toContain("Ambiente: TesteCF (pruebas)");
    expect(mail!.text).toContain("Ábralo en el portal: https://anula.test/settings/webhooks/endpoint-1");
    // The receiver's token in the URL's query is never e-mailed.
    expect(mail!.text).not.toContain("secret-token");
    const rows = await database.prisma.notification.findMany({ where: { eventId } });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.emailedAt === null, row.userId).toBe(row.userId !== company.owner);
    }
    // Sent once: a second run sends nothing.
    expect(await sendImmediateEmails()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a refusing server leaves emailedAt null; the next run sends it", async () => {
    const eventId = await announce(company, Date.now());
    smtp.fail = true;
    expect(await sendImmediateEmails()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const owner = { eventId, userId: company.owner };
    expect((await database.prisma.notification.findFirstOrThrow({ where: owner })).emailedAt).toBeNull();
    smtp.fail = false;
    expect(await sendImmediateEmails()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await database.prisma.notification.findFirstOrThrow({ where: owner })).emailedAt).not.toBeNull();
  });

  it("an unreachable server fails the run before anything is claimed", async () => {
    await announce(company, Date.now());
    setEnvForTests({ SMTP_URL: "smtp://127.0.0.1:1" });
    resetMailerForTests();
    await expect(sendImmediateEmails()).rejects.toThrow();
    expect(await database.prisma.notification.count({ where: { emailedAt: { not: null } } })).toBe(0);
  });

  it("two runs at once send each notification once", async () => {
    for (let index = 0; index < 6; index += 1) await announce(company, Date.now());
    const runs = await Promise.all([sendImmediateEmails({ limit: 4 }), sendImmediateEmails({ limit: 4 })]);
    const more = await sendImmediateEmails();
    expect(runs[0]!.sent + runs[1]!.sent + more.sent).toBe(6);
    expect(smtp.received).toHaveLength(6);
  });

  it("without SMTP_URL nothing is sent and nothing fails", async () => {
    await announce(company, Date.now());
    setEnvForTests({ SMTP_URL: undefined, MAIL_FROM: undefined });
    resetMailerForTests();
    expect(await sendImmediateEmails()).toEqual({ sent: 0, failed: 0 });
    expect(await sendDailyDigests()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("notifications older than a day are not e-mailed one by one", async () => {
    await announce(company, Date.now() - 25 * HOUR);
    expect(await sendImmediateEmails()).toEqual({ sent: 0, failed: 0 });
  });
});

describe("daily digest", () => {
  it("the digest time is 07:00 in Santo Domingo", () => {
    expect(digestCutoff(MORNING)).toBe(Date.UTC(2026, 10, 25, 11, 0, 0));
    expect(digestCutoff(Date.UTC(2026, 10, 25, 10, 59, 59))).toBe(Date.UTC(2026, 10, 24, 11, 0, 0));
  });

  it("one message a day to each 'daily' person, grouping every company's notifications", async () => {
    // Yesterday: two in the first company, one in the second; today after 07:00: one more.
    await announce(company, MORNING - 20 * HOUR);
    await announce(company, MORNING - 19 * HOUR);
    await announce(second, MORNING - 18 * HOUR);
    await announce(company, MORNING - 1 * HOUR);
    const result = await sendDailyDigests({ now: MORNING });
    expect(result).toEqual({ sent: 1, failed: 0 });
    const digests = smtp.received.filter((mail) => mail.subject.startsWith("Anula: resumen del día"));
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    const daily = await database.prisma.user.findUniqueOrThrow({ where: { id: company.users.daily! } });
    expect(digest!.to).toEqual([daily.email]);
    expect(digest!.subject).toBe("Anula: resumen del día, 3 notificaciones");
    expect(digest!.text).toContain("Tiene 3 notificaciones nuevas en Anula.");
    expect(digest!.text).toContain(`${company.name} (RNC ${company.rnc}) · TesteCF (pruebas)`);
    expect(digest!.text).toContain(`${second.name} (RNC ${second.rnc}) · TesteCF (pruebas)`);
    expect(digest!.text.match(/• Webhook desactivado/g)).toHaveLength(3);
    expect(digest!.text).toContain("https://anula.test/account");
    // The same day again: nothing (the one after 07:00 waits for tomorrow's).
    expect(await sendDailyDigests({ now: MORNING + 2 * HOUR })).toEqual({ sent: 0, failed: 0 });
    const tomorrow = await sendDailyDigests({ now: MORNING + 24 * HOUR });
    expect(tomorrow).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.at(-1)!.subject).toBe("Anula: resumen del día, 1 notificación");
    // "off" never received anything.
    const off = await database.prisma.user.findUniqueOrThrow({ where: { id: company.users.off! } });
    expect(smtp.received.filter((mail) => mail.to.includes(off.email))).toEqual([]);
    expect(
      await database.prisma.notification.count({
        where: { userId: company.users.off!, emailedAt: { not: null } },
      }),
    ).toBe(0);
  });

  it("a refusing server leaves the digest's notifications unsent, for the next run", async () => {
    await announce(company, MORNING - 20 * HOUR);
    smtp.fail = true;
    expect(await sendDailyDigests({ now: MORNING })).toEqual({ sent: 0, failed: 1 });
    expect(
      await database.prisma.notification.count({ where: { userId: company.users.daily!, emailedAt: null } }),
    ).toBe(1);
    smtp.fail = false;
    expect(await sendDailyDigests({ now: MORNING + HOUR })).toEqual({ sent: 1, failed: 0 });
  });
});
