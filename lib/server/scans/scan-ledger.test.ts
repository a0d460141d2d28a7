import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { formatEncf } from "@/lib/domain/encf";
import type { Environment } from "@/lib/domain/environments";
import { validateVoidRequest } from "@/lib/domain/void-request";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { recurringJobs } from "@/lib/server/runtime/recurring-jobs";
import { createAuthorization, findGaps, setCoverageMark } from "@/lib/server/ledger";
import { endOfDayMs } from "@/lib/server/ledger/dates";
import { voidContentOf } from "@/lib/server/voids/prepare-void";
import { completeVoid } from "@/lib/server/voids/record-answer";
import { insertWriteAhead } from "@/lib/server/voids/void-repository";

import { LEDGER_EVENTS_PER_RUN, scanLedger } from "./index";

/**
 * The ledger scan: each gap, expiring and used-up authorization announced once — across
 * repeated runs and two runs at once —, with the right company and environment, and nothing for a
 * healthy company. The clock the rules read is injected (`now`).
 */
let database: TestDatabase;
let counter = 0;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 15 June 2026, 12:00 in Santo Domingo. */
const NOW = Date.UTC(2026, 5, 15, 16);
const SEQUENCE_TYPES = ["sequence.gap_detected", "sequence.expiring", "sequence.depleted"];

const e31 = (n: number) => formatEncf("E", "31", n);

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.truncate();
});
afterAll(async () => {
  setEnvForTests({ LEDGER_SCAN_INTERVAL_MS: undefined, CERTIFICATE_SCAN_INTERVAL_MS: undefined });
  await database?.dispose();
});

