import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { formatEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { es } from "@/lib/i18n/es";
import { notificationText } from "@/lib/i18n/notification-text";
import { setDeadlineSettings } from "@/lib/server/contingency";
import { createAuthorization, setCoverageMark } from "@/lib/server/ledger";
import { endOfDayMs } from "@/lib/server/ledger/dates";
import { consumeEventsForNotifications } from "@/lib/server/notifications/consume-events";
import { createNotificationCompany, type NotificationCompany } from "@/lib/server/notifications/test-support";
import { SYSTEM_BY } from "@/lib/server/platform/activity/record-activity";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { scanLedger } from "./index";

/**
 * The deadlines the ledger scan watches, on a moved clock: an authorization expiring with unused
 * numbers is announced at 60, 30 and 7 days (and its last day) to the company's administrators and
 * approvers with the count and the closing's link, once each across runs and two instances; a gap
 * of a company that set a deadline to void it escalates (approaching, then missed) once each.
 */
let database: TestDatabase;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 15 June 2026, 12:00 in Santo Domingo. */
const NOW = Date.UTC(2026, 5, 15, 16);
const e31 = (n: number) => formatEncf("E", "31", n);
const PEOPLE = {
  admin: ["administrator"],
  approver: ["approver"],
  operator: ["operator"],
  viewer: ["viewer"],
} as const;

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.truncate();
});
afterAll(async () => {
  await database?.dispose();
});

const company = () =>
  createNotificationCompany({
    admin: [...PEOPLE.admin],
    approver: [...PEOPLE.approver],
    operator: [...PEOPLE.operator],
    viewer: [...PEOPLE.viewer],
  });

async function issue(owner: NotificationCompany, numbers: number[], at: number, environment: Environment) {
  await database.prisma.document.createMany({
    data: numbers.map((n) => ({
      accountId: owner.accountId,
      environment,
      customerId: owner.rnc,
      ncf: e31(n),
      serie: "E",
      tipoeCF: "31",
      secuencia: BigInt(n),
      status: "Aceptado",
      sequenceReusable: false,
      createdAt: BigInt(at),
      updateAt: BigInt(at),
    })),
  });
}

function authorize(owner: NotificationCompany, from: number, to: number, expires: string, env: Environment) {
  return createAuthorization({
    accountId: owner.accountId,
    environment: env,
    createdBy: "test",
    body: {
      secuenciaDesde: e31(from),
      secuenciaHasta: e31(to),
      fechaAutorizacion: "02-01-2026",
      fechaVencimiento: expires,
    },
    now: NOW - 30 * DAY,
  });
}

async function eventsOf(owner: NotificationCompany, type: string) {
  const rows = await database.prisma.outboxEvent.findMany({
    where: { accountId: owner.accountId, type },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    environment: row.environment,
    payload: row.payload as Record<string, unknown>,
  }));
}

/** Two instances at once, then the next run: what a restart or a second replica does. */
async function scanAt(now: number) {
  await Promise.all([scanLedger({ now }), scanLedger({ now })]);
  await scanLedger({ now });
}

describe("authorizations expiring with unused numbers", () => {
  /** An instant `days` whole days (and an hour) before the end of the Santo Domingo day `iso`. */
  const daysBefore = (iso: string, days: number) => endOfDayMs(iso) - days * DAY - HOUR;

  it("warns at 60, 30 and 7 days, once each, never before, only while numbers are unused, one company only", async () => {
    const a = await company();
    const b = await company();
    const open = await authorize(a, 1, 100, "31-10-2026", "eCF");
    await issue(a, [1, 2, 3], NOW - 10 * DAY, "eCF");
    // Used up in full: nothing left to close, never "expiring".
    await authorize(a, 101, 102, "31-10-2026", "eCF");
    await issue(a, [101, 102], NOW - 10 * DAY, "eCF");
    // Another company's range, same numbers and date, every number unused.
    await authorize(b, 1, 100, "31-10-2026", "eCF");
    const at = (days: number) => daysBefore("2026-10-31", days);

    await scanAt(at(61));
    expect(await eventsOf(a, "sequence.expiring")).toEqual([]);
    const seen: number[][] = [];
    for (const days of [60, 59, 31, 30, 29, 8, 7, 6, 2]) {
      await scanAt(at(days));
      seen.push((await eventsOf(a, "sequence.expiring")).map((event) => Number(event.payload.daysLeft)));
    }
    expect(seen).toEqual([
      [60],
      [60],
      [60],
      [60, 30],
      [60, 30],
      [60, 30],
      [60, 30, 7],
      [60, 30, 7],
      [60, 30, 7],
    ]);
    const [first] = await eventsOf(a, "sequence.expiring");
    expect(first).toEqual({
      environment: "eCF",
      payload: {
        authorizationId: open.id,
        customerId: a.rnc,
        environment: "eCF",
        serie: "E",
        tipoeCF: "31",
        desde: e31(1),
        hasta: e31(100),
        expiresOn: "2026-10-31",
        daysLeft: 60,
        unused: 97,
        cierreDesde: e31(4),
      },
    });
    // Company B hears of its own range only, with its own count.
    const other = await eventsOf(b, "sequence.expiring");
    expect(other.map((event) => [event.payload.daysLeft, event.payload.unused])).toEqual([
      [60, 100],
      [30, 100],
      [7, 100],
    ]);
  });

  it("tells the administrators and approvers (and operators) of that company, with the count and the closing's link", async () => {
    const a = await company();
    const b = await company();
    await authorize(a, 1, 50, "31-10-2026", "TesteCF");
    await issue(a, [1, 2], NOW - 10 * DAY, "TesteCF");
    await scanAt(daysBefore("2026-10-31", 45));
    await consumeEventsForNotifications();

    const notifications = await database.prisma.notification.findMany({
      where: { type: "sequence.expiring" },
    });
    const to = notifications.map((row) => row.userId).sort();
    expect(to).toEqual([a.owner, a.users.admin!, a.users.approver!, a.users.operator!].sort());
    expect(to).not.toContain(a.users.viewer);
    expect(notifications.some((row) => row.accountId === b.accountId)).toBe(false);
    const text = notificationText(
      { type: "sequence.expiring", data: notifications[0]!.data },
      es.notifications,
      "es",
    );
    expect(text.detail).toContain("quedan 48 números sin usar");
    expect(text.detail).not.toMatch(/deben anularse|obligatori/);
    expect(text.href).toBe(`/sequences?cierreDesde=${e31(3)}`);
  });
});

