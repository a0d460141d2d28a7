import { Decimal } from "decimal.js";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import { checkEcfRules } from "@/lib/domain/ecf-rules";
import type { EcfJson } from "@/lib/domain/ecf-validation";
import { formatFechaHora } from "@/lib/domain/fecha";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { buildEcfXml } from "@/lib/server/issuing/ecf-schema";
import { SAMPLE_ECF_BODIES } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { validateIssue } from "@/lib/server/issuing/validate-issue";
import { collectStepTimings, takeStepTimings } from "@/lib/server/platform/metrics/step-timings";
import { signXml } from "@/lib/server/platform/signing";
import { TEST_RNC, testCredential } from "@/lib/server/platform/signing/test-fixtures";
import type { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { enforceTaxAuthMode } from "@/lib/server/platform/taxauth/deployment-mode";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import { benchIssueFollowUp } from "./issue-follow-up";
import { sendFromAnotherProcess, type LoadRequest } from "./load-generator";
import { startSimulatorProcess } from "./simulator-process";
import { percentile, report } from "./measure";
import { countStatements, recording, statementTotals } from "./statements";

// The sample bodies are DGII's shape; the bench reaches into it by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EcfObject = Record<string, any>;

/**
 * SQL statements (BEGIN and COMMIT included) one POST of an e-CF 31 may send, counted at c=1 with
 * no Idempotency-Key, in TesteCF (no issuer certification read), DGII's reception answered within
 * the budget. Measured: 9 on PGlite and on PostgreSQL (15 before the reads and writes were folded) —
 * the caller (1) and its API key (1); the number's check before signing with the active certificate
 * (1, one read); the write-ahead transaction (5: BEGIN, the series lock, the number's check under it,
 * the document with its document.status_changed event, COMMIT); DGII's reception recorded with its
 * event (1: a compare-and-set on the row as written ahead, no transaction). The lock stays a
 * statement of its own: a read in the lock's statement would see the snapshot taken before the
 * wait. A change that adds a round trip fails the bench here, and raising this number says why.
 */
const MAX_STATEMENTS_PER_ECF = 9;

/**
 * `npm run bench issue`: the cost of issuing an e-CF 31. In-process and without a database, the
 * preparation (validateIssue: DGII's XSD walk that builds the XML and DGII's rules; then the
 * signature) of 10 and 1,000 items; over real HTTP on loopback, POST …/documentos-ecf end to end
 * against the simulator in its own process, as the void bench runs it. PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set (the `db` field says which); then the follow-up of issued e-CF to DGII's
 * verdict (issue-follow-up.ts). BENCH_ISSUE=prepare: only the in-process part; BENCH_ISSUE=follow-up:
 * only the follow-up; BENCH_ISSUE=posts: only the POSTs over HTTP.
 */
export async function benchIssue(): Promise<void> {
  if (process.env.BENCH_ISSUE !== "follow-up" && process.env.BENCH_ISSUE !== "posts") {
    benchPrepare(10, { runs: 500, warmup: 50, targetP50: 5 });
    benchPrepare(1_000, { runs: 40, warmup: 5, targetP50: 100 });
  }
  if (process.env.BENCH_ISSUE !== "prepare") await benchIssueOverHttp();
}

/**
 * The sample e-CF 31 with `items` lines (its three repeated in turn) and every total recomputed from
 * them as DGII's rules check them: gravado at 18 %, exento, ITBIS rounded to cents, the payment
 * equal to MontoTotal. FechaEmision is today, so no date rule depends on when the bench runs.
 */
export function ecf31WithItems(
  items: number,
  rnc: string,
  encf: string,
  now = Date.now(),
): { ECF: EcfObject } {
  const ecf = structuredClone(SAMPLE_ECF_BODIES["31"].ECF) as EcfObject;
  const sampleLines = ecf.DetallesItems.Item as EcfObject[];
  const lines: EcfObject[] = Array.from({ length: items }, (_, i) => ({
    ...structuredClone(sampleLines[i % sampleLines.length]!),
    NumeroLinea: i + 1,
  }));
  let gravado = new Decimal(0);
  let exento = new Decimal(0);
  for (const line of lines) {
    const amount = new Decimal(String(line.MontoItem));
    if (!amount.equals(new Decimal(String(line.CantidadItem)).times(String(line.PrecioUnitarioItem))))
      throw new Error(`sample line ${line.NumeroLinea}: MontoItem is not CantidadItem × PrecioUnitarioItem`);
    const indicator = String(line.IndicadorFacturacion);
    if (indicator === "1") gravado = gravado.plus(amount);
    else if (indicator === "4") exento = exento.plus(amount);
    else
      throw new Error(
        `sample line ${line.NumeroLinea}: IndicadorFacturacion ${indicator} is not summed here`,
      );
  }
  const itbis = gravado.times(18).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const total = gravado.plus(itbis).plus(exento);
  ecf.DetallesItems.Item = lines;
  ecf.Encabezado.IdDoc.eNCF = encf;
  ecf.Encabezado.IdDoc.TablaFormasPago = { FormaDePago: [{ FormaPago: 1, MontoPago: total.toFixed(2) }] };
  ecf.Encabezado.Emisor.RNCEmisor = rnc;
  ecf.Encabezado.Emisor.FechaEmision = formatFechaHora(now).slice(0, 10);
  ecf.Encabezado.Totales = {
    MontoGravadoTotal: gravado.toFixed(2),
    MontoGravadoI1: gravado.toFixed(2),
    MontoExento: exento.toFixed(2),
    ITBIS1: "18",
    TotalITBIS: itbis.toFixed(2),
    TotalITBIS1: itbis.toFixed(2),
    MontoTotal: total.toFixed(2),
  };
  return { ECF: ecf };
}

/** Refuses to time a body the service would refuse: the numbers would be an error path's. */
function mustValidate(body: unknown, rnc: string, now: number) {
  const validation = validateIssue(body, rnc, now);
  if (!validation.ok) {
    throw new Error(`the bench's e-CF does not validate: ${JSON.stringify(validation.errors.slice(0, 5))}`);
  }
  return validation.issue;
}

function timesOf(fn: () => unknown, runs: number, warmup: number): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times;
}

