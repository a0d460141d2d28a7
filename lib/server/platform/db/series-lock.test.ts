import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "./test-database";
import { getDb } from "./get-db";
import { lockSeries, seriesLockKey, seriesLockKeys } from "./series-lock";
import { inTransaction } from "./transaction-scope";
import { openDatabase } from "./open-database";
import { postgresTarget } from "./database-target";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

describe("seriesLockKey", () => {
  it("is one signed 64-bit key per (company, environment, series+type), the same as the ledger's SQL", async () => {
    const key = seriesLockKey("acc-1", "TesteCF", "E", "31");
    expect(key).toBe(seriesLockKey("acc-1", "TesteCF", "E", "31"));
    expect(key).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(key).toBeLessThan(2n ** 63n);
    expect(
      new Set([
        key,
        seriesLockKey("acc-2", "TesteCF", "E", "31"),
        seriesLockKey("acc-1", "eCF", "E", "31"),
        seriesLockKey("acc-1", "TesteCF", "E", "32"),
        seriesLockKey("acc-1", "TesteCF", "F", "31"),
      ]).size,
    ).toBe(5);
    // The IssuedInterval triggers (migration issued_intervals) lock the same keys in SQL.
    const [row] = await database.prisma.$queryRaw<Array<{ key: bigint }>>`
      SELECT "ledger_series_lock_key"('acc-1', 'TesteCF', 'E', '31') AS key`;
    expect(row!.key).toBe(key);
  });

  it("seriesLockKeys gives each series+type once", () => {
    const keys = seriesLockKeys("acc-1", "TesteCF", [
      { serie: "E", tipoeCF: "31" },
      { serie: "E", tipoeCF: "32" },
      { serie: "E", tipoeCF: "31" },
    ]);
    expect(keys).toHaveLength(2);
  });
});

describe("inTransaction", () => {
  it("getDb() inside returns the transaction: a throw rolls back what the code it calls wrote", async () => {
    const id = `tx-scope-${Date.now()}`;
    await expect(
      inTransaction(await getDb(), async () => {
        const db = await getDb(); // a repository's own getDb(): the transaction's client
        await db.runtimeStep.create({ data: { id, doneAt: 1n } });
        // Nested calls join the same transaction (also $transaction on the scoped client).
        await inTransaction(await getDb(), async (tx) => tx.runtimeStep.count());
        await db.$transaction(async (tx) => tx.runtimeStep.count());
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await database.prisma.runtimeStep.count({ where: { id } })).toBe(0);
    await inTransaction(await getDb(), async () => {
      await (await getDb()).runtimeStep.create({ data: { id, doneAt: 1n } });
    });
    expect(await database.prisma.runtimeStep.count({ where: { id } })).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("lockSeries on PostgreSQL", () => {
  it("holds each key until commit: another connection waits; order-independent sets never deadlock", async () => {
    // A second client on the same schema: another instance.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const other = await openDatabase(postgresTarget(url.toString(), database.schema));
    try {
      const a = seriesLockKey("acc-1", "TesteCF", "E", "31");
      const b = seriesLockKey("acc-1", "TesteCF", "E", "32");
      const order: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const first = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.prisma.$transaction(async (tx) => {
        await lockSeries(tx, [a, b]);
        locked();
        order.push("A locked");
        await released;
        order.push("A commits");
      });
      await first;
      const [probe] = await other.prisma.$queryRaw<
        Array<{ got: boolean }>
      >`SELECT pg_try_advisory_lock(${a}) AS got`;
      expect(probe!.got).toBe(false);
      // The other instance asks for the same keys in the other order: it waits, then gets them.
      const waiter = other.prisma.$transaction(async (tx) => {
        await lockSeries(tx, [b, a]);
        order.push("B locked");
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(order).toEqual(["A locked"]);
      release();
      await Promise.all([holder, waiter]);
      expect(order).toEqual(["A locked", "A commits", "B locked"]);
    } finally {
      await other.close();
    }
  });
});
