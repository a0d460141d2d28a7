import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { sampleVoidContent, storeAcceptedVoid } from "@/lib/server/voids/testing/stored-voids";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { enforceTaxAuthMode } from "@/lib/server/platform/taxauth/deployment-mode";
import { collectStepTimings, takeStepTimings } from "@/lib/server/platform/metrics/step-timings";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { sendFromAnotherProcess, type LoadRequest } from "./load-generator";
import { startSimulatorProcess } from "./simulator-process";
import { percentile, report } from "./measure";
import { seedVoids } from "./seed-voids";
import { countStatements, recording, statementTotals } from "./statements";

/**
 * SQL statements (BEGIN and COMMIT included) one POST of a one-range void may send, counted at c=1
 * with no Idempotency-Key and the rate limit off. Measured: 11 on PGlite and on PostgreSQL (18
 * before the reads and writes were folded) — the caller (1); the approval policy with the active
 * certificate (1, one read); the write-ahead transaction (5: BEGIN, the series lock, every refusing
 * check's read in one statement — Idempotency-Key, voided blocks, issued numbers, authorizations,
 * sends in flight — the record with its void.created event, COMMIT); the settling transaction (4:
 * BEGIN, the lock, the update with its index rows, its event and the void.sent activity entry,
 * COMMIT). The lock stays a statement of its own: a read in the lock's statement would see the
 * snapshot taken before the wait. The deployment's TAXAUTH (`simulado`) is read at the start. A
 * change that adds a round trip fails the bench here, and raising this number says why.
 */
const MAX_STATEMENTS_PER_VOID = 11;

/**
 * Issue "void service": POST and GET void-ncf over real HTTP on loopback, against the simulator.
 * Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (the `db` field says which).
 */
export async function benchVoids(): Promise<void> {
  // The authority runs in its own process, as DGII does: its CPU never competes with the server's
  // event loop, and its own time is measured around each call and subtracted ("server time").
  const authority = await startSimulatorProcess(4791);
  countStatements();
  const app = await startVoidTestApp({
    deadlineMs: 60_000,
    responseTimeoutMs: 120_000,
    taxAuthUrl: authority.url,
  });
  const real = app.client;
  setTaxAuthClient({
    voidRanges: async (...args: Parameters<TaxAuthClient["voidRanges"]>) => {
      const started = performance.now();
      try {
        return await real.voidRanges(...args);
      } finally {
        authorityMs.set(args[0].fileName, performance.now() - started);
      }
    },
  } as unknown as TaxAuthClient);
  // As every start does (prepareDatabase): the database's TAXAUTH, recorded once.
  await enforceTaxAuthMode(app.db.prisma, "simulator");
  const db = app.db.kind;
  let statementsPerVoid: number;
  try {
    statementsPerVoid = await benchSmallVoids(app, db);
    // BENCH_VOIDS=small: only the one-range voids, for comparing commits quickly on a shared machine.
    if (process.env.BENCH_VOIDS !== "small") {
      await benchLargeVoid(app, db);
      await benchList(app, db);
      await benchLargeVoidsList(app, db);
    }
  } finally {
    setTaxAuthClient(real);
    await app.close();
    authority.stop();
  }
  if (statementsPerVoid > MAX_STATEMENTS_PER_VOID) {
    console.error(
      `FAIL void_post_1_range_statements: ${statementsPerVoid} SQL statements per one-range void, ` +
        `the cap is ${MAX_STATEMENTS_PER_VOID} (scripts/bench/voids.ts MAX_STATEMENTS_PER_VOID)`,
    );
    process.exit(1);
  }
}

/** Authority time per void, by fileName (unique per attempt). */
const authorityMs = new Map<string, number>();

let next = 0;
function oneRange() {
  next += 1;
  const encf = `E31${String(next).padStart(10, "0")}`;
  return { ranges: [{ secuenciaDesde: encf, secuenciaHasta: encf }] };
}

/** Server time of one POST: the round trip minus the authority's own time for that void. */
async function timedPost(app: VoidTestApp, token: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await app.call("POST", "/TesteCF/customer/void-ncf", { token, body });
  if (response.status !== 200)
    throw new Error(`void failed: ${response.status} ${JSON.stringify(response.body)}`);
  return performance.now() - started - (authorityMs.get(response.body.fileName as string) ?? 0);
}