/** validate + build XML + sign, as issueEcf does before it touches the database; then each part alone. */
function benchPrepare(items: number, options: { runs: number; warmup: number; targetP50: number }): void {
  const credential = testCredential();
  const now = Date.now();
  const body = ecf31WithItems(items, TEST_RNC, "E310000000001", now);
  mustValidate(body, TEST_RNC, now);
  const prepare = timesOf(
    () => signXml(mustValidate(body, TEST_RNC, now).xml, credential),
    options.runs,
    options.warmup,
  );
  const name = `issue_prepare_${items}_items`;
  report({ name: `${name}_p50`, value: percentile(prepare, 50), unit: "ms", target: options.targetP50 });
  report({ name: `${name}_p95`, value: percentile(prepare, 95), unit: "ms" });

  // Where the time goes: the XSD walk (builds the XML), DGII's rules, the signature.
  const signedDate = formatFechaHora(now);
  const built = buildEcfXml("31", body, { fechaHoraFirma: signedDate });
  if (!built.ok) throw new Error("the bench's e-CF does not fit DGII's XSD");
  const parts: Record<string, () => unknown> = {
    xsd_walk: () => buildEcfXml("31", body, { fechaHoraFirma: signedDate }),
    rules: () => checkEcfRules(body.ECF as EcfJson, { today: santoDomingoToday(now) }),
    sign: () => signXml(built.xml, credential),
  };
  for (const [part, fn] of Object.entries(parts)) {
    report({ name: `${name}_${part}_p50`, value: percentile(timesOf(fn, options.runs, 2), 50), unit: "ms" });
  }
}

/** yyyy-MM-dd in Santo Domingo (UTC−4 all year), as validateIssue gives the rules. */
function santoDomingoToday(now: number): string {
  return new Date(now - 4 * 3_600_000).toISOString().slice(0, 10);
}

