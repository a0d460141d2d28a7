import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import type { EcfType } from "@/lib/domain/ecf-types";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { sampleEcfBody } from "../testing/sample-ecf-bodies";
import { claimDueIssued } from "./claim";
import { followUpDueIssued } from "./follow-up-loop";
import { MAX_SEND_ROUNDS, NO_VERDICT_AFTER_MS } from "./schedule";

let app: VoidTestApp;
let account: TestAccount;
let next = 0;

function freshBody(tipo: EcfType = "31") {
  next += 1;
  const body = sampleEcfBody(tipo);
  const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
  encabezado.IdDoc!.eNCF = `E${tipo}${String(9_000 + next).padStart(10, "0")}`;
  encabezado.Emisor!.RNCEmisor = account.auth.rnc;
  return { body, encf: encabezado.IdDoc!.eNCF as string };
}

async function issue(env = "TesteCF") {
  const { body, encf } = freshBody();
  const response = await app.call("POST", `/${env}/documentos-ecf`, {
    token: account.idToken,
    body,
    headers: { "x-api-key": account.apiKey! },
  });
  expect(response.status).toBe(200);
  await waitForInFlight(5_000);
  return { encf, answer: response.body };
}

async function stored(encf: string) {
  const db = await getDb();
  return (await db.document.findFirst({ where: { accountId: account.auth.accountId, ncf: encf } }))!;
}

const calls = (service: "recepcion" | "consultatrackids" | "consultaresultado") =>
  app.simulator.admin.callCounts()[service] ?? 0;
/** The follow-up as it runs when the clock reads `now + ms` (every due round, until none is). */
const followUpIn = (ms: number) => followUpDueIssued({ now: () => Date.now() + ms });

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [{ pattern: "/[environment]/documentos-ecf", module: documentRoute }],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());
beforeEach(() => {
  app.simulator.admin.clearFaults();
});

describe("the follow-up of issued e-CF: DGII's verdict", () => {
  it("asks consultaresultado once DGII has it, writes the verdict, its event, and stops", async () => {
    const { encf } = await issue();
    expect(await stored(encf)).toMatchObject({ status: "En Proceso", followUpAt: expect.any(BigInt) });
    await new Promise((resolve) => setTimeout(resolve, 250)); // the simulator's 200 ms En Proceso
    await followUpIn(2_000);
    const document = await stored(encf);
    expect(document).toMatchObject({ status: "Aceptado", followUpAt: null, followUpClaimedUntil: null });
    expect((document.taxauthResponse as string[]).map((answer) => JSON.parse(answer).estado)).toEqual([
      "En Proceso",
      "Aceptado",
    ]);
    const db = await getDb();
    const events = await db.outboxEvent.findMany({
      where: { subjectId: document.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => (event.payload as { status: string }).status)).toEqual([
      "Pendiente de envío",
      "En Proceso",
      "Aceptado",
    ]);
  });

  it("no verdict: asked again with a growing wait; a day without one goes to a person (NO_VERDICT)", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "no-verdict" });
    const { encf } = await issue();
    await followUpIn(2_000);
    const once = await stored(encf);
    expect(once).toMatchObject({ status: "En Proceso", followUpAttempts: 1, reviewReason: null });
    await followUpIn(10_000);
    const twice = await stored(encf);
    expect(twice.followUpAttempts).toBe(2);
    expect(Number(twice.followUpAt) - Number(once.followUpAt)).toBeGreaterThan(1_000);
    await followUpIn(NO_VERDICT_AFTER_MS + 60_000);
    expect(await stored(encf)).toMatchObject({
      status: "En Proceso",
      followUpAt: null,
      reviewReason: "NO_VERDICT",
    });
  });
});

