import { createHash } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getActiveSigningCredential } from "@/lib/server/certificates";
import { postgresTarget } from "@/lib/server/platform/db";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { startInstanceChild, type InstanceChild } from "@/lib/server/testing/run-instance-child";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";
import type { CallRecord } from "@/lib/taxauth-simulator/state";

import { sampleEcfBody } from "../testing/sample-ecf-bodies";
import { followUpDueIssued } from "./follow-up-loop";

/**
 * The follow-up of issued e-CF on two instances of one deployment (this process and a child
 * process, one PostgreSQL, one DGII): 40 e-CF whose first upload DGII answered 503 are all
 * Pendiente de envío and due; both instances run their follow-up at once, with DGII answering
 * again. Each e-NCF must reach DGII's reception exactly once more (uploads counted at the simulator
 * by the digest of the signed bytes, and DGII's own registry asked through consultatrackids), each
 * document be asked about once (one consultatrackids per document for the round), and both
 * instances must have taken part. Then the verdict round, on both again: every document Aceptado,
 * with one document.status_changed event per change. The clock each instance is given is held at
 * the moment every document is due, so a round's own rescheduling is not due again in the same
 * round: rounds are counted exactly. PostgreSQL only: PGlite opens its data directory in one
 * process, so a second instance does not exist there.
 */
const DOCUMENTS = 40;
/** Small, so each instance claims several batches and the two claim against each other. */
const CONCURRENCY = 4;
const ENVIRONMENT = "TesteCF";