/** Authority time per e-CF sent, by fileName (`{RNC}{eNCF}.xml`, unique per e-NCF). */
const authorityMs = new Map<string, number>();

async function benchIssueOverHttp(): Promise<void> {
  // As the void bench: DGII's simulator in its own process, its time measured around each send and
  // subtracted ("server time"); the app in this process on PGlite or TEST_DATABASE_URL.
  const authority = await startSimulatorProcess(4792);
  countStatements();
  const app = await startVoidTestApp({
    deadlineMs: 60_000,
    responseTimeoutMs: 120_000,
    taxAuthUrl: authority.url,
    routes: [{ pattern: "/[environment]/documentos-ecf", module: documentRoute }],
  });
  const real = app.client;
  setTaxAuthClient({
    sendEcf: async (...args: Parameters<TaxAuthClient["sendEcf"]>) => {
      const started = performance.now();
      try {
        return await real.sendEcf(...args);
      } finally {
        authorityMs.set(args[0].fileName, performance.now() - started);
      }
    },
  } as unknown as TaxAuthClient);
  await enforceTaxAuthMode(app.db.prisma, "simulator");
  let statementsPerEcf: number | undefined;
  try {
    // First, while no other issued e-CF is pending: its follow-up claims every due document.
    if (process.env.BENCH_ISSUE !== "posts") await benchIssueFollowUp(app, app.db.kind);
    if (process.env.BENCH_ISSUE !== "follow-up") statementsPerEcf = await benchPosts(app, app.db.kind);
  } finally {
    setTaxAuthClient(real);
    await app.close();
    authority.stop();
  }
  if (statementsPerEcf !== undefined && statementsPerEcf > MAX_STATEMENTS_PER_ECF) {
    console.error(
      `FAIL issue_post_31_statements: ${statementsPerEcf} SQL statements per e-CF 31, ` +
        `the cap is ${MAX_STATEMENTS_PER_ECF} (scripts/bench/issue.ts MAX_STATEMENTS_PER_ECF)`,
    );
    process.exit(1);
  }
}

