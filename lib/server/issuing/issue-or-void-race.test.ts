import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { postgresTarget } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { startInstanceChild, type InstanceChild } from "@/lib/server/testing/run-instance-child";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { SAMPLE_ECF_BODIES } from "./testing/sample-ecf-bodies";

/**
 * "A number is either voided or issued, never both", under load: rounds of 30 concurrent requests
 * for one fresh e-NCF, half voiding it (POST …/customer/void-ncf) and half issuing it (POST
 * …/documentos-ecf, each a different e-CF: another buyer name), interleaved, no Idempotency-Key,
 * DGII answering after a delay swept per round — so the winner's answer lands while the others wait
 * on the series lock that voids and issues both take — and the voids leaving a few milliseconds
 * after the issues in some rounds, so that each side wins some. Each round the number must reach
 * DGII exactly once (anularrango + recepcion calls, counted at the simulator), one request succeed
 * (a void Aceptado, or the e-CF issued), every other be refused 409 SEQUENCE_USED / ALREADY_VOIDED /
 * VOID_IN_PROGRESS, and the database and DGII hold the winner alone: one Aceptado void and no
 * document, or one issued document and no void record (a refused void stores nothing).
 * PGlite's one connection runs transactions one at a time; the lock itself is put to the test on
 * PostgreSQL, where without it up to ten requests of a round reached DGII.
 */
const ROUNDS = 10;
const CONCURRENT = 30;
/** DGII's answer delay per round (ms), for anularrango and recepcion alike. */
const DELAYS = [0, 5, 10, 15, 20, 25, 30, 40, 50, 60];
/**
 * How long the round's voids leave after its issues (ms). Started together, the voids (no e-CF to
 * validate) take the lock first every time; a few milliseconds later the issues win some rounds:
 * both orders are raced, and both must have won at least once.
 */
const VOID_LAGS = [0, 3, 6, 12, 24, 0, 3, 6, 12, 24];
const REFUSALS = new Set(["SEQUENCE_USED", "ALREADY_VOIDED", "VOID_IN_PROGRESS"]);
/** The services through which a number reaches DGII. */
const REACHING = new Set(["anularrango", "recepcion"]);

// The sample bodies are DGII's shape; the test reaches into it by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EcfObject = Record<string, any>;

interface Round {
  /** anularrango and recepcion calls made while the round ran. */
  reached: number;
  /** "void Aceptado" or "issued", one per request that succeeded. */
  succeeded: string[];
  /** Answers that are neither a success nor one of REFUSALS. */
  other: string[];
  /** What the database and DGII's ledger hold for the number. */
  stored: string;
}

/** The round's e-NCF, fresh each round. */
const numberOf = (round: number) => `E3100000${String(70_000 + round).padStart(5, "0")}`;

/** Request i of a round: even positions void, odd ones issue (the other way round in odd rounds). */
const isVoid = (round: number, i: number) => (i + round) % 2 === 0;

/** The sample e-CF 31 under `encf`, a buyer name of its own: a different document, not a replay. */
function issueBody(rnc: string, encf: string, i: number): { ECF: EcfObject } {
  const ecf = structuredClone(SAMPLE_ECF_BODIES["31"].ECF) as EcfObject;
  ecf.Encabezado.IdDoc.eNCF = encf;
  ecf.Encabezado.Emisor.RNCEmisor = rnc;
  ecf.Encabezado.Comprador.RazonSocialComprador = `Distribuidora del Cibao SRL, pedido ${i}`;
  return { ECF: ecf };
}

/**
 * Sends a round's requests at once over HTTP, spread over the instances' URLs pair by pair (a void
 * and an issue each), so every instance gets both kinds.
 */
function fireRound(urls: string[], account: TestAccount, round: number): Promise<string[]> {
  const encf = numberOf(round);
  return Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i): Promise<string> => {
      const base = urls[Math.floor(i / 2) % urls.length]!;
      if (isVoid(round, i)) await new Promise((resolve) => setTimeout(resolve, VOID_LAGS[round]));
      const headers = { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" };
      const response = isVoid(round, i)
        ? await fetch(`${base}/TesteCF/customer/void-ncf`, {
            method: "POST",
            headers,
            body: JSON.stringify({ ranges: [{ secuenciaDesde: encf, secuenciaHasta: encf }] }),
          })
        : await fetch(`${base}/TesteCF/documentos-ecf`, {
            method: "POST",
            headers: { ...headers, "x-api-key": account.apiKey! },
            body: JSON.stringify(issueBody(account.auth.rnc, encf, i)),
          });
      const body = (await response.json()) as { code?: string; status?: string; ecf?: string };
      if (response.status === 200 && isVoid(round, i)) return `void ${body.status}`;
      if ((response.status === 200 || response.status === 202) && body.ecf === encf) return "issued";
      return body.code ?? String(response.status);
    }),
  );
}

/** What the database and DGII's ledger hold for the round's number. */
async function storedFor(
  simulator: SimulatorHandle,
  database: TestDatabase,
  account: TestAccount,
  encf: string,
): Promise<string> {
  const { accountId, rnc } = account.auth;
  const voids = await database.prisma.voidRecord.findMany({
    where: { accountId, ranges: { contains: encf } },
    select: { status: true },
  });
  const documents = await database.prisma.document.count({ where: { accountId, ncf: encf } });
  const voidedAtDgii = simulator.admin
    .voidedRanges("TesteCF", rnc)
    .some((range) => range.from <= encf && encf <= range.to);
  return `voids [${voids.map((record) => record.status).join(",")}], documents ${documents}, voided at DGII ${voidedAtDgii}`;
}