/** Posts one-range voids at c=1 and c=16; answers the SQL statements one void sends (median at c=1). */
async function benchSmallVoids(app: VoidTestApp, db: string): Promise<number> {
  const account = await createTestAccount({ certificate: true });
  for (let i = 0; i < 20; i++) await timedPost(app, account.idToken, oneRange()); // warm-up
  if (process.env.BENCH_SQL === "1") await listStatements(app, account.idToken, db);
  const statements: number[] = [];
  for (const concurrency of [1, 16]) {
    const times: number[] = [];
    const dbMs: number[] = [];
    const total = 400;
    let issued = 0;
    if (concurrency === 1) collectStepTimings();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < total) {
          issued += 1;
          const before = statementTotals();
          times.push(await timedPost(app, account.idToken, oneRange()));
          // Alone at c=1, the deltas are this void's; at c=16 they mix with the others'.
          const after = statementTotals();
          if (concurrency === 1) {
            statements.push(after.count - before.count);
            dbMs.push(after.ms - before.ms);
          }
        }
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    // This process's CPU (server, load generator, worker threads; not the authority's process).
    report({
      name: "void_post_1_range_cpu_per_void",
      value: (cpu.user + cpu.system) / 1000 / total,
      unit: "ms",
      concurrency,
      db,
    });
    if (concurrency === 1) {
      // Median per step at c=1 (`send` includes the authority's own time): where a regression is.
      for (const [step, values] of takeStepTimings()) {
        report({ name: `void_post_1_range_step_${step}_p50`, value: percentile(values, 50), unit: "ms", db });
      }
    }
    for (const p of [50, 99]) {
      report({ name: `void_post_1_range_p${p}`, value: percentile(times, p), unit: "ms", concurrency, db });
    }
    if (concurrency === 1) {
      report({ name: "void_post_1_range_statements", value: percentile(statements, 50), unit: "count", db });
      report({ name: "void_post_1_range_statements_max", value: Math.max(...statements), unit: "count", db });
      // Time spent waiting on the database driver, out of the server time above.
      report({ name: "void_post_1_range_db_p50", value: percentile(dbMs, 50), unit: "ms", concurrency, db });
    }
  }
  for (const concurrency of [1, 16]) {
    const total = 400;
    const requests = Array.from({ length: total }, (): LoadRequest => ({
      method: "POST",
      url: `${app.server.url}/TesteCF/customer/void-ncf`,
      headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" },
      body: JSON.stringify(oneRange()),
    }));
    const { results, serverCpuMs, perSecond } = await sendFromAnotherProcess({ concurrency, requests });
    const failed = results.find((result) => result.status !== 200);
    if (failed) throw new Error(`void failed: ${failed.status} ${JSON.stringify(failed.body)}`);
    // The clients in another process: this process's CPU is the server's alone (with its worker
    // threads and, on PGlite, the database; DGII's simulator is a third process).
    report({
      name: "void_post_1_range_server_cpu_per_void",
      value: serverCpuMs / total,
      unit: "ms",
      concurrency,
      db,
      // Served per second, from the clients' side, at this concurrency.
      per_second: Math.round(perSecond),
    });
  }
  return percentile(statements, 50);
}

/** BENCH_SQL=1: prints, on stderr, each statement one one-range void sends, in order, with its time. */
async function listStatements(app: VoidTestApp, token: string, db: string): Promise<void> {
  const { statements } = await recording(() => timedPost(app, token, oneRange()));
  console.error(`-- ${statements.length} statements for one POST void-ncf of one range (${db})`);
  statements.forEach((statement, i) =>
    console.error(
      `${String(i + 1).padStart(3)} ${statement.ms.toFixed(2).padStart(6)} ms  ${statement.sql.slice(0, 220)}`,
    ),
  );
}

/**
 * Runs `request` while a 10 ms timer watches the event loop: its worst delay is what other requests
 * would have waited. Only the request until its answer's headers is watched.
 */
async function watchingEventLoop(request: () => Promise<Response>) {
  let maxLagMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const response = await request();
    return { response, ms: performance.now() - started, maxLagMs };
  } finally {
    clearInterval(probe);
  }
}