/** One e-CF 31 of the sample's three lines under a fresh e-NCF: end-to-end and server times (ms). */
async function timedIssue(
  app: VoidTestApp,
  account: { idToken: string; apiKey?: string; auth: { rnc: string } },
  number: number,
): Promise<{ total: number; server: number }> {
  const encf = `E31${String(number).padStart(10, "0")}`;
  const body = ecf31WithItems(3, account.auth.rnc, encf);
  const started = performance.now();
  const response = await app.call("POST", "/TesteCF/documentos-ecf", {
    token: account.idToken,
    body,
    headers: { "x-api-key": account.apiKey! },
  });
  const total = performance.now() - started;
  // Issued and received by DGII (its trackId), not answered from the budget nor replayed.
  if (response.status !== 200 || response.body.replayed !== false || !response.body.trackId)
    throw new Error(`issuing ${encf} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { total, server: total - (authorityMs.get(`${account.auth.rnc}${encf}.xml`) ?? 0) };
}

/** BENCH_SQL=1: prints, on stderr, each statement one POST of an e-CF 31 sends, in order, with its time. */
async function listStatements(
  app: VoidTestApp,
  account: { idToken: string; apiKey?: string; auth: { rnc: string } },
  number: number,
  db: string,
): Promise<void> {
  const { statements } = await recording(() => timedIssue(app, account, number));
  console.error(`-- ${statements.length} statements for one POST documentos-ecf of an e-CF 31 (${db})`);
  statements.forEach((statement, i) =>
    console.error(
      `${String(i + 1).padStart(3)} ${statement.ms.toFixed(2).padStart(6)} ms  ${statement.sql.slice(0, 400)}`,
    ),
  );
}

/** Posts e-CF 31 at c=1 and c=16; answers the SQL statements one e-CF sends (median at c=1). */
async function benchPosts(app: VoidTestApp, db: string): Promise<number> {
  const account = await createTestAccount({ certificate: true, apiKey: true });
  let number = 0;
  let statementsPerEcf = 0;
  for (let i = 0; i < 20; i++) await timedIssue(app, account, ++number); // warm-up
  if (process.env.BENCH_SQL === "1") await listStatements(app, account, ++number, db);
  const total = Number(process.env.BENCH_ISSUE_REQUESTS ?? 300);
  for (const concurrency of [1, 16]) {
    const times: number[] = [];
    const serverTimes: number[] = [];
    const authorityTimes: number[] = [];
    const statements: number[] = [];
    const dbMs: number[] = [];
    let issued = 0;
    if (concurrency === 1) collectStepTimings();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < total) {
          issued += 1;
          const before = statementTotals();
          const { total: ms, server } = await timedIssue(app, account, ++number);
          times.push(ms);
          serverTimes.push(server);
          authorityTimes.push(ms - server);
          // Alone at c=1, the deltas are this e-CF's; at c=16 they mix with the others'.
          const after = statementTotals();
          if (concurrency === 1) {
            statements.push(after.count - before.count);
            dbMs.push(after.ms - before.ms);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // This process's CPU (server, load generator, PGlite, worker threads; not the authority's process).
    report({
      name: "issue_post_31_cpu_per_ecf",
      value: (cpu.user + cpu.system) / 1000 / total,
      unit: "ms",
      concurrency,
      db,
    });
    report({ name: "issue_post_31_p50", value: percentile(times, 50), unit: "ms", concurrency, db });
    report({ name: "issue_post_31_p99", value: percentile(times, 99), unit: "ms", concurrency, db });
    report({
      name: "issue_post_31_server_p50",
      value: percentile(serverTimes, 50),
      unit: "ms",
      concurrency,
      db,
    });
    report({ name: "issue_post_31_per_second", value: total / seconds, unit: "count", concurrency, db });
    if (concurrency === 1) {
      // Median per step at c=1 (issueEcf's timedStep: validate, sign, write_ahead); the rest of the
      // server time is auth, the certificate, the ledger's first check and recording DGII's answer.
      for (const [step, values] of takeStepTimings()) {
        report({ name: `issue_post_31_step_${step}_p50`, value: percentile(values, 50), unit: "ms", db });
      }
      report({ name: "issue_post_31_authority_p50", value: percentile(authorityTimes, 50), unit: "ms", db });
      statementsPerEcf = percentile(statements, 50);
      report({ name: "issue_post_31_statements", value: statementsPerEcf, unit: "count", db });
      report({ name: "issue_post_31_db_p50", value: percentile(dbMs, 50), unit: "ms", concurrency, db });
    }
  }
  for (const concurrency of [1, 16]) {
    const requests = Array.from({ length: total }, (): LoadRequest => {
      const encf = `E31${String(++number).padStart(10, "0")}`;
      return {
        method: "POST",
        url: `${app.server.url}/TesteCF/documentos-ecf`,
        headers: {
          authorization: `Bearer ${account.idToken}`,
          "x-api-key": account.apiKey!,
          "content-type": "application/json",
        },
        body: JSON.stringify(ecf31WithItems(3, account.auth.rnc, encf)),
      };
    });
    const { results, serverCpuMs, perSecond } = await sendFromAnotherProcess({ concurrency, requests });
    const failed = results.find((result) => result.status !== 200 || result.body.replayed !== false);
    if (failed) throw new Error(`issuing failed: ${failed.status} ${JSON.stringify(failed.body)}`);
    // The clients in another process: this process's CPU is the server's alone (with the signing
    // worker threads and, on PGlite, the database; DGII's simulator is a third process).
    report({
      name: "issue_post_31_server_cpu_per_ecf",
      value: serverCpuMs / total,
      unit: "ms",
      concurrency,
      db,
      // Served per second, from the clients' side, at this concurrency.
      per_second: Math.round(perSecond),
      target: 15,
    });
  }
  return statementsPerEcf;
}
