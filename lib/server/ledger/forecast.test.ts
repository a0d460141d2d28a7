import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatEncf } from "@/lib/domain/encf";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { createAuthorization, getForecastSettings, getInventory, writeForecastSettings } from "./index";

let database: TestDatabase;
const DAY = 86_400_000;
/** 15 June 2026, 12:00 in Santo Domingo (16:00 UTC). */
const NOW = Date.UTC(2026, 5, 15, 16);
/** Midday in Santo Domingo `back` days before NOW's day. */
const daysAgo = (back: number) => NOW - back * DAY;

/** `perDay` documents on each of the `days` days before today, numbered from `from` in issue order. */
async function issueDaily(owner: TestAccount, perDay: number, days: number, from = 1, tipo = "31") {
  const data = [];
  let n = from;
  for (let back = days; back >= 1; back -= 1) {
    for (let i = 0; i < perDay; i += 1) {
      data.push({
        accountId: owner.auth.accountId,
        environment: "TesteCF" as const,
        customerId: owner.auth.rnc,
        ncf: formatEncf("E", tipo as "31", n),
        serie: "E",
        tipoeCF: tipo,
        secuencia: BigInt(n),
        status: "Aceptado",
        issuedAt: BigInt(daysAgo(back)),
        // Imported today: the day counted is the day it was issued.
        createdAt: BigInt(NOW - 3_600_000),
        updateAt: BigInt(NOW - 3_600_000),
      });
      n += 1;
    }
  }
  await database.prisma.document.createMany({ data });
  return n;
}

async function authorize(owner: TestAccount, desde: number, hasta: number, fechaVencimiento: string) {
  return createAuthorization({
    accountId: owner.auth.accountId,
    environment: "TesteCF",
    body: {
      secuenciaDesde: formatEncf("E", "31", desde),
      secuenciaHasta: formatEncf("E", "31", hasta),
      fechaAutorizacion: "01-01-2026",
      fechaVencimiento,
    },
    createdBy: "test",
    now: NOW,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("the inventory's forecast", () => {
  it("a company with 120 days of documents: its pace, run-out and request-by dates and the numbers left at expiry", async () => {
    const company = await createTestAccount();
    await issueDaily(company, 10, 120);
    const auth = await authorize(company, 1, 5_000, "31-12-2026");
    // A second, later range of the type: used once the first runs out (or expires).
    await authorize(company, 5_001, 5_400, "31-12-2027");

    const inventory = await getInventory(company.auth.accountId, "TesteCF", NOW);
    expect(inventory.forecastSettings).toEqual({ leadDays: 15, unusedPercent: 20 });
    const type = inventory.types[0]!;
    expect(type.use).toMatchObject({ historyDays: 120, enoughHistory: true, pace30: 10, pace90: 10 });
    expect(type.use.daily).toHaveLength(90);
    expect(type.use.daily.every((count) => count === 10)).toBe(true);
    const [first, second] = type.authorizations;
    expect(first!.id).toBe(auth.id);
    expect(first!.available).toBe(3_800);
    // 3,800 numbers at 10 a day last past 31-12-2026: 199 days use 1,990 of them.
    expect(first!.forecast).toEqual({
      status: "forecast",
      runsOutOn: null,
      requestBy: "2026-12-16",
      unusedAtExpiry: 1_810,
      unusedPercent: 36.2,
      requestByNear: false,
      tooLarge: true,
    });
    // The second range is used from 1 January 2027: its 400 numbers last to 9 February.
    expect(second!.forecast).toMatchObject({
      runsOutOn: "2027-02-09",
      requestBy: "2027-01-25",
      unusedAtExpiry: 0,
    });

    // The company's own lead time and share.
    const db = await database.prisma;
    await writeForecastSettings(db, {
      accountId: company.auth.accountId,
      environment: "TesteCF",
      settings: { leadDays: 30, unusedPercent: 40 },
      by: "test",
      now: NOW,
    });
    expect(await getForecastSettings(company.auth.accountId, "TesteCF")).toEqual({
      leadDays: 30,
      unusedPercent: 40,
    });
    expect(await getForecastSettings(company.auth.accountId, "eCF")).toEqual({
      leadDays: 15,
      unusedPercent: 20,
    });
    const again = (await getInventory(company.auth.accountId, "TesteCF", NOW)).types[0]!.authorizations[0]!;
    expect(again.forecast).toMatchObject({ requestBy: "2026-12-01", tooLarge: false });
  });

  it("under 30 days of history says so (no pace, no dates); another company's documents are not its history", async () => {
    const older = await createTestAccount();
    await issueDaily(older, 5, 60);
    const young = await createTestAccount();
    await issueDaily(young, 40, 20);
    await authorize(young, 1, 10_000, "31-12-2026");

    const type = (await getInventory(young.auth.accountId, "TesteCF", NOW)).types[0]!;
    expect(type.use).toMatchObject({ historyDays: 20, enoughHistory: false, pace30: null, pace90: null });
    // The chart shows its own 20 days of 40, nothing of the other company's.
    expect(type.use.daily.reduce((sum, count) => sum + count, 0)).toBe(800);
    expect(type.authorizations[0]!.forecast).toMatchObject({
      status: "not_enough_history",
      runsOutOn: null,
      requestBy: null,
      unusedAtExpiry: null,
    });
    const otherType = (await getInventory(older.auth.accountId, "TesteCF", NOW)).types[0]!;
    expect(otherType.use).toMatchObject({ historyDays: 60, pace30: 5, pace90: 5 });
  });

  it("a lower number issued after higher ones does not shorten the history", async () => {
    const company = await createTestAccount();
    await issueDaily(company, 2, 60, 100);
    await database.prisma.document.create({
      data: {
        accountId: company.auth.accountId,
        environment: "TesteCF",
        customerId: company.auth.rnc,
        ncf: formatEncf("E", "31", 1),
        serie: "E",
        tipoeCF: "31",
        secuencia: 1n,
        status: "Aceptado",
        issuedAt: BigInt(daysAgo(2)),
        createdAt: BigInt(NOW),
        updateAt: BigInt(NOW),
      },
    });
    const type = (await getInventory(company.auth.accountId, "TesteCF", NOW)).types[0]!;
    expect(type.use).toMatchObject({ historyDays: 60, enoughHistory: true, pace30: 2.03 });
  });

  it("counts a number on its Santo Domingo day and leaves today's partial use out of the pace", async () => {
    const company = await createTestAccount();
    const next = await issueDaily(company, 1, 40);
    const lateEvening = Date.UTC(2026, 5, 14, 3, 30); // 13 June, 23:30 in Santo Domingo
    const today = NOW - 3_600_000;
    await database.prisma.document.createMany({
      data: [
        [next, lateEvening],
        [next + 1, today],
      ].map(([n, at]) => ({
        accountId: company.auth.accountId,
        environment: "TesteCF" as const,
        customerId: company.auth.rnc,
        ncf: formatEncf("E", "31", n!),
        serie: "E",
        tipoeCF: "31",
        secuencia: BigInt(n!),
        status: "Aceptado",
        issuedAt: BigInt(at!),
        createdAt: BigInt(NOW),
        updateAt: BigInt(NOW),
      })),
    });
    const type = (await getInventory(company.auth.accountId, "TesteCF", NOW)).types[0]!;
    // 13 June is two days before today (15 June): its own 1 plus the late-evening one.
    expect(type.use.daily.at(-2)).toBe(2);
    expect(type.use.daily.at(-1)).toBe(1);
    expect(type.use.daily.reduce((sum, count) => sum + count, 0)).toBe(41);
  });
});