async function benchLargeVoid(app: VoidTestApp, db: string): Promise<void> {
  const account = await createTestAccount({ certificate: true });
  // The client shares this process: its own work (encoding the 7 MB body, reading the 10 MB answer)
  // happens before and after the watched part, so the lag is the server's alone.
  const body = Buffer.from(JSON.stringify(sampleVoidBody(100_000)));
  const posted = await watchingEventLoop(() =>
    fetch(`${app.server.url}/TesteCF/customer/void-ncf`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" },
      body,
    }),
  );
  const answer = (await posted.response.json()) as { fileName?: string; voidId?: string };
  if (posted.response.status !== 200) throw new Error(`large void failed: ${posted.response.status}`);
  const authority = authorityMs.get(answer.fileName ?? "") ?? 0;
  report({ name: "void_post_100000_ranges_server_ms", value: posted.ms - authority, unit: "ms", db });
  report({ name: "void_post_100000_ranges_authority_ms", value: authority, unit: "ms", db });
  report({ name: "void_post_100000_ranges_max_event_loop_lag", value: posted.maxLagMs, unit: "ms", db });

  // Reading it back: GET ?voidId= answers its 100,000 ranges (~10 MB of JSON).
  const read = await watchingEventLoop(() =>
    fetch(`${app.server.url}/TesteCF/customer/void-ncf?voidId=${answer.voidId ?? ""}`, {
      headers: { authorization: `Bearer ${account.idToken}` },
    }),
  );
  const readBody = (await read.response.json()) as { ranges?: unknown[] };
  if (read.response.status !== 200 || readBody.ranges?.length !== 100_000)
    throw new Error(`reading the large void failed: ${read.response.status}`);
  report({ name: "void_get_100000_ranges_ms", value: read.ms, unit: "ms", db });
  report({ name: "void_get_100000_ranges_max_event_loop_lag", value: read.maxLagMs, unit: "ms", db });
}

async function benchList(app: VoidTestApp, db: string): Promise<void> {
  const account = await createTestAccount({ certificate: true });
  await seedVoids(app.db.prisma, account.auth, 100_000, {
    idPrefix: "01900000-0000-7000-8000-",
    startMs: Date.now() - 100_000_000,
  });
  const times: number[] = [];
  let token: string | undefined;
  for (let i = 0; i < 200; i++) {
    const query = token ? `?limit=25&nextToken=${encodeURIComponent(token)}` : "?limit=25&status=Aceptado";
    const started = performance.now();
    const response = await app.call("GET", `/TesteCF/customer/void-ncf${query}`, { token: account.idToken });
    times.push(performance.now() - started);
    token = response.body.nextToken as string | undefined;
  }
  report({
    name: "void_list_page_p50",
    value: percentile(times.slice(20), 50),
    unit: "ms",
    records: 100_000,
    db,
  });
}

/**
 * Issue "Hardening" #3: an account with 60 voids of 100,000 ranges. Its list pages stay bounded
 * (≤ 1 item or ≤ ~1 MB each), the process's memory stays bounded, and another account's requests
 * keep answering meanwhile.
 */
async function benchLargeVoidsList(app: VoidTestApp, db: string): Promise<void> {
  const big = await createTestAccount({ certificate: true });
  const other = await createTestAccount({ certificate: true });
  const content = sampleVoidContent(100_000);
  const base = Date.now() - 10_000_000;
  for (let n = 0; n < 60; n++) {
    const id = `01910000-0000-7000-8000-${String(n).padStart(12, "0")}`;
    await storeAcceptedVoid(app.db.prisma, big.auth, content, id, base + n * 1_000);
  }
  await app.call("GET", "/TesteCF/customer/void-ncf?limit=1", { token: other.idToken }); // warm
  const otherTimes: number[] = [];
  let measuring = true;
  const otherLoop = (async () => {
    while (measuring) {
      const started = performance.now();
      await app.call("GET", "/TesteCF/customer/void-ncf?limit=1", { token: other.idToken });
      otherTimes.push(performance.now() - started);
    }
  })();
  const rssBefore = process.memoryUsage().rss;
  let rssMax = rssBefore;
  const memoryProbe = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 20);
  try {
    for (const [label, query] of [
      ["default", ""],
      ["limit_100", "?limit=100"],
    ] as const) {
      const started = performance.now();
      const response = await fetch(`${app.server.url}/TesteCF/customer/void-ncf${query}`, {
        headers: { authorization: `Bearer ${big.idToken}` },
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`large list failed: ${response.status}`);
      report({
        name: `void_list_${label}_page_ms`,
        value: ms,
        unit: "ms",
        voids: 60,
        rangesEach: 100_000,
        db,
      });
      report({ name: `void_list_${label}_page_bytes`, value: bytes, unit: "count", db });
    }
  } finally {
    measuring = false;
    await otherLoop;
    clearInterval(memoryProbe);
  }
  report({
    name: "void_list_large_pages_rss_growth_mb",
    value: (rssMax - rssBefore) / 1e6,
    unit: "count",
    db,
  });
  report({
    name: "void_list_other_account_p99",
    value: percentile(otherTimes, 99),
    unit: "ms",
    requests: otherTimes.length,
    db,
  });
}
