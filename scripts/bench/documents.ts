import { POST as BATCH } from "@/app/[environment]/documentos-ecf/status/batch/route";
import { GET } from "@/app/[environment]/documentos-ecf/route";
import { formatEncf } from "@/lib/domain/encf";
import type { EcfType } from "@/lib/domain/ecf-types";
import { buildQrUrl } from "@/lib/domain/qr-url";
import { createTestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { createTestDatabase } from "@/lib/server/platform/db/test-database";
import { queryDocumentsBatch } from "@/lib/server/documents";
import { TaxAuthClient } from "@/lib/server/platform/taxauth";
import { setTaxAuthClient } from "@/lib/server/platform/taxauth/client-instance";
import { configFor } from "@/lib/server/platform/taxauth/test-support";
import type { Prisma } from "@/prisma/generated/client";

import { percentile, report } from "./measure";
import { startSimulatorProcess } from "./simulator-process";
import { countStatements, recording } from "./statements";

const STORED = 100_000;
const TYPES: EcfType[] = ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"];
const STATUSES = ["Aceptado", "Aceptado", "Aceptado", "Aceptado Condicional", "Rechazado"];

/** The i-th stored document: realistic sizes (paths, QR URL, two authority answers). */
function documentRow(accountId: string, rnc: string, i: number, now: number): Prisma.DocumentCreateManyInput {
  const type = TYPES[i % TYPES.length]!;
  const ncf = formatEncf("E", type, Math.floor(i / TYPES.length) + 1);
  const trackId = `0b7e${i.toString(16).padStart(8, "0")}-1c2d-4e5f-8a9b-${i.toString(16).padStart(12, "0")}`;
  const status = STATUSES[i % STATUSES.length]!;
  const createdAt = now - (STORED - i) * 60_000;
  return {
    accountId,
    environment: "TesteCF",
    customerId: rnc,
    ncf,
    trackId,
    internalTrackId: `int-${i}`,
    fileName: `${rnc}${ncf}.xml`,
    documentType: `Tipo ${type}`,
    status,
    buyerRnc: "101000001",
    invoiceTotal: ((i % 5000) * 13.37).toFixed(2),
    taxauthResponse: [
      JSON.stringify({ trackId, error: "", mensaje: "" }),
      JSON.stringify({
        trackId,
        codigo: 1,
        estado: status,
        rnc,
        encf: ncf,
        secuenciaUtilizada: true,
        fechaRecepcion: "01-04-2026 10:00:00",
        mensajes: [],
      }),
    ],
    securityCode: "Ab+3xZ",
    secretId: `secret-${i}`,
    signedXml: `ecf/TesteCF/${rnc}/${rnc}${ncf}.xml`,
    summarySignedXml: type === "32" ? `rfce/TesteCF/${rnc}/${rnc}${ncf}.xml` : null,
    qrUrl: buildQrUrl({
      environment: "TesteCF",
      rncEmisor: rnc,
      rncComprador: "101000001",
      encf: ncf,
      fechaEmision: "01-04-2026",
      montoTotal: (i % 5000) * 13.37,
      fechaFirma: "01-04-2026 10:00:00",
      codigoSeguridad: "Ab+3xZ",
    }),
    createdAt: BigInt(createdAt),
    updateAt: BigInt(createdAt + 5_000),
    checkedAt: BigInt(createdAt + 5_000),
  };
}

async function serverTimes(
  runs: number,
  warmup: number,
  call: (run: number) => Promise<Response>,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < warmup + runs; run++) {
    const started = performance.now();
    const response = await call(run);
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (run >= warmup) times.push(elapsed);
  }
  return percentile(times, 50);
}

/**
 * Issue "Document status": p50 server time (the route handler, auth included) of a batch of 100 and
 * of a single query with 100,000 documents stored. PGlite by default; DATABASE_URL → that
 * PostgreSQL server, in a throw-away schema.
 */
export async function benchDocuments(): Promise<void> {
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  countStatements();
  const database = await createTestDatabase();
  try {
    // BENCH_DOCUMENTS=lookups: only the lookups at DGII (skips storing 100,000 documents).
    if (process.env.BENCH_DOCUMENTS === "lookups") return await benchDgiiLookups(database.kind);
    const account = await createTestAccount({ rnc: "130009999", apiKey: true });
    const now = Date.now();
    for (let start = 0; start < STORED; start += 5_000) {
      const data = Array.from({ length: 5_000 }, (_, k) =>
        documentRow(account.auth.accountId, account.auth.rnc, start + k, now),
      );
      await database.prisma.document.createMany({ data });
    }
    await database.prisma.$executeRawUnsafe(`ANALYZE "Document"`);
    const ncfAt = (i: number) => formatEncf("E", TYPES[i % TYPES.length]!, Math.floor(i / TYPES.length) + 1);
    const headers = {
      authorization: `Bearer ${account.idToken}`,
      "x-api-key": account.apiKey!,
      "content-type": "application/json",
    };
    const context = { params: Promise.resolve({ environment: "TesteCF" }) };
    const engine = database.kind;

    const batchP50 = await serverTimes(200, 20, (run) => {
      // Spread over the whole table; 2 of every 100 not stored, so "not found" is measured too.
      const ecfs = Array.from({ length: 100 }, (_, k) => ncfAt((run * 7919 + k * 997) % STORED));
      ecfs[10] = "E310099999999";
      ecfs[20] = "bad";
      return BATCH(
        new Request("http://localhost/TesteCF/documentos-ecf/status/batch", {
          method: "POST",
          headers,
          body: JSON.stringify({ ecfs }),
        }),
        context,
      );
    });
    // The lookup alone (one query + mapping), to tell it apart from authentication's share.
    const lookupTimes: number[] = [];
    for (let run = 0; run < 200; run++) {
      const ecfs = Array.from({ length: 100 }, (_, k) => ncfAt((run * 104729 + k * 991) % STORED));
      const started = performance.now();
      await queryDocumentsBatch(account.auth.accountId, "TesteCF", ecfs);
      lookupTimes.push(performance.now() - started);
    }
    const lookupP50 = Math.round(percentile(lookupTimes, 50) * 1000) / 1000;
    report({
      name: "documents_batch_100_p50",
      value: batchP50,
      unit: "ms",
      engine,
      stored: STORED,
      lookupP50,
    });

    const singleP50 = await serverTimes(300, 30, (run) =>
      GET(
        new Request(`http://localhost/TesteCF/documentos-ecf?ecf=${ncfAt((run * 7919) % STORED)}`, {
          headers,
        }),
        context,
      ),
    );
    report({ name: "documents_single_p50", value: singleP50, unit: "ms", engine, stored: STORED });
    await benchDgiiLookups(engine);
  } finally {
    await database.dispose();
  }
}

