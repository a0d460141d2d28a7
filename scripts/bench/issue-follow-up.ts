import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { followUpDueIssued } from "@/lib/server/issuing";
import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { getTaxAuthClient, setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import type { VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { percentile, report } from "./measure";
import { recording, statementTotals } from "./statements";

/** Arrivals the follow-up must keep up with: each issued e-CF needs at least one verdict round. */
const TARGET_PER_SECOND = 100;

/**
 * `issue_follow_up_per_second`: N issued e-CF En Proceso, DGII's verdict ready (the simulator
 * judges 200 ms after the reception), all due; followUpDueIssued until every one has its verdict,
 * at a few ISSUED_FOLLOW_UP_CONCURRENCY values (32 is the default). One round is one claim of
 * `concurrency` documents and their verdict questions and writes, as the loop does it; the run
 * calls followUpDueIssued with that limit so each round is timed alone. Also: DGII's time per
 * question (consultaresultado, in the simulator's own process), SQL statements per document and
 * their time in the driver. The documents are issued once over HTTP; before each further run they
 * are set back to En Proceso and due (a bench's rewind, SQL on the bench's own account only).
 * BENCH_FOLLOW_UP_DGII_MS=300: each question waits that much more, as across the internet to DGII.
 */
export async function benchIssueFollowUp(app: VoidTestApp, db: string): Promise<void> {
  const total = Number(process.env.BENCH_FOLLOW_UP_DOCUMENTS ?? 500);
  const account = await createTestAccount({ certificate: true, apiKey: true });
  await issuePending(app, account, total);
  // DGII's verdict is ready 200 ms after each reception; then every document is due at once.
  await new Promise((resolve) => setTimeout(resolve, 500));
  // A real DGII is across the internet: BENCH_FOLLOW_UP_DGII_MS adds that wait to each question.
  const wanMs = Number(process.env.BENCH_FOLLOW_UP_DGII_MS ?? 0);
  const previous = getTaxAuthClient();
  const real = app.client;
  const authorityTimes: number[] = [];
  setTaxAuthClient(
    new Proxy(real, {
      get(target, property, receiver) {
        if (property !== "queryStatus") return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<TaxAuthClient["queryStatus"]>) => {
          const started = performance.now();
          try {
            if (wanMs > 0) await new Promise((resolve) => setTimeout(resolve, wanMs));
            return await target.queryStatus(...args);
          } finally {
            authorityTimes.push(performance.now() - started);
          }
        };
      },
    }),
  );
  try {
    if (process.env.BENCH_SQL === "1") await listStatements(app, account, db);
    for (const concurrency of concurrencies()) {
      await makeDue(app, account);
      authorityTimes.length = 0;
      const rounds: number[] = [];
      let done = 0;
      const before = statementTotals();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (;;) {
        const roundStarted = performance.now();
        const ran = await followUpDueIssued({ concurrency, limit: concurrency });
        if (ran === 0) break;
        rounds.push(performance.now() - roundStarted);
        done += ran;
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const after = statementTotals();
      await mustAllBeAccepted(app, account, total, done);
      const perSecond = total / seconds;
      const line = { concurrency, db, documents: total, ...(wanMs > 0 ? { dgiiExtraMs: wanMs } : {}) };
      report({
        name: "issue_follow_up_per_second",
        value: perSecond,
        unit: "count",
        target: TARGET_PER_SECOND,
        keepsUp: perSecond >= TARGET_PER_SECOND,
        ...line,
      });
      report({ name: "issue_follow_up_round_p50", value: percentile(rounds, 50), unit: "ms", ...line });
      report({
        name: "issue_follow_up_authority_p50",
        value: percentile(authorityTimes, 50),
        unit: "ms",
        ...line,
      });
      report({
        name: "issue_follow_up_statements",
        value: (after.count - before.count) / total,
        unit: "count",
        ...line,
      });
      report({ name: "issue_follow_up_db_ms", value: (after.ms - before.ms) / total, unit: "ms", ...line });
      // This process's CPU per document (app, PGlite when embedded; not the simulator's process).
      report({
        name: "issue_follow_up_cpu_ms",
        value: (cpu.user + cpu.system) / 1000 / total,
        unit: "ms",
        ...line,
      });
    }
  } finally {
    setTaxAuthClient(previous);
  }
}

/** BENCH_FOLLOW_UP_CONCURRENCY="32,128": the values to run (8, 32 — the default — and 64 otherwise). */
function concurrencies(): number[] {
  const values = (process.env.BENCH_FOLLOW_UP_CONCURRENCY ?? "8,32,64").split(",").map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1 || value > 256))
    throw new Error("BENCH_FOLLOW_UP_CONCURRENCY: integers from 1 to 256, comma-separated");
  return values;
}

/** `total` e-CF 31 issued over HTTP, 16 at a time, each received by DGII (En Proceso, a trackId). */
async function issuePending(app: VoidTestApp, account: TestAccount, total: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < total) {
        next += 1;
        const encf = `E31${String(5_000_000 + next).padStart(10, "0")}`;
        const body = sampleEcfBody("31");
        const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
        encabezado.IdDoc!.eNCF = encf;
        encabezado.Emisor!.RNCEmisor = account.auth.rnc;
        const response = await app.call("POST", "/TesteCF/documentos-ecf", {
          token: account.idToken,
          body,
          headers: { "x-api-key": account.apiKey! },
        });
        if (response.status !== 200 || !response.body.trackId)
          throw new Error(`issuing ${encf}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }),
  );
}

/** Every document of the bench's account En Proceso and due now, no claim held. */
async function makeDue(app: VoidTestApp, account: TestAccount): Promise<void> {
  await app.db.prisma.document.updateMany({
    where: { accountId: account.auth.accountId },
    data: {
      status: "En Proceso",
      followUpAt: BigInt(Date.now()),
      followUpClaimedUntil: null,
      followUpAttempts: 0,
    },
  });
}

/** Refuses numbers of a run that did not do the work: each document one round, each Aceptado. */
async function mustAllBeAccepted(
  app: VoidTestApp,
  account: TestAccount,
  total: number,
  rounds: number,
): Promise<void> {
  const accepted = await app.db.prisma.document.count({
    where: { accountId: account.auth.accountId, status: "Aceptado", followUpAt: null },
  });
  if (accepted !== total || rounds !== total)
    throw new Error(`follow-up bench: ${accepted} of ${total} Aceptado after ${rounds} rounds`);
}

/** BENCH_SQL=1: prints, on stderr, each statement one document's verdict round sends, with its time. */
async function listStatements(app: VoidTestApp, account: TestAccount, db: string): Promise<void> {
  await makeDue(app, account);
  const { statements } = await recording(() => followUpDueIssued({ concurrency: 1, limit: 1 }));
  console.error(`-- ${statements.length} statements for one document's verdict round (${db})`);
  statements.forEach((statement, i) =>
    console.error(
      `${String(i + 1).padStart(3)} ${statement.ms.toFixed(2).padStart(6)} ms  ${statement.sql.slice(0, 220)}`,
    ),
  );
}
