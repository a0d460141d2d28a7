import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { postgresTarget } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";

import { jobsSchemaOf } from "./background-work";
import { recurringJobTiming, type RecurringJob } from "./job-queue";
import { PgBossQueue } from "./pg-boss-queue";
import { recurringJobs } from "../../runtime/recurring-jobs";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(50);
  }
}

/** Every recurring job the app declares, with every optional one on (e-mail, document refresh, scans). */
function declaredJobs(): RecurringJob[] {
  const optional = {
    SMTP_URL: "smtp://mail.example.com:587",
    MAIL_FROM: "Anula <anula@example.com>",
    DOCUMENT_REFRESH_INTERVAL_MS: "60000",
    LEDGER_SCAN_INTERVAL_MS: undefined,
    CERTIFICATE_SCAN_INTERVAL_MS: undefined,
  };
  setEnvForTests(optional);
  try {
    return recurringJobs();
  } finally {
    setEnvForTests({ SMTP_URL: undefined, MAIL_FROM: undefined, DOCUMENT_REFRESH_INTERVAL_MS: undefined });
  }
}

describe("the recurring jobs the app declares", () => {
  it("can each be scheduled (period within 12 h, expiry under 24 h), every optional one included", () => {
    const jobs = declaredJobs();
    expect(jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining([
        "events.clean-up",
        "scans.certificates",
        "scans.ledger",
        "documents.refresh-pending",
      ]),
    );
    expect(new Set(jobs.map((job) => job.name)).size).toBe(jobs.length);
    for (const job of jobs) expect(() => recurringJobTiming(job)).not.toThrow();
  });
});

/**
 * pg-boss on PostgreSQL, two queues on one database standing for two instances. PostgreSQL only:
 * on the embedded PGlite there is one process, and the in-process queue stands in (its own test).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("PgBossQueue: two instances on one database", () => {
  let database: TestDatabase;
  let schema: string;
  let connectionString: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = postgresTarget(process.env.TEST_DATABASE_URL!, database.schema);
    if (target.kind !== "postgres") throw new Error("PostgreSQL expected");
    schema = jobsSchemaOf(target);
    connectionString = target.connectionString;
  });
  afterAll(async () => database?.dispose());

  const start = () =>
    PgBossQueue.start({
      connectionString,
      schema,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });

  it("a recurring job offered by both runs once per period (one job row per time slot)", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const runs: string[] = [];
    try {
      const job = (instance: string) => ({
        name: "test.recurring",
        periodMs: 1_000,
        runAtStart: true,
        run: async () => void runs.push(instance),
      });
      await Promise.all([a.schedule(job("a")), b.schedule(job("b"))]);
      await sleep(4_500);
    } finally {
      await Promise.all([a.stop(2_000), b.stop(2_000)]);
    }
    const slots = await database.prisma.$queryRawUnsafe<Array<{ slot: Date; jobs: bigint; state: string }>>(
      `SELECT singleton_on AS slot, count(*) AS jobs, min(state::text) AS state FROM "${schema}".job
       WHERE name = 'test.recurring' GROUP BY singleton_on ORDER BY singleton_on`,
    );
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.every((slot) => slot.jobs === 1n)).toBe(true);
    // Every slot's job ran once, on one instance or the other (the last may not have been fetched).
    expect(runs.length).toBeGreaterThanOrEqual(slots.length - 1);
    expect(runs.length).toBeLessThanOrEqual(slots.length);
  }, 30_000);

  it("a job taken by an instance that died expires and is worked again by another", async () => {
    const live = await start();
    // The dead instance: it took the job (fetched it: active) and will never finish or fail it.
    const dead = new PgBoss({ connectionString, schema, supervise: false, schedule: false, max: 1 });
    await dead.start();
    const worked: Array<{ n: number }> = [];
    try {
      await live.enqueue(
        "test.deliver",
        { n: 1 },
        { expireInSeconds: 1, retryLimit: 2, retryDelaySeconds: 1 },
      );
      const [taken] = await dead.fetch<{ n: number }>("test.deliver");
      expect(taken?.data).toEqual({ n: 1 });
      await dead.stop({ graceful: false, close: true });
      await live.work<{ n: number }>("test.deliver", async (job) => void worked.push(job.data));
      await until(() => worked.length === 1, 20_000);
      expect(worked).toEqual([{ n: 1 }]);
      expect(await live.depth("test.deliver")).toBe(0);
    } finally {
      await live.stop(1_000);
    }
  }, 40_000);

  // Each with its real period and expiry: pg-boss accepts its first offer, made and awaited at
  // start. Then each on a 1-second slot over two instances: one row and one run per slot.
  it("every recurring job the app declares is in pg-boss's job table from the start, and runs once per slot", async () => {
    const jobs = declaredJobs();
    const names = jobs.map((job) => job.name);

    // Their real periods and expiries: pg-boss accepts each one's first offer.
    const runs = new Map<string, number>(names.map((name) => [name, 0]));
    const queue = await start();
    try {
      for (const job of jobs) {
        await queue.schedule({ ...job, run: async () => void runs.set(job.name, runs.get(job.name)! + 1) });
      }
      const offered = await database.prisma.$queryRawUnsafe<Array<{ name: string }>>(
        `SELECT DISTINCT name FROM "${schema}".job
         WHERE singleton_key = 'recurring' AND singleton_on IS NOT NULL AND name = ANY($1)`,
        names,
      );
      expect(offered.map((row) => row.name).sort()).toEqual([...names].sort());
      const atStart = jobs.filter((job) => job.runAtStart).map((job) => job.name);
      const end = Date.now() + 5_000;
      while (atStart.some((name) => runs.get(name) === 0) && Date.now() < end) await sleep(100);
      // Those that run at start did; the others wait one period.
      for (const job of jobs)
        expect([job.name, runs.get(job.name)! > 0]).toEqual([job.name, !!job.runAtStart]);
    } finally {
      await queue.stop(1_000);
    }
    // Rows left waiting by the first instance would otherwise be worked below as extra runs.
    await database.prisma.$executeRawUnsafe(`DELETE FROM "${schema}".job`);

    // The same names on a 1-second slot, offered by two instances: one row and one run per slot.
    const ran: string[] = [];
    const [a, b] = await Promise.all([start(), start()]);
    try {
      for (const job of jobs) {
        const fast = { ...job, periodMs: 1_000, runAtStart: true, run: async () => void ran.push(job.name) };
        await Promise.all([a.schedule(fast), b.schedule(fast)]);
      }
      await sleep(3_200);
    } finally {
      await Promise.all([a.stop(1_000), b.stop(1_000)]);
    }
    const slots = await database.prisma.$queryRawUnsafe<Array<{ name: string; slot: Date; rows: bigint }>>(
      `SELECT name, singleton_on AS slot, count(*) AS rows FROM "${schema}".job
       WHERE singleton_key = 'recurring' GROUP BY name, singleton_on`,
    );
    for (const name of names) {
      const own = slots.filter((slot) => slot.name === name);
      expect([name, own.every((slot) => slot.rows === 1n)]).toEqual([name, true]);
      expect([name, own.length >= 3]).toEqual([name, true]);
      const count = ran.filter((run) => run === name).length;
      // Every slot's job ran once (the last slot's may not have been fetched before the stop).
      expect([name, count >= own.length - 1 && count <= own.length]).toEqual([name, true]);
    }
  }, 20_000);
});
