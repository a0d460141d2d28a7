import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { postgresTarget } from "@/lib/server/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/db/test-database";

import { jobsSchemaOf } from "./background-work";
import { PgBossQueue } from "./pg-boss-queue";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(50);
  }
}

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
});
