import "server-only";

import { AsyncLocalStorage } from "node:async_hooks";

import type { Prisma, PrismaClient } from "@/prisma/generated/client";

/**
 * A transaction that the code it calls joins without being handed the client: inside
 * `inTransaction(work)`, getDb() returns the transaction's client, so repositories written with
 * getDb() (the ALREADY_VOIDED and SEQUENCE_USED checks, the write-ahead insert) run in it. Needed
 * for two reasons: the advisory locks per series (series-lock.ts) must be held by the connection
 * that checks and writes; and on PGlite (one connection) a query outside an open transaction waits
 * for it to end — a deadlock if the transaction waited for that query.
 *
 * On globalThis, like the database handle: the built app bundles this module more than once.
 */
const holder = globalThis as typeof globalThis & {
  __anulaTxScope?: AsyncLocalStorage<PrismaClient>;
};
const scope: AsyncLocalStorage<PrismaClient> = (holder.__anulaTxScope ??= new AsyncLocalStorage());

/** The transaction's client as a PrismaClient: `$transaction` inside the scope joins the same transaction. */
function joined(tx: Prisma.TransactionClient): PrismaClient {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === "$transaction") {
        return async (work: unknown) => {
          if (typeof work === "function") return (work as (client: unknown) => unknown)(receiver);
          const results: unknown[] = [];
          for (const query of work as Array<Promise<unknown>>) results.push(await query);
          return results;
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as unknown as PrismaClient;
}

/** The client of the transaction the caller runs in, if any. */
export function scopedTransaction(): PrismaClient | undefined {
  return scope.getStore();
}

export interface TransactionOptions {
  /** How long the transaction may last (lock waits included). Default 60 s. */
  timeoutMs?: number;
  /** How long to wait for a connection. Default 10 s. */
  maxWaitMs?: number;
}

/**
 * Runs `work` in one interactive transaction that getDb() returns while it runs (nested calls join
 * it). Keep the work short and free of network calls: the transaction holds a connection and its
 * locks until it returns.
 */
export async function inTransaction<T>(
  db: PrismaClient,
  work: (tx: PrismaClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const current = scope.getStore();
  if (current) return work(current);
  return db.$transaction(
    (tx) => {
      const client = joined(tx);
      return scope.run(client, () => work(client));
    },
    { timeout: options.timeoutMs ?? 60_000, maxWait: options.maxWaitMs ?? 10_000 },
  );
}
