import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { postgresTarget } from "@/lib/server/platform/db";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { startTestSimulator } from "@/lib/server/platform/taxauth/test-support";
import { startInstanceChild, type InstanceChild } from "@/lib/server/testing/run-instance-child";
import type { SimulatorHandle } from "@/lib/taxauth-simulator";

import { waitForInFlight } from "../platform/ops/in-flight";
import { startVoidTestApp, type VoidTestApp } from "./testing/void-test-app";

/**
 * "No overlapping sends, on one instance or many", under load: rounds of 30 concurrent voids of the
 * same numbers (identical one-number voids, then ranges that all share one number), no
 * Idempotency-Key, rate limit off, DGII answering after a few milliseconds — so the first void's
 * acceptance lands while the others are still queued on the series lock. Each round must send
 * exactly one ANECF (counted at the simulator), answer every other request 409 ALREADY_VOIDED or
 * VOID_IN_PROGRESS, and store one record. The acceptance used to commit without the series lock:
 * landing between the write-ahead's "already voided" and "send in progress" checks it slipped past
 * both, and a second document reached DGII (answered "ya utilizadas", stored Rechazado).
 */
const ROUNDS = 10;
const CONCURRENT = 30;
/** DGII's answer delay per round (ms): sweeps the window between a send and the next write-ahead. */
const DELAYS = [0, 5, 10, 15, 20, 25, 30, 40, 50, 60];

interface Outcome {
  /** "OK" with the record's status, or the AppError / HTTP error code. */
  code: string;
}

interface Round {
  sends: number;
  records: number;
  sent: number;
  refused: number;
  other: string[];
}

/** The i-th request of a round: one number for all, or a range that holds the round's shared number. */
type RangesOf = (round: number, i: number) => Array<[string, string]>;

const identical: RangesOf = (round) => {
  const number = `E3100000${String(round * 100 + 1).padStart(5, "0")}`;
  return [[number, number]];
};
const overlapping: RangesOf = (round, i) => {
  // All hold base + 29 (request 0: base … base+29, request 29: base+29 … base+58).
  const base = 50_000 + round * 100;
  return [
    [`E3100000${String(base + i).padStart(5, "0")}`, `E3100000${String(base + 29 + i).padStart(5, "0")}`],
  ];
};

function summarize(outcomes: Outcome[], sends: number, records: number): Round {
  const sent = outcomes.filter((outcome) => outcome.code.startsWith("OK")).length;
  const refused = outcomes.filter(
    (outcome) => outcome.code === "ALREADY_VOIDED" || outcome.code === "VOID_IN_PROGRESS",
  ).length;
  const other = outcomes
    .map((outcome) => outcome.code)
    .filter((code) => code !== "OK Aceptado" && code !== "ALREADY_VOIDED" && code !== "VOID_IN_PROGRESS");
  return { sends, records, sent, refused, other };
}

const ONE_SEND: Round = { sends: 1, records: 1, sent: 1, refused: CONCURRENT - 1, other: [] };

/** Runs the rounds; `fire` sends one round's requests. Returns each round's figures. */
async function runRounds(
  simulator: SimulatorHandle,
  database: TestDatabase,
  accountId: string,
  rangesOf: RangesOf,
  fire: (requests: Array<Array<[string, string]>>) => Promise<Outcome[]>,
  settle: () => Promise<void>,
): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const requests = Array.from({ length: CONCURRENT }, (_, i) => rangesOf(round, i));
    simulator.admin.injectFault({
      service: "anularrango",
      mode: "delay",
      delayMs: DELAYS[round]!,
      count: CONCURRENT,
    });
    const before = simulator.admin.callCounts().anularrango ?? 0;
    const outcomes = await fire(requests);
    await settle();
    simulator.admin.clearFaults();
    const sends = (simulator.admin.callCounts().anularrango ?? 0) - before;
    // Every record of the round starts at one of the round's first numbers.
    const records = await database.prisma.voidRecord.count({
      where: { accountId, OR: requests.map((ranges) => ({ ranges: { contains: ranges[0]![0] } })) },
    });
    rounds.push(summarize(outcomes, sends, records));
  }
  return rounds;
}

function report(label: string, rounds: Round[]): void {
  const twice = rounds.filter((round) => round.sends > 1).length;
  console.info(
    `${label}: ${twice} of ${rounds.length} rounds sent more than once; sends per round ${rounds
      .map((round) => round.sends)
      .join(",")}`,
  );
}

const CASES = [
  ["identical one-number voids", identical],
  ["overlapping ranges sharing one number", overlapping],
] as const;

/** Sends a round's requests at once over HTTP, spread over the instances' URLs in turn. */
function fireOver(urls: string[], idToken: string) {
  return (requests: Array<Array<[string, string]>>) =>
    Promise.all(
      requests.map(async (ranges, i): Promise<Outcome> => {
        const response = await fetch(`${urls[i % urls.length]}/TesteCF/customer/void-ncf`, {
          method: "POST",
          headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
          body: JSON.stringify({
            ranges: ranges.map(([from, to]) => ({ secuenciaDesde: from, secuenciaHasta: to })),
          }),
        });
        const body = (await response.json()) as { code?: string; status?: string };
        return {
          code: response.status === 200 ? `OK ${body.status}` : (body.code ?? String(response.status)),
        };
      }),
    );
}

/** The void route served over HTTP by this process: one instance (PGlite by default). */
describe("30 concurrent voids of the same numbers on one instance", () => {
  let app: VoidTestApp;
  let account: TestAccount;

  beforeAll(async () => {
    app = await startVoidTestApp({ deadlineMs: 10_000 });
    account = await createTestAccount({ rnc: "130000027", certificate: true });
  });
  afterAll(async () => app?.close());

  it.each(CASES)(
    "%s: one send per round",
    async (label, rangesOf) => {
      const fire = fireOver([app.server.url], account.idToken);
      const settle = async () => void (await waitForInFlight(15_000));
      const rounds = await runRounds(app.simulator, app.db, account.auth.accountId, rangesOf, fire, settle);
      report(`${app.db.kind}, one instance, ${label}`, rounds);
      expect(rounds).toEqual(Array.from({ length: ROUNDS }, () => ONE_SEND));
    },
    120_000,
  );
});

/**
 * The same over two app instances (child processes serving the void route over HTTP) on one
 * PostgreSQL, requests alternating between them. PostgreSQL only: PGlite opens its data directory
 * in one process, so a second instance does not exist there.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  "30 concurrent voids of the same numbers on two instances",
  () => {
    let database: TestDatabase;
    let simulator: SimulatorHandle;
    let account: TestAccount;
    let instances: InstanceChild[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      simulator = await startTestSimulator();
      account = await createTestAccount({ rnc: "131777027", certificate: true });
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

    it.each(CASES)(
      "%s: one send per round",
      async (label, rangesOf) => {
        const fire = fireOver(
          instances.map((instance) => instance.url),
          account.idToken,
        );
        // Each answer comes after DGII's (the deadline is far above the delays): nothing is left in flight.
        const settle = async () => {};
        const rounds = await runRounds(simulator, database, account.auth.accountId, rangesOf, fire, settle);
        report(`postgres, two instances, ${label}`, rounds);
        expect(rounds).toEqual(Array.from({ length: ROUNDS }, () => ONE_SEND));
      },
      180_000,
    );
  },
);
