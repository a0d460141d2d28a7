import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { v7 as uuidv7 } from "uuid";

import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { consumeEventsForNotifications } from "@/lib/server/notifications/consume-events";
import {
  createNotificationCompany,
  webhookDisabledPayload,
  writeTestEvent,
  type NotificationCompany,
} from "@/lib/server/notifications/test-support";
import {
  countUnread,
  countUnreadByEnvironment,
  listNotifications,
} from "@/lib/server/notifications/user-notifications";
import { cookieJar, setSession } from "@/lib/server/testing/next-auth-mock";

/**
 * The notification centre's actions through the portal session as Next gives it (session, company
 * and environment cookies): mark one read, mark all read, the e-mail preference. Each acts on the
 * session's person, company and environment only.
 */
vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));

let database: TestDatabase;
let company: NotificationCompany;
let other: NotificationCompany;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createNotificationCompany({ admin: ["administrator"], viewer: ["viewer"] });
  other = await createNotificationCompany({});
  // The first company's "admin" is also an administrator of the other company.
  await database.prisma.companyMember.create({
    data: {
      accountId: other.accountId,
      userId: company.users.admin!,
      roles: ["administrator"],
      createdAt: 0n,
      updatedAt: 0n,
    },
  });
}, 60_000);
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.prisma.notification.deleteMany();
  await database.prisma.outboxEvent.deleteMany();
  cookieJar.clear();
  cookieJar.set("anula_company", company.accountId);
  cookieJar.set("anula_env", "TesteCF");
  setSession({ userId: company.users.admin!, signedInAt: Date.now() });
});

const admin = () => ({
  userId: company.users.admin!,
  accountId: company.accountId,
  environment: "TesteCF" as const,
});

async function announce(
  target: NotificationCompany,
  environment: "TesteCF" | "eCF" | null = "TesteCF",
): Promise<void> {
  await writeTestEvent(target, "webhook.disabled", webhookDisabledPayload(target), { environment });
  await consumeEventsForNotifications();
}