/** Batches measured for the DGII lookups (each a new 100 e-NCF: a lookup happens once per number). */
const LOOKUP_BATCHES = 5;

/**
 * A batch of 100 e-NCF the company does not hold, each known to the simulated DGII answering every
 * call in 50 ms: the first query looks each up (consultatrackids + consultaresultado, 8 at a time)
 * and stores it; the same batch again answers from the store. DGII's simulator runs in its own
 * process, as DGII does: in this one its replies and 50 ms timers would wait behind the app's work.
 */
async function benchDgiiLookups(engine: string): Promise<void> {
  // 800 lookups of one company within seconds are above its default minute (600): the limit would
  // answer the last batches RATE_LIMITED, number by number, and this measures lookups, not the limit.
  setEnvForTests({ DGII_LOOKUPS_PER_MINUTE: process.env.DGII_LOOKUPS_PER_MINUTE ?? "100000" });
  const simulator = await startSimulatorProcess(4793, { admin: true });
  setTaxAuthClient(new TaxAuthClient(configFor(simulator)));
  try {
    const account = await createTestAccount({ rnc: "130009998", apiKey: true, certificate: true });
    for (const service of ["consultatrackids", "consultaresultado"]) {
      await simulator.admin("POST", "/admin/latency", { service, ms: DGII_CALL_MS });
    }
    const headers = {
      authorization: `Bearer ${account.idToken}`,
      "x-api-key": account.apiKey!,
      "content-type": "application/json",
    };
    const context = { params: Promise.resolve({ environment: "TesteCF" }) };
    // The warm-up's, the measured ones, and one more whose statements are counted.
    const batches = Array.from({ length: LOOKUP_BATCHES + 2 }, (_, run) =>
      Array.from({ length: 100 }, (_, k) => formatEncf("E", "31", 5_000_000 + run * 100 + k)),
    );
    for (const [run, ecfs] of batches.entries()) {
      for (const [k, encf] of ecfs.entries()) {
        await simulator.admin("POST", "/admin/documents", {
          environment: "TesteCF",
          trackId: `5a5a${String(run).padStart(4, "0")}-0000-4000-8000-${String(k).padStart(12, "0")}`,
          rnc: account.auth.rnc,
          encf,
          codigo: 1,
          fechaRecepcion: "11/3/2025 8:13:37 PM",
        });
      }
    }
    const post = (ecfs: string[]) =>
      BATCH(
        new Request("http://localhost/TesteCF/documentos-ecf/status/batch", {
          method: "POST",
          headers,
          body: JSON.stringify({ ecfs }),
        }),
        context,
      );
    // One unmeasured batch warms the DGII token and the certificate.
    const firstP50 = await serverTimes(LOOKUP_BATCHES, 1, (run) => post(batches[run]!));
    const answers = (await (await post(batches[0]!)).json()) as { results: Array<{ found: boolean }> };
    // The statements of one batch of 100 lookups (the last batch, not asked until now).
    const { statements } = await recording(() => post(batches[LOOKUP_BATCHES + 1]!));
    if (process.env.BENCH_SQL === "1") {
      const kinds = new Map<string, number>();
      for (const statement of statements) {
        const kind = statement.sql.replace(/\s+/g, " ").slice(0, 90);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]))
        console.error(`${String(count).padStart(4)}  ${kind}`);
    }
    const found = answers.results.filter((result) => result.found).length;
    const againP50 = await serverTimes(20, 2, (run) => post(batches[run % LOOKUP_BATCHES]!));
    report({
      name: "documents_batch_100_unknown_p50",
      value: firstP50,
      unit: "ms",
      engine,
      dgiiCallMs: DGII_CALL_MS,
      found,
      again_p50_ms: Math.round(againP50 * 1000) / 1000,
      statements: statements.length,
    });
  } finally {
    setTaxAuthClient(undefined);
    simulator.stop();
  }
}

/**
 * How long the simulated DGII takes to answer each lookup call (BENCH_DGII_MS; 0 leaves only the
 * work of Anula and the simulator, 100 lookups of it one after another 8 at a time).
 */
const DGII_CALL_MS = Number(process.env.BENCH_DGII_MS ?? 50);