describe.runIf(process.env.TEST_DATABASE_URL)("the follow-up of issued e-CF on two instances", () => {
  let app: VoidTestApp;
  let account: TestAccount;
  let child: InstanceChild | undefined;

  beforeAll(async () => {
    app = await startVoidTestApp({
      routes: [{ pattern: "/[environment]/documentos-ecf", module: documentRoute }],
    });
    if (app.db.kind !== "postgres") throw new Error("PostgreSQL expected");
    account = await createTestAccount({ certificate: true, apiKey: true });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("schema", app.db.schema!);
    if (postgresTarget(url.toString()).kind !== "postgres") throw new Error("PostgreSQL expected");
    child = await startInstanceChild({
      databaseUrl: url.toString(),
      simulatorUrl: app.simulator.url,
      // Its own loop off: the test runs each instance's follow-up itself, round by round.
      env: { ISSUED_FOLLOW_UP_POLL_MS: "0", LOG_LEVEL: "warn" },
    });
  }, 60_000);

  afterAll(async () => {
    if (child) {
      child.kill("SIGKILL");
      await child.exited;
    }
    await app?.close();
  });

  /** Both instances' follow-up at once, the clock held at `now`; the rounds each ran. */
  async function followUpOnBoth(now: number): Promise<{ here: number; there: number }> {
    const [here, there] = await Promise.all([
      followUpDueIssued({ now: () => now, concurrency: CONCURRENCY }),
      fetch(`${child!.url}/__instance/issued-follow-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ now, concurrency: CONCURRENCY }),
      }).then(async (response) => {
        if (response.status !== 200) throw new Error(`child follow-up: ${response.status}`);
        return ((await response.json()) as { rounds: number }).rounds;
      }),
    ]);
    return { here, there };
  }

  /** The moment every document of the account is due (its latest followUpAt). */
  async function whenAllDue(): Promise<number> {
    const documents = await app.db.prisma.document.findMany({
      where: { accountId: account.auth.accountId },
      select: { followUpAt: true },
    });
    expect(documents.every((document) => document.followUpAt !== null)).toBe(true);
    return Math.max(...documents.map((document) => Number(document.followUpAt)));
  }

  const callsSince = (start: number, service: CallRecord["service"]) =>
    app.simulator.admin.calls().filter((call) => call.at >= start && call.service === service);

  /** Received uploads (answered 200) per e-NCF, attributed by the digest of its signed bytes. */
  function receptionsPerNcf(calls: CallRecord[], digests: Map<string, string>): Record<string, number> {
    const counts = Object.fromEntries([...digests.values()].map((ncf) => [ncf, 0]));
    for (const call of calls) {
      const ncf = call.status === 200 && call.xmlSha256 ? digests.get(call.xmlSha256) : undefined;
      if (ncf) counts[ncf] = (counts[ncf] ?? 0) + 1;
    }
    return counts;
  }

  it("each e-NCF is sent once more and followed to Aceptado by one instance at a time", async () => {
    const { rnc, accountId } = account.auth;
    const start = Date.now();
    // DGII's reception is down for the first upload of each.
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503, count: DOCUMENTS });
    const numbers = Array.from({ length: DOCUMENTS }, (_, i) => `E31${String(41_000 + i).padStart(10, "0")}`);
    for (let batch = 0; batch < DOCUMENTS; batch += 8) {
      await Promise.all(
        numbers.slice(batch, batch + 8).map(async (encf) => {
          const body = sampleEcfBody("31");
          const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
          encabezado.IdDoc!.eNCF = encf;
          encabezado.Emisor!.RNCEmisor = rnc;
          const response = await app.call("POST", `/${ENVIRONMENT}/documentos-ecf`, {
            token: account.idToken,
            body,
            headers: { "x-api-key": account.apiKey! },
          });
          expect(response.status).toBe(200);
        }),
      );
    }
    await waitForInFlight(10_000);
    app.simulator.admin.clearFaults();
    const issued = await app.db.prisma.document.findMany({
      where: { accountId },
      select: { id: true, ncf: true, status: true, signedXml: true },
    });
    expect(issued.map((document) => document.status)).toEqual(Array(DOCUMENTS).fill("Pendiente de envío"));
    const digests = new Map(
      issued.map((document) => [
        createHash("sha256").update(document.signedXml!, "utf8").digest("hex"),
        document.ncf,
      ]),
    );
    const oncePerNcf = Object.fromEntries(numbers.map((encf) => [encf, 1]));
    const none = Object.fromEntries(numbers.map((encf) => [encf, 0]));
    // Each first upload reached DGII and was answered 503: attributed, and nothing received yet.
    const firstUploads = callsSince(start, "recepcion");
    expect(firstUploads.filter((call) => call.status === 503)).toHaveLength(DOCUMENTS);
    expect(new Set(firstUploads.map((call) => digests.get(call.xmlSha256!))).size).toBe(DOCUMENTS);
    expect(receptionsPerNcf(firstUploads, digests)).toEqual(none);

    // The resend round: asked first (consultatrackids: nothing), then the stored bytes once.
    const resendStart = Date.now();
    const resend = await followUpOnBoth(await whenAllDue());
    expect(resend.here + resend.there).toBe(DOCUMENTS);
    expect({ here: resend.here > 0, there: resend.there > 0 }, "both instances took part").toEqual({
      here: true,
      there: true,
    });
    const asked = callsSince(resendStart, "consultatrackids");
    expect(asked).toHaveLength(DOCUMENTS);
    expect(receptionsPerNcf(callsSince(resendStart, "recepcion"), digests)).toEqual(oncePerNcf);
    expect(callsSince(resendStart, "recepcion")).toHaveLength(DOCUMENTS);
    const afterResend = await app.db.prisma.document.findMany({ where: { accountId } });
    for (const document of afterResend) expect(document.status).toMatch(/^(En Proceso|Aceptado)$/);

    // The verdict round, once DGII has judged them (200 ms after each reception).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const verdictStart = Date.now();
    const verdict = await followUpOnBoth(await whenAllDue());
    expect(verdict.here + verdict.there).toBe(DOCUMENTS);
    expect(callsSince(verdictStart, "consultaresultado")).toHaveLength(DOCUMENTS);
    expect(callsSince(verdictStart, "recepcion")).toHaveLength(0);
    console.info(
      `postgres, two instances: resend round ${resend.here} here + ${resend.there} there, ` +
        `verdict round ${verdict.here} here + ${verdict.there} there`,
    );
    const final = await app.db.prisma.document.findMany({ where: { accountId } });
    expect(final.map((document) => [document.status, document.followUpAt])).toEqual(
      Array(DOCUMENTS).fill(["Aceptado", null]),
    );

    // Over the whole test: one reception per e-NCF at DGII (its uploads, and its own registry).
    expect(receptionsPerNcf(callsSince(start, "recepcion"), digests)).toEqual(oncePerNcf);
    const credential = await getActiveSigningCredential(accountId);
    const registered = await Promise.all(
      numbers.map(async (encf) => {
        const receptions = await app.client.queryTrackIds(ENVIRONMENT, rnc, credential, encf);
        return [encf, receptions.length] as const;
      }),
    );
    expect(Object.fromEntries(registered)).toEqual(oncePerNcf);

    // One document.status_changed per change, none twice from two instances.
    const events = await app.db.prisma.outboxEvent.findMany({
      where: { accountId, type: "document.status_changed" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const changes = new Map<string, string[]>();
    for (const event of events) {
      const { ncf, status } = event.payload as { ncf: string; status: string };
      changes.set(ncf, [...(changes.get(ncf) ?? []), status]);
    }
    expect(Object.fromEntries(changes)).toEqual(
      Object.fromEntries(numbers.map((encf) => [encf, ["Pendiente de envío", "En Proceso", "Aceptado"]])),
    );
  }, 30_000);
});