async function issue(
  owner: TestAccount,
  numbers: number[],
  createdAt = NOW - 100 * HOUR,
  environment: Environment = "TesteCF",
) {
  await database.prisma.document.createMany({
    data: numbers.map((n) => ({
      accountId: owner.auth.accountId,
      environment,
      customerId: owner.auth.rnc,
      ncf: e31(n),
      serie: "E",
      tipoeCF: "31",
      secuencia: BigInt(n),
      status: "Aceptado",
      sequenceReusable: false,
      createdAt: BigInt(createdAt),
      updateAt: BigInt(createdAt),
    })),
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** An accepted void of the ranges (as DGII accepting it leaves the ledger). */
async function voidAccepted(owner: TestAccount, ranges: Array<[number, number]>) {
  counter += 1;
  const voidId = `0190f300-0000-7000-8000-${String(counter).padStart(12, "0")}`;
  const result = validateVoidRequest({
    ranges: ranges.map(([a, b]) => ({ secuenciaDesde: e31(a), secuenciaHasta: e31(b) })),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const content = voidContentOf(result.plan);
  const record = await insertWriteAhead({
    voidId,
    accountId: owner.auth.accountId,
    rnc: owner.auth.rnc,
    environment: "TesteCF",
    content,
    fileName: `${owner.auth.rnc}ANECF${voidId}.xml`,
    signedXmlGzip: "",
    createdBy: "test",
    now: NOW - 1000,
    lease: { owner: "test-instance", expiresAt: 1 },
  });
  await completeVoid(
    record,
    { status: "Aceptado", codigo: "1", nombre: "Aceptado", mensajes: [] },
    content,
    NOW - 1000,
  );
}

async function authorize(
  owner: TestAccount,
  from: string,
  to: string,
  fechaVencimiento?: string,
  environment: Environment = "TesteCF",
) {
  return createAuthorization({
    accountId: owner.auth.accountId,
    environment,
    createdBy: "test",
    body: { secuenciaDesde: from, secuenciaHasta: to, fechaAutorizacion: "02-01-2026", fechaVencimiento },
    now: NOW - 30 * DAY,
  });
}

async function eventsOf(owner: TestAccount, type?: string) {
  const rows = await database.prisma.outboxEvent.findMany({
    where: { accountId: owner.auth.accountId, type: type ?? { in: SEQUENCE_TYPES } },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    type: row.type,
    environment: row.environment,
    subjectId: row.subjectId,
    payload: row.payload as Record<string, unknown>,
  }));
}

const spans = (events: Array<{ payload: Record<string, unknown> }>) =>
  events.map((event) => `${String(event.payload.desde)}-${String(event.payload.hasta)}`);

/** A company with issued 1, 2, 5, 9 (100 h ago) and its coverage mark: gaps 3–4 and 6–8. */
async function companyWithGaps(environment: Environment = "TesteCF"): Promise<TestAccount> {
  const company = await createTestAccount();
  await issue(company, [1, 2, 5, 9], NOW - 100 * HOUR, environment);
  await setCoverageMark(company.auth.accountId, environment, NOW - HOUR, "test", NOW);
  return company;
}

describe("sequence.gap_detected", () => {
  it("announces exactly the gaps the review proposes, each once across repeated and concurrent scans", async () => {
    const company = await companyWithGaps();
    // Three runs at once (three instances) on fresh conditions, then runs again.
    const runs = await Promise.all([
      scanLedger({ now: NOW }),
      scanLedger({ now: NOW }),
      scanLedger({ now: NOW }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.announced["sequence.gap_detected"], 0)).toBe(2);
    await scanLedger({ now: NOW });

    const events = await eventsOf(company);
    const review = await findGaps({ accountId: company.auth.accountId, environment: "TesteCF", now: NOW });
    expect(spans(events)).toEqual(review.gaps.map((gap) => `${gap.secuenciaDesde}-${gap.secuenciaHasta}`));
    expect(events).toEqual([
      {
        type: "sequence.gap_detected",
        environment: "TesteCF",
        subjectId: null,
        payload: {
          customerId: company.auth.rnc,
          environment: "TesteCF",
          serie: "E",
          tipoeCF: "31",
          desde: e31(3),
          hasta: e31(4),
          cantidad: 2,
        },
      },
      expect.objectContaining({
        payload: expect.objectContaining({ desde: e31(6), hasta: e31(8), cantidad: 3 }),
      }),
    ]);
    // One key per announced gap, nothing else.
    expect(
      await database.prisma.announcedCondition.count({ where: { accountId: company.auth.accountId } }),
    ).toBe(2);
  });

  it("does not announce a gap voided since; a new gap, or what is left of a gap partly voided, is announced", async () => {
    const company = await companyWithGaps();
    await scanLedger({ now: NOW });
    await voidAccepted(company, [[3, 4]]);
    await voidAccepted(company, [[6, 6]]);
    await issue(company, [12]);
    await scanLedger({ now: NOW });
    await scanLedger({ now: NOW });
    expect(spans(await eventsOf(company))).toEqual([
      `${e31(3)}-${e31(4)}`,
      `${e31(6)}-${e31(8)}`,
      // 7–8 is a gap of its own now; 10–11 is proven by 12.
      `${e31(7)}-${e31(8)}`,
      `${e31(10)}-${e31(11)}`,
    ]);
  });

  it("waits for the coverage mark and the quiet period, as the review does", async () => {
    const company = await createTestAccount();
    await issue(company, [1, 5], NOW - 10 * HOUR);
    await scanLedger({ now: NOW });
    expect(await eventsOf(company)).toEqual([]);
    await setCoverageMark(company.auth.accountId, "TesteCF", NOW - HOUR, "test", NOW);
    await scanLedger({ now: NOW });
    expect(await eventsOf(company)).toEqual([]); // 5 was issued 10 h ago: within 72 h
    await scanLedger({ now: NOW + 70 * HOUR });
    expect(spans(await eventsOf(company))).toEqual([`${e31(2)}-${e31(4)}`]);
  });

  it(`writes at most ${LEDGER_EVENTS_PER_RUN} events per company and environment per run; the rest follow`, async () => {
    const company = await createTestAccount();
    // Odd numbers 1–301 issued: the 150 even numbers 2–300 are gaps of one number each.
    await issue(
      company,
      range(0, 150).map((i) => 2 * i + 1),
    );
    await setCoverageMark(company.auth.accountId, "TesteCF", NOW - HOUR, "test", NOW);
    const other = await companyWithGaps();

    const first = await scanLedger({ now: NOW });
    expect(first.announced["sequence.gap_detected"]).toBe(LEDGER_EVENTS_PER_RUN + 2);
    const announced = await eventsOf(company);
    expect(announced).toHaveLength(LEDGER_EVENTS_PER_RUN);
    // In the ledger's order: 2, 4, … 200.
    expect(announced.at(-1)!.payload.desde).toBe(e31(200));
    expect(await eventsOf(other)).toHaveLength(2);

    expect((await scanLedger({ now: NOW })).announced["sequence.gap_detected"]).toBe(50);
    expect((await scanLedger({ now: NOW })).announced["sequence.gap_detected"]).toBe(0);
    const all = await eventsOf(company);
    expect(new Set(spans(all)).size).toBe(150);
    expect(all.at(-1)!.payload.desde).toBe(e31(300));
  });

  it("announces nothing when the event cannot be written, and the gap on the next run once it can", async () => {
    const company = await companyWithGaps();
    const healthy = await createTestAccount();
    await authorize(healthy, e31(1), e31(10), "10-07-2026"); // 25 days left: expiring
    await database.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION scan_outbox_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."type" = 'sequence.gap_detected' THEN RAISE EXCEPTION 'outbox write failed'; END IF;
        RETURN NEW;
      END $$`);
    await database.prisma.$executeRawUnsafe(
      `CREATE TRIGGER scan_outbox_fails BEFORE INSERT ON "OutboxEvent" FOR EACH ROW EXECUTE FUNCTION scan_outbox_fails()`,
    );
    try {
      await expect(scanLedger({ now: NOW })).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
    } finally {
      await database.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS scan_outbox_fails ON "OutboxEvent"`);
    }
    expect(await eventsOf(company)).toEqual([]);
    expect(
      await database.prisma.announcedCondition.count({ where: { accountId: company.auth.accountId } }),
    ).toBe(0);
    // The other company was still scanned.
    expect(await eventsOf(healthy, "sequence.expiring")).toHaveLength(1);

    await scanLedger({ now: NOW });
    expect(spans(await eventsOf(company))).toEqual([`${e31(3)}-${e31(4)}`, `${e31(6)}-${e31(8)}`]);
  });
});

describe("sequence.expiring", () => {
  /** The instant `days` whole days before the end of the Santo Domingo day `iso`. */
  const daysBefore = (iso: string, days: number) => endOfDayMs(iso) - days * DAY - HOUR;

  it("warns at 60, 30, 7 and 1 days before the last day while numbers are unused, once each", async () => {
    const company = await createTestAccount();
    const auth = await authorize(company, e31(1), e31(100), "15-07-2026");
    await issue(company, range(1, 10));
    const at = (days: number) => daysBefore("2026-07-15", days);

    const run = async (days: number) => {
      await Promise.all([scanLedger({ now: at(days) }), scanLedger({ now: at(days) })]);
      await scanLedger({ now: at(days) });
    };
    await run(61);
    expect(await eventsOf(company)).toEqual([]);
    await run(60);
    await run(31);
    expect(await eventsOf(company)).toHaveLength(1);
    await run(30);
    await run(29);
    await run(8);
    expect(await eventsOf(company)).toHaveLength(2);
    await run(7);
    await run(2);
    await run(1);
    await run(0);
    await run(-1); // expired: its tail is a gap now, not "expiring"

    const events = await eventsOf(company, "sequence.expiring");
    expect(events.map((event) => event.payload.daysLeft)).toEqual([60, 30, 7, 1]);
    expect(events[0]).toEqual({
      type: "sequence.expiring",
      environment: "TesteCF",
      subjectId: auth.id,
      payload: {
        authorizationId: auth.id,
        customerId: company.auth.rnc,
        environment: "TesteCF",
        serie: "E",
        tipoeCF: "31",
        desde: e31(1),
        hasta: e31(100),
        expiresOn: "2026-07-15",
        daysLeft: 60,
        unused: 90,
        cierreDesde: e31(11),
      },
    });
  });

  it("announces only the tightest threshold reached when first seen; never for types 32 and 34 nor for a used-up range", async () => {
    const company = await createTestAccount();
    await authorize(company, e31(1), e31(50), "20-06-2026"); // 5 days left at NOW
    await authorize(company, formatEncf("E", "32", 1), formatEncf("E", "32", 50));
    await authorize(company, formatEncf("E", "34", 1), formatEncf("E", "34", 50));
    await authorize(company, e31(51), e31(52), "20-06-2026");
    await issue(company, [51, 52]);
    await scanLedger({ now: NOW });
    await scanLedger({ now: NOW + DAY });
    const events = await eventsOf(company, "sequence.expiring");
    expect(events.map((event) => [event.payload.desde, event.payload.daysLeft])).toEqual([[e31(1), 5]]);
  });
});

describe("sequence.depleted", () => {
  it("announces once when every number is issued or voided, only for an authorization in force", async () => {
    const company = await createTestAccount();
    const auth = await authorize(company, e31(1), e31(10)); // in force until 31-12-2027
    await authorize(company, e31(11), e31(12), "31-01-2026"); // expired
    await issue(company, range(1, 8));
    await issue(company, [11, 12]);
    await scanLedger({ now: NOW });
    expect(await eventsOf(company, "sequence.depleted")).toEqual([]);

    await voidAccepted(company, [[9, 10]]);
    await Promise.all([scanLedger({ now: NOW }), scanLedger({ now: NOW })]);
    await scanLedger({ now: NOW });
    expect(await eventsOf(company, "sequence.depleted")).toEqual([
      {
        type: "sequence.depleted",
        environment: "TesteCF",
        subjectId: auth.id,
        payload: {
          authorizationId: auth.id,
          customerId: company.auth.rnc,
          environment: "TesteCF",
          serie: "E",
          tipoeCF: "31",
          desde: e31(1),
          hasta: e31(10),
        },
      },
    ]);
  });
});

describe("companies and environments", () => {
  it("announces nothing for a healthy company", async () => {
    const company = await createTestAccount();
    await authorize(company, e31(1), e31(1000));
    await issue(company, range(1, 20));
    await setCoverageMark(company.auth.accountId, "TesteCF", NOW - HOUR, "test", NOW);
    const result = await scanLedger({ now: NOW });
    expect(result).toEqual({
      scopes: 1,
      announced: {
        "sequence.gap_detected": 0,
        "sequence.expiring": 0,
        "sequence.depleted": 0,
        "sequence.gap_deadline_approaching": 0,
        "sequence.gap_deadline_missed": 0,
        "sequence.forecast_request_by": 0,
        "sequence.forecast_unused": 0,
      },
      failed: 0,
    });
    expect(await eventsOf(company)).toEqual([]);
    expect(await database.prisma.announcedCondition.count()).toBe(0);
  });

  it("keeps each company's and environment's events apart, even for the same numbers", async () => {
    const first = await companyWithGaps("TesteCF");
    await issue(first, [1, 2, 5, 9], NOW - 100 * HOUR, "CerteCF");
    await setCoverageMark(first.auth.accountId, "CerteCF", NOW - HOUR, "test", NOW);
    const second = await companyWithGaps("eCF");
    await authorize(second, e31(1), e31(20), "01-07-2026", "eCF");

    await scanLedger({ now: NOW });
    const firstEvents = await eventsOf(first);
    // Scanned by environment name: CerteCF's two gaps, then TesteCF's.
    expect(firstEvents.map((event) => [event.environment, event.payload.environment])).toEqual([
      ["CerteCF", "CerteCF"],
      ["CerteCF", "CerteCF"],
      ["TesteCF", "TesteCF"],
      ["TesteCF", "TesteCF"],
    ]);
    expect(firstEvents.every((event) => event.payload.customerId === first.auth.rnc)).toBe(true);
    const secondEvents = await eventsOf(second);
    expect(secondEvents.map((event) => [event.type, event.environment])).toEqual([
      ["sequence.expiring", "eCF"],
      ["sequence.gap_detected", "eCF"],
      ["sequence.gap_detected", "eCF"],
    ]);
    expect(secondEvents.every((event) => event.payload.customerId === second.auth.rnc)).toBe(true);
    const rows = await database.prisma.outboxEvent.findMany({ where: { type: { in: SEQUENCE_TYPES } } });
    expect(rows).toHaveLength(7);
  });
});

describe("recurring jobs", () => {
  it("runs the scans every LEDGER_SCAN_INTERVAL_MS and CERTIFICATE_SCAN_INTERVAL_MS (1 h and 6 h by default; 0 is off)", async () => {
    setEnvForTests({ LEDGER_SCAN_INTERVAL_MS: undefined, CERTIFICATE_SCAN_INTERVAL_MS: undefined });
    const byName = new Map(recurringJobs().map((job) => [job.name, job]));
    expect(byName.get("scans.ledger")).toMatchObject({ periodMs: HOUR, runAtStart: true });
    expect(byName.get("scans.certificates")).toMatchObject({ periodMs: 6 * HOUR, runAtStart: true });

    const company = await companyWithGaps();
    await byName.get("scans.ledger")!.run();
    expect(await eventsOf(company)).toHaveLength(2);

    setEnvForTests({ LEDGER_SCAN_INTERVAL_MS: "0", CERTIFICATE_SCAN_INTERVAL_MS: "60000" });
    const names = recurringJobs().map((job) => job.name);
    expect(names).not.toContain("scans.ledger");
    expect(recurringJobs().find((job) => job.name === "scans.certificates")?.periodMs).toBe(60_000);
    setEnvForTests({ LEDGER_SCAN_INTERVAL_MS: undefined, CERTIFICATE_SCAN_INTERVAL_MS: undefined });
  });
});
