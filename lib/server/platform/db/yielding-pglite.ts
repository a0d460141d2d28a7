import "server-only";

import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs PostgreSQL on the app's own thread and answers through promises alone, with no I/O in
 * between: a loop of back-to-back queries or transactions never returns to the event loop, so
 * timers (the webhook dispatcher, the job queue, leases) and sockets (HTTP requests, webhook
 * answers) wait until the loop ends. Measured with `npm run bench webhooks`: 1,000 events written
 * back to back reached the receiver 3–9 s late, the dispatcher getting one round in the whole burst.
 *
 * This wraps the instance Prisma uses so that each query and each transaction, once finished,
 * gives the event loop one turn (setImmediate), as a query over a socket does. Statements inside a
 * transaction do not yield: the transaction holds PGlite's only connection, and a turn there would
 * only make others wait longer for it.
 */
export function yieldingAfterQueries(pglite: PGlite): PGlite {
  const afterwards =
    <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await method(...args);
      } finally {
        await nextTurn();
      }
    };
  const query = afterwards(pglite.query.bind(pglite));
  const exec = afterwards(pglite.exec.bind(pglite));
  const transaction = afterwards(pglite.transaction.bind(pglite));
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "exec") return exec;
      if (property === "transaction") return transaction;
      // PGlite keeps its state in private fields: its own methods must run on the instance itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
