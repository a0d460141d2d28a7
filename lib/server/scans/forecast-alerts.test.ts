import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatEncf } from "@/lib/domain/encf";
import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/schemas/event-payloads";
import { createAuthorization } from "@/lib/server/ledger";
import { consumeEventsForNotifications } from "@/lib/server/notifications/consume-events";
import { createNotificationCompany, type NotificationCompany } from "@/lib/server/notifications/test-support";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { scanLedger } from "./index";

/**
 * The forecast's alerts in the ledger scan: sequence.forecast_request_by when the day to request the
 * next authorization is within 7 days, sequence.forecast_unused when more than the company's share is
 * left unused at expiry — each once per authorization, to the company's administrators only.
 */
let database: TestDatabase;
const DAY = 86_400_000;
/** 15 June 2026, 12:00 in Santo Domingo. */
const NOW = Date.UTC(2026, 5, 15, 16);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** `perDay` documents a day over the `days` days before `today`, numbered from `from`. */
async function issueDaily(company: NotificationCompany, perDay: number, days: number, from = 1, today = NOW) {
  const data = [];
  let n = from;
  for (let back = days; back >= 1; back -= 1) {
    for (let i = 0; i < perDay; i += 1, n += 1) {
      data.push({
        accountId: company.accountId,
        environment: "TesteCF" as const,
        customerId: company.rnc,
        ncf: formatEncf("E", "31", n),
        serie: "E",
        tipoeCF: "31",
        secuencia: BigInt(n),
        status: "Aceptado",
        issuedAt: BigInt(today - back * DAY),
        createdAt: BigInt(today - back * DAY),
        updateAt: BigInt(today - back * DAY),
      });
    }
  }
  await database.prisma.document.createMany({ data });
}

async function authorize(
  company: NotificationCompany,
  desde: number,
  hasta: number,
  fechaVencimiento: string,
) {
  return createAuthorization({
    accountId: company.accountId,
    environment: "TesteCF",
    createdBy: "test",
    body: {
      secuenciaDesde: formatEncf("E", "31", desde),
      secuenciaHasta: formatEncf("E", "31", hasta),
      fechaAutorizacion: "02-01-2026",
      fechaVencimiento,
    },
    now: NOW - 120 * DAY,
  });
}

const eventsOf = (company: NotificationCompany, type: string) =>
  database.prisma.outboxEvent.findMany({
    where: { accountId: company.accountId, type },
    orderBy: { id: "asc" },
  });

describe("the forecast's alerts", () => {
  it("announce a near request-by date and a range too large once each, to administrators", async () => {
    const company = await createNotificationCompany({ admin: ["administrator"], operator: ["operator"] });
    const quiet = await createNotificationCompany({ admin: ["administrator"] });
    await issueDaily(company, 10, 60);
    await issueDaily(quiet, 10, 60);
    // 400 numbers left at 10 a day: out on 25 July, to request by 10 July… not near yet.
    const near = await authorize(company, 1, 1_000, "31-12-2026");
    // Reached on 25 July, it expires 6 days later: 9,940 of its 10,000 forecast unused.
    const large = await authorize(company, 1_001, 11_000, "31-07-2026");
    // The other company: its 2,500 last to 23 December at its pace, nothing unused, far from its request date.
    await authorize(quiet, 1, 2_500, "31-12-2026");

    await scanLedger({ now: NOW });
    expect(await eventsOf(company, "sequence.forecast_request_by")).toEqual([]);
    const unused = await eventsOf(company, "sequence.forecast_unused");
    expect(unused).toHaveLength(1);
    expect(unused[0]!.subjectId).toBe(large.id);
    const payload = EVENT_PAYLOAD_SCHEMAS["sequence.forecast_unused"].parse(unused[0]!.payload);
    expect(payload).toMatchObject({
      authorizationId: large.id,
      customerId: company.rnc,
      expiresOn: "2026-07-31",
      cantidad: 10_000,
      unusedAtExpiry: 9_940,
      unusedPercent: 99.4,
      thresholdPercent: 20,
      pace30: 10,
      pace90: 10,
    });

    // Twenty days (and 200 numbers) later the first range's request-by date (10 July) is 5 days away.
    const later = NOW + 20 * DAY;
    await issueDaily(company, 10, 20, 601, later);
    await issueDaily(quiet, 10, 20, 601, later);
    await scanLedger({ now: later });
    await scanLedger({ now: later + DAY });
    const requestBy = await eventsOf(company, "sequence.forecast_request_by");
    expect(requestBy).toHaveLength(1);
    expect(EVENT_PAYLOAD_SCHEMAS["sequence.forecast_request_by"].parse(requestBy[0]!.payload)).toMatchObject({
      authorizationId: near.id,
      leadDays: 15,
      daysLeft: 5,
    });
    // Once per authorization and condition, however many runs.
    expect(await eventsOf(company, "sequence.forecast_unused")).toHaveLength(1);
    for (const type of ["sequence.forecast_request_by", "sequence.forecast_unused"])
      expect(await eventsOf(quiet, type)).toEqual([]);

    await consumeEventsForNotifications({ now: later + DAY });
    const told = await database.prisma.notification.findMany({
      where: { accountId: company.accountId, type: { startsWith: "sequence.forecast_" } },
    });
    const byType = (type: string) =>
      told
        .filter((row) => row.type === type)
        .map((row) => row.userId)
        .sort();
    // The administrators (the company's first user and "admin"); never the operator.
    const admins = [company.owner, company.users.admin!].sort();
    expect(byType("sequence.forecast_request_by")).toEqual(admins);
    expect(byType("sequence.forecast_unused")).toEqual(admins);
  });
});
