import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type OpenDatabase } from "./open-database";
import { pgliteImage } from "./pglite-image";
import { yieldingAfterQueries } from "./yielding-pglite";

/**
 * The embedded PGlite answers without I/O: without yielding, a loop of back-to-back queries keeps
 * every timer (the webhook dispatcher's poll, the job queue) waiting until it ends. These count how
 * many timer ticks happen during such a loop, through Prisma as the app opens it and on the bare
 * wrapper; the control shows that the bare PGlite lets none through.
 */
let database: OpenDatabase;
let bare: PGlite;

beforeAll(async () => {
  // New clusters, loaded rather than initdb'd (pglite-image.ts).
  const image = await pgliteImage("empty");
  database = await openDatabase({ kind: "pglite", dataDir: undefined }, { pgliteImage: image });
  bare = new PGlite("memory://", { loadDataDir: image });
  await bare.waitReady;
});
afterAll(async () => {
  await database?.close();
  await bare?.close();
});

/** Runs `work` while a 0 ms interval counts its ticks; returns how many happened during it. */
async function ticksDuring(work: () => Promise<void>): Promise<number> {
  let ticks = 0;
  const interval = setInterval(() => ticks++, 0);
  try {
    await work();
    return ticks;
  } finally {
    clearInterval(interval);
  }
}

describe("PGlite gives the event loop a turn after each query (yielding-pglite.ts)", () => {
  it("control: 300 back-to-back queries on the bare PGlite let no timer run", async () => {
    const ticks = await ticksDuring(async () => {
      for (let n = 0; n < 300; n++) await bare.query("SELECT $1::int AS n", [n]);
    });
    expect(ticks).toBeLessThanOrEqual(2);
  });

  it("the same loop on the wrapped instance lets timers run between queries", async () => {
    const wrapped = yieldingAfterQueries(bare);
    const ticks = await ticksDuring(async () => {
      for (let n = 0; n < 300; n++) await wrapped.query("SELECT $1::int AS n", [n]);
    });
    expect(ticks).toBeGreaterThan(50);
  });

  it("Prisma's queries and interactive transactions, as the app opens PGlite, let timers run", async () => {
    const { prisma } = database;
    const queries = await ticksDuring(async () => {
      for (let n = 0; n < 200; n++) await prisma.$queryRaw`SELECT ${n}::int AS n`;
    });
    expect(queries).toBeGreaterThan(30);
    const transactions = await ticksDuring(async () => {
      for (let n = 0; n < 100; n++) {
        await prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT ${n}::int AS n`;
          await tx.$queryRaw`SELECT ${n + 1}::int AS n`;
        });
      }
    });
    expect(transactions).toBeGreaterThan(15);
  });

  it("keeps PGlite's own behaviour: results, errors, a rolled-back transaction, other members", async () => {
    const wrapped = yieldingAfterQueries(bare);
    expect((await wrapped.query<{ n: number }>("SELECT 7 AS n")).rows).toEqual([{ n: 7 }]);
    await expect(wrapped.query("SELECT * FROM no_such_table")).rejects.toThrow(/no_such_table/);
    await wrapped.exec("CREATE TABLE yielding_t (n int)");
    await expect(
      wrapped.transaction(async (tx) => {
        await tx.query("INSERT INTO yielding_t VALUES (1)");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await wrapped.query("SELECT count(*)::int AS c FROM yielding_t")).rows).toEqual([{ c: 0 }]);
    expect(wrapped.ready).toBe(true);
    expect(wrapped.closed).toBe(false);
  });
});