describe("the follow-up of issued e-CF: never a blind resend", () => {
  it("DGII unreachable: asked whether it has it, then the stored bytes are sent again", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
    const { encf, answer } = await issue();
    const before = await stored(encf);
    expect(before).toMatchObject({ status: "Pendiente de envío", followUpAttempts: 1 });
    const [sends, asks] = [calls("recepcion"), calls("consultatrackids")];
    await followUpIn(5_000);
    expect(calls("consultatrackids")).toBe(asks + 1);
    expect(calls("recepcion")).toBe(sends + 1);
    const after = await stored(encf);
    expect(after.status).toMatch(/En Proceso|Aceptado/);
    expect(after.signedXml).toBe(before.signedXml);
    expect(after.securityCode).toBe(answer.securityCode);
  });

  it("the upload reached DGII but its answer was lost: the reception is adopted, nothing is sent again", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "drop-after" });
    const { encf } = await issue();
    expect(await stored(encf)).toMatchObject({ status: "Pendiente de envío", trackId: null });
    const sends = calls("recepcion");
    await new Promise((resolve) => setTimeout(resolve, 250));
    await followUpIn(5_000);
    expect(calls("recepcion")).toBe(sends);
    const document = await stored(encf);
    expect(document.trackId).toEqual(expect.any(String));
    expect(document.status).toMatch(/En Proceso|Aceptado/);
    await followUpIn(10_000);
    expect(await stored(encf)).toMatchObject({ status: "Aceptado", followUpAt: null });
  });

  it("the sending instance died between DGII's reception and its answer: its claim runs out, then the reception is adopted, never sent twice", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "drop-after" });
    const { encf } = await issue();
    // What a crash leaves: the document as stored before the upload, still claimed by the dead
    // request for a minute (the write-ahead's send claim), DGII holding the reception.
    const db = await getDb();
    await db.$executeRaw`UPDATE "Document" SET "followUpClaimedUntil" = ${BigInt(Date.now() + 60_000)}, "followUpAttempts" = 0
      WHERE "accountId" = ${account.auth.accountId} AND "ncf" = ${encf}`;
    const [sends, asks] = [calls("recepcion"), calls("consultatrackids")];
    await followUpIn(5_000);
    expect([calls("recepcion"), calls("consultatrackids")]).toEqual([sends, asks]);
    expect(await stored(encf)).toMatchObject({ status: "Pendiente de envío", trackId: null });
    await followUpIn(61_000);
    expect(calls("consultatrackids")).toBe(asks + 1);
    expect(calls("recepcion")).toBe(sends);
    expect((await stored(encf)).trackId).toEqual(expect.any(String));
  });

  it("in CerteCF, where DGII cannot be asked, an unknown outcome goes to a person (CANNOT_ASK_DGII)", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
    const { encf } = await issue("CerteCF");
    const sends = calls("recepcion");
    await followUpIn(5_000);
    expect(calls("recepcion")).toBe(sends);
    expect(await stored(encf)).toMatchObject({
      status: "Pendiente de envío",
      followUpAt: null,
      reviewReason: "CANNOT_ASK_DGII",
    });
  });

  it(`after ${MAX_SEND_ROUNDS} rounds DGII never took, a person looks at it (NOT_RECEIVED)`, async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503, count: 100 });
    const { encf } = await issue();
    for (let round = 0; round < MAX_SEND_ROUNDS; round += 1) await followUpIn(4 * 3_600_000);
    expect(await stored(encf)).toMatchObject({
      status: "Pendiente de envío",
      followUpAt: null,
      reviewReason: "NOT_RECEIVED",
    });
  });
});

describe("claims", () => {
  it("two claims at once never take the same document; a held one is not taken", async () => {
    app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503, count: 10 });
    for (let index = 0; index < 6; index += 1) await issue();
    const db = await getDb();
    const now = Date.now() + 5_000;
    const [a, b] = await Promise.all([
      claimDueIssued(db, { now, limit: 4, leaseMs: 60_000 }),
      claimDueIssued(db, { now, limit: 4, leaseMs: 60_000 }),
    ]);
    const ids = [...a, ...b].map((document) => document.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(await claimDueIssued(db, { now, limit: 10, leaseMs: 60_000 })).toEqual([]);
    // Released for the other tests: the leases end.
    await db.document.updateMany({
      where: { id: { in: ids } },
      data: { followUpAt: null, followUpClaimedUntil: null },
    });
  });
});