describe("the notification centre", () => {
  it("lists the company's and environment's (and the company-wide) newest first; counts unread", async () => {
    await announce(company);
    await announce(company, null);
    await announce(company, "eCF");
    await announce(other);
    const page = await listNotifications(admin());
    expect(page.items.map((item) => item.environment)).toEqual([null, "TesteCF"]);
    expect(page.items.every((item) => !item.read)).toBe(true);
    expect(await countUnread(admin())).toBe(2);
    expect(await countUnread({ ...admin(), environment: "eCF" })).toBe(2);
    expect(await countUnread({ ...admin(), accountId: other.accountId })).toBe(1);
    // A viewer of the company is not an administrator: nothing for them.
    expect(await countUnread({ ...admin(), userId: company.users.viewer! })).toBe(0);
  });

  it("the bell counts what waits in every environment of the company, and says where", async () => {
    await announce(company, "eCF");
    await announce(company, "eCF");
    await announce(company);
    await announce(company, null);
    await announce(other);
    // In TesteCF with two waiting in eCF: never 0, and eCF named.
    expect(await countUnreadByEnvironment(admin())).toEqual({
      total: 4,
      byEnvironment: { eCF: 2, TesteCF: 2 },
    });
    // The company-wide one counts where the person is.
    expect(await countUnreadByEnvironment({ ...admin(), environment: "eCF" })).toEqual({
      total: 4,
      byEnvironment: { eCF: 3, TesteCF: 1 },
    });
    // Another company's stay out; another person has none.
    expect(await countUnreadByEnvironment({ ...admin(), accountId: other.accountId })).toEqual({
      total: 1,
      byEnvironment: { TesteCF: 1 },
    });
    expect(await countUnreadByEnvironment({ ...admin(), userId: company.users.viewer! })).toEqual({
      total: 0,
      byEnvironment: {},
    });
  });

  it("pages with a cursor", async () => {
    for (let index = 0; index < 5; index += 1) await announce(company);
    const first = await listNotifications(admin(), { limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await listNotifications(admin(), { limit: 3, before: first.nextBefore! });
    expect(second.items).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(5);
  });

  it("markNotificationReadAction: one, of the session's person, company and environment only", async () => {
    const { markNotificationReadAction } = await import("./notification-actions");
    await announce(company);
    await announce(other);
    const [mine] = (await listNotifications(admin())).items;
    expect(await markNotificationReadAction({ id: mine!.id })).toEqual({ ok: true, message: "" });
    expect(await countUnread(admin())).toBe(0);
    // Again: still fine (already read).
    expect(await markNotificationReadAction({ id: mine!.id })).toMatchObject({ ok: true });

    // The same person's notification in the other company is not reachable from this company's session.
    const [elsewhere] = (await listNotifications({ ...admin(), accountId: other.accountId })).items;
    expect(await markNotificationReadAction({ id: elsewhere!.id })).toEqual({
      ok: false,
      message: "La notificación no existe.",
    });
    // Another person's notification (the owner's) is not either.
    const [owners] = (await listNotifications({ ...admin(), userId: company.owner })).items;
    expect(await markNotificationReadAction({ id: owners!.id })).toMatchObject({ ok: false });
    expect(await countUnread({ ...admin(), userId: company.owner })).toBe(1);
    // Nor one of another environment.
    await announce(company, "eCF");
    const [production] = (await listNotifications({ ...admin(), environment: "eCF" })).items;
    expect(await markNotificationReadAction({ id: production!.id })).toMatchObject({ ok: false });
    // A malformed id.
    expect(await markNotificationReadAction({ id: "../x" })).toEqual({
      ok: false,
      message: "La notificación no existe.",
    });
    expect(await markNotificationReadAction({ id: uuidv7() })).toMatchObject({ ok: false });
  });

  it("markAllNotificationsReadAction: the company's and environment's, nobody else's", async () => {
    const { markAllNotificationsReadAction } = await import("./notification-actions");
    await announce(company);
    await announce(company, null);
    await announce(company, "eCF");
    await announce(other);
    expect(await markAllNotificationsReadAction()).toEqual({
      ok: true,
      message: "Todas las notificaciones quedaron leídas.",
    });
    expect(await countUnread(admin())).toBe(0);
    expect(await countUnread({ ...admin(), environment: "eCF" })).toBe(1);
    expect(await countUnread({ ...admin(), accountId: other.accountId })).toBe(1);
    expect(await countUnread({ ...admin(), userId: company.owner })).toBe(2);
  });

  it("the actions need a session", async () => {
    const { markAllNotificationsReadAction, setNotificationEmailAction } =
      await import("./notification-actions");
    setSession(null);
    await expect(markAllNotificationsReadAction()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(setNotificationEmailAction({ notificationEmail: "off" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("setNotificationEmailAction: the person's own choice, one of three", async () => {
    const { setNotificationEmailAction } = await import("./notification-actions");
    const preference = async () =>
      (await database.prisma.user.findUniqueOrThrow({ where: { id: company.users.admin! } }))
        .notificationEmail;
    expect(await preference()).toBe("immediate");
    expect(await setNotificationEmailAction({ notificationEmail: "daily" })).toEqual({
      ok: true,
      message: "Preferencia guardada.",
    });
    expect(await preference()).toBe("daily");
    expect(await setNotificationEmailAction({ notificationEmail: "weekly" })).toEqual({
      ok: false,
      message: "Elija cómo recibir las notificaciones por correo: al momento, un resumen al día o ninguno.",
    });
    expect(await preference()).toBe("daily");
    expect(await setNotificationEmailAction({ notificationEmail: "off" })).toMatchObject({ ok: true });
    expect(await preference()).toBe("off");
    // Only the session's person changed.
    const owner = await database.prisma.user.findUniqueOrThrow({ where: { id: company.owner } });
    expect(owner.notificationEmail).toBe("immediate");
  });
});
