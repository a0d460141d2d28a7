import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Counts every SQL statement the process sends, on PGlite and on PostgreSQL, without touching the
 * app: the drivers' own query methods are wrapped before the database opens. Prisma's query events
 * would miss the transactions' BEGIN and COMMIT (PGlite runs them inside `transaction()`, below
 * Prisma's adapter), and those are round trips too.
 *
 * With BENCH_SQL=1, `recording()` also keeps each statement's text and time, to list them.
 */
export interface Statement {
  sql: string;
  ms: number;
}

const state = { count: 0, ms: 0, recorded: undefined as Statement[] | undefined };

function note(sql: string, ms: number): void {
  state.count += 1;
  state.ms += ms;
  state.recorded?.push({ sql: sql.replace(/\s+/g, " ").trim(), ms });
}

async function timed<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    note(sql, performance.now() - started);
  }
}

function sqlOf(query: unknown): string {
  if (typeof query === "string") return query;
  if (query && typeof query === "object" && "text" in query) return String(query.text);
  return "?";
}

let installed = false;

/** Wraps the drivers once; call before the first database opens. */
export function countStatements(): void {
  if (installed) return;
  installed = true;
  const lite = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const query = lite.query!;
  const exec = lite.exec!;
  const transaction = lite.transaction!;
  lite.query = function (this: unknown, ...args: unknown[]) {
    return timed(sqlOf(args[0]), () => query.apply(this, args));
  };
  lite.exec = function (this: unknown, ...args: unknown[]) {
    return timed(sqlOf(args[0]), () => exec.apply(this, args));
  };
  // PGlite sends BEGIN and COMMIT (or ROLLBACK) itself; the statements inside go through `tx`.
  lite.transaction = function (this: unknown, ...args: unknown[]) {
    const work = args[0] as (tx: Record<string, unknown>) => Promise<unknown>;
    note("BEGIN", 0);
    let ended = false;
    const counted = (tx: Record<string, unknown>) => {
      const inner = tx.query as (...a: unknown[]) => Promise<unknown>;
      const innerExec = tx.exec as (...a: unknown[]) => Promise<unknown>;
      const innerRollback = tx.rollback as () => Promise<unknown>;
      return work(
        Object.assign(Object.create(tx) as Record<string, unknown>, {
          query: (...a: unknown[]) => timed(sqlOf(a[0]), () => inner(...a)),
          exec: (...a: unknown[]) => timed(sqlOf(a[0]), () => innerExec(...a)),
          rollback: () => {
            ended = true;
            return timed("ROLLBACK", innerRollback);
          },
        }),
      );
    };
    return transaction.call(this, counted).then(
      (value) => {
        if (!ended) note("COMMIT", 0);
        return value;
      },
      (error: unknown) => {
        if (!ended) note("ROLLBACK", 0);
        throw error;
      },
    );
  };
  // PrismaPg sends everything, BEGIN and COMMIT included, through a pooled client's query().
  const client = pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const clientQuery = client.query!;
  client.query = function (this: unknown, ...args: unknown[]) {
    const result = clientQuery.apply(this, args);
    if (!(result instanceof Promise)) {
      note(sqlOf(args[0]), 0); // callback or submittable form: counted, not timed
      return result;
    }
    const started = performance.now();
    return result.finally(() => note(sqlOf(args[0]), performance.now() - started));
  };
}

/** Statements sent and their total time in the driver (ms) so far. */
export function statementTotals(): { count: number; ms: number } {
  return { count: state.count, ms: state.ms };
}

/** Runs `work` keeping each statement it sends (statements of other work meanwhile included). */
export async function recording<T>(work: () => Promise<T>): Promise<{ value: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  state.recorded = statements;
  try {
    return { value: await work(), statements };
  } finally {
    state.recorded = undefined;
  }
}