describe("a gap's deadline to void it", () => {
  /** Issued 1, 2 and 6 (10 days before NOW), the coverage mark: the gap 3–5 exists since then. */
  async function companyWithGap(environment: Environment): Promise<NotificationCompany> {
    const owner = await company();
    await issue(owner, [1, 2, 6], NOW - 10 * DAY, environment);
    await setCoverageMark(owner.accountId, environment, NOW - HOUR, "test", NOW);
    return owner;
  }

  const setWindow = (owner: NotificationCompany, environment: Environment, days: number | null) =>
    setDeadlineSettings(owner.accountId, { deferredWindowHours: null, approachingPercent: 50 }, SYSTEM_BY, {
      environment,
      days,
    });

  it("escalates once each: approaching at the company's share of the window, missed once it passes", async () => {
    const a = await companyWithGap("TesteCF");
    // Same gap in eCF, whose window is not set: no deadline there.
    const sameNumbersElsewhere = await companyWithGap("TesteCF");
    await issue(a, [1, 2, 6], NOW - 10 * DAY, "eCF");
    await setCoverageMark(a.accountId, "eCF", NOW - HOUR, "test", NOW);
    await setWindow(a, "TesteCF", 30);
    const since = NOW - 10 * DAY;

    await scanAt(since + 15 * DAY - HOUR); // under 50 % of 30 days
    expect(await eventsOf(a, "sequence.gap_deadline_approaching")).toEqual([]);
    await scanAt(since + 15 * DAY);
    await scanAt(since + 29 * DAY);
    const approaching = await eventsOf(a, "sequence.gap_deadline_approaching");
    expect(approaching).toEqual([
      {
        environment: "TesteCF",
        payload: {
          customerId: a.rnc,
          environment: "TesteCF",
          serie: "E",
          tipoeCF: "31",
          desde: e31(3),
          hasta: e31(5),
          cantidad: 3,
          kind: "salto",
          since: new Date(since).toISOString(),
          deadlineAt: new Date(since + 30 * DAY).toISOString(),
          windowDays: 30,
        },
      },
    ]);
    expect(await eventsOf(a, "sequence.gap_deadline_missed")).toEqual([]);
    await scanAt(since + 30 * DAY);
    await scanAt(since + 60 * DAY);
    expect(await eventsOf(a, "sequence.gap_deadline_approaching")).toHaveLength(1);
    const missed = await eventsOf(a, "sequence.gap_deadline_missed");
    expect(missed.map((event) => [event.environment, event.payload.desde])).toEqual([["TesteCF", e31(3)]]);
    // The other environment and the other company set no window.
    expect(
      await database.prisma.outboxEvent.count({
        where: { type: { startsWith: "sequence.gap_deadline" }, environment: "eCF" },
      }),
    ).toBe(0);
    expect(await eventsOf(sameNumbersElsewhere, "sequence.gap_deadline_missed")).toEqual([]);
  });

  it("a gap first seen past its deadline gets the missed event alone; no window, no deadline events", async () => {
    const a = await companyWithGap("TesteCF");
    await setWindow(a, "TesteCF", 5);
    await scanAt(NOW);
    expect(await eventsOf(a, "sequence.gap_deadline_approaching")).toEqual([]);
    expect(await eventsOf(a, "sequence.gap_deadline_missed")).toHaveLength(1);

    const b = await companyWithGap("TesteCF");
    await setWindow(b, "TesteCF", 5);
    await setWindow(b, "TesteCF", null); // removed again
    await scanAt(NOW + 100 * DAY);
    expect(await eventsOf(b, "sequence.gap_detected")).toHaveLength(1);
    expect(await eventsOf(b, "sequence.gap_deadline_missed")).toEqual([]);
  });

  it("tells the company's administrators and operators", async () => {
    const a = await companyWithGap("TesteCF");
    await setWindow(a, "TesteCF", 5);
    await scanAt(NOW);
    await consumeEventsForNotifications();
    const to = (
      await database.prisma.notification.findMany({ where: { type: "sequence.gap_deadline_missed" } })
    )
      .map((row) => row.userId)
      .sort();
    expect(to).toEqual([a.owner, a.users.admin!, a.users.operator!].sort());
  });
});