const VOID_WON: Omit<Round, "reached"> = {
  succeeded: ["void Aceptado"],
  other: [],
  stored: "voids [Aceptado], documents 0, voided at DGII true",
};
const ISSUE_WON: Omit<Round, "reached"> = {
  succeeded: ["issued"],
  other: [],
  stored: "voids [], documents 1, voided at DGII false",
};

/** Runs the rounds; `fire` sends one round's requests, `settle` waits for what they left in flight. */
async function runRounds(
  simulator: SimulatorHandle,
  database: TestDatabase,
  account: TestAccount,
  fire: (round: number) => Promise<string[]>,
  settle: () => Promise<void>,
): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const service of ["anularrango", "recepcion"] as const) {
      simulator.admin.injectFault({ service, mode: "delay", delayMs: DELAYS[round]!, count: CONCURRENT });
    }
    const start = Date.now();
    const outcomes = await fire(round);
    await settle();
    simulator.admin.clearFaults();
    // The call log keeps the last 500 calls: counted by time, not by a running total.
    const reached = simulator.admin
      .calls()
      .filter((call) => call.at >= start && REACHING.has(call.service)).length;
    rounds.push({
      reached,
      succeeded: outcomes.filter((code) => code.startsWith("void ") || code === "issued"),
      other: outcomes.filter((code) => !code.startsWith("void ") && code !== "issued" && !REFUSALS.has(code)),
      stored: await storedFor(simulator, database, account, numberOf(round)),
    });
  }
  return rounds;
}

/** One round as it must be: the winner's side, reached once, alone in the database and at DGII. */
function expected(round: Round): Round {
  return { reached: 1, ...(round.succeeded[0] === "issued" ? ISSUE_WON : VOID_WON) };
}

/** Logs the figures; checks every round, and that each side won at least one. */
function check(label: string, rounds: Round[]): void {
  const voided = rounds.filter((round) => round.succeeded[0]?.startsWith("void ")).length;
  const issued = rounds.filter((round) => round.succeeded[0] === "issued").length;
  console.info(
    `${label}: voided in ${voided}, issued in ${issued} of ${rounds.length} rounds; DGII reached per round ${rounds
      .map((round) => round.reached)
      .join(",")}`,
  );
  expect(rounds).toEqual(rounds.map(expected));
  expect({ voided: voided > 0, issued: issued > 0 }, "each side won some round").toEqual({
    voided: true,
    issued: true,
  });
}

/** The void and issuing routes served over HTTP by this process: one instance (PGlite by default). */
describe("30 concurrent voids and issues of one e-NCF on one instance", () => {
  let app: VoidTestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startVoidTestApp({
      deadlineMs: 10_000,
      routes: [
        {
          pattern: "/[environment]/documentos-ecf",
          module: await import("@/app/[environment]/documentos-ecf/route"),
        },
      ],
    });
    account = await createTestAccount({ certificate: true, apiKey: true });
  });
  afterAll(async () => app?.close());

  it("reaches DGII once per number, as a void or as an e-CF", async () => {
    const fire = (round: number) => fireRound([app.server.url], account, round);
    const settle = async () => void (await waitForInFlight(15_000));
    const rounds = await runRounds(app.simulator, app.db, account, fire, settle);
    check(`${app.db.kind}, one instance`, rounds);
  }, 120_000);
});

/**
 * The same over two app instances (child processes serving both routes over HTTP) on one
 * PostgreSQL, requests alternating between them. PostgreSQL only: PGlite opens its data directory
 * in one process, so a second instance does not exist there.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  "30 concurrent voids and issues of one e-NCF on two instances",
  () => {
    let database: TestDatabase;
    let simulator: SimulatorHandle;
    let account: TestAccount;
    let instances: InstanceChild[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      simulator = await startTestSimulator();
      account = await createTestAccount({ certificate: true, apiKey: true });
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set("schema", database.schema!);
      if (postgresTarget(url.toString()).kind !== "postgres") throw new Error("PostgreSQL expected");
      const env = { VOID_DEADLINE_MS: "10000", VOID_RATE_LIMIT_PER_MINUTE: "0", LOG_LEVEL: "warn" };
      instances = await Promise.all([
        startInstanceChild({ databaseUrl: url.toString(), simulatorUrl: simulator.url, env }),
        startInstanceChild({ databaseUrl: url.toString(), simulatorUrl: simulator.url, env }),
      ]);
    }, 180_000);

    afterAll(async () => {
      for (const instance of instances) {
        instance.kill("SIGKILL");
        await instance.exited;
      }
      await simulator?.close();
      await database?.dispose();
    });

    it("reaches DGII once per number, as a void or as an e-CF", async () => {
      const fire = (round: number) =>
        fireRound(
          instances.map((instance) => instance.url),
          account,
          round,
        );
      // Each answer comes after DGII's (deadline and send budget are far above the delays).
      const settle = async () => {};
      const rounds = await runRounds(simulator, database, account, fire, settle);
      check("postgres, two instances", rounds);
    }, 180_000);
  },
);
