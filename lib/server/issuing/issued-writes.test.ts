import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import { IN_PROCESS, PENDING_SEND } from "@/lib/domain/dgii-submissions";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { getDb } from "@/lib/server/platform/db";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { writeIssuedChange } from "./issued-writes";
import { sampleEcfBodyOf } from "./testing/sample-ecf-bodies";

let app: VoidTestApp;
let account: TestAccount;
let next = 0;

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [{ pattern: "/[environment]/documentos-ecf", module: documentRoute }],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());

/** Issues an e-CF 31 (DGII's reception answered in time) and answers its stored row. */
async function issued() {
  next += 1;
  const encf = `E31${String(next).padStart(10, "0")}`;
  const response = await app.call("POST", "/TesteCF/documentos-ecf", {
    token: account.idToken,
    body: sampleEcfBodyOf("31", account.auth.rnc, encf),
    headers: { "x-api-key": account.apiKey! },
  });
  expect(response.status).toBe(200);
  const db = await getDb();
  return db.document.findFirstOrThrow({
    where: { accountId: account.auth.accountId, ncf: encf },
    select: { id: true, ncf: true, status: true, trackId: true, taxauthResponse: true, secuencia: true },
  });
}

/** What writeIssuedChange names a document by. */
const refOf = (id: string) => ({
  id,
  accountId: account.auth.accountId,
  environment: "TesteCF" as const,
  rnc: account.auth.rnc,
});

async function statusEvents(documentId: string) {
  const db = await getDb();
  const events = await db.outboxEvent.findMany({
    where: { subjectId: documentId, type: "document.status_changed" },
    orderBy: { id: "asc" },
  });
  return events.map((event) => {
    const payload = event.payload as { previousStatus: string | null; status: string };
    return [payload.previousStatus, payload.status];
  });
}

describe("writeIssuedChange with the row as the caller knows it", () => {
  it("the request's reception is written with its event once, by the compare-and-set", async () => {
    const document = await issued();
    expect(document.status).toBe(IN_PROCESS);
    expect(document.trackId).not.toBeNull();
    expect(document.taxauthResponse).toHaveLength(1);
    expect(await statusEvents(document.id)).toEqual([
      [null, PENDING_SEND],
      [PENDING_SEND, IN_PROCESS],
    ]);
  });

  it("a row that moved on since the caller read it: read again and written in a transaction, nothing lost", async () => {
    const document = await issued();
    const ref = refOf(document.id);
    // The caller's row as written ahead: the reception since then makes it stale.
    const stale = {
      id: document.id,
      ncf: document.ncf,
      status: PENDING_SEND,
      trackId: null,
      taxauthResponse: [],
    };
    const written = await writeIssuedChange(
      ref,
      { status: "Aceptado", answer: { fuente: "test", estado: "Aceptado" }, followUpAt: null },
      Date.now(),
      stale,
    );
    expect(written).toEqual({ status: "Aceptado", trackId: document.trackId });
    const db = await getDb();
    const after = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    // The reception's answer kept, the new one appended; the ledger's columns derived as always.
    expect(after.taxauthResponse).toHaveLength(2);
    expect(after.followUpAt).toBeNull();
    expect(after.secuencia).toBe(document.secuencia);
    expect(await statusEvents(document.id)).toEqual([
      [null, PENDING_SEND],
      [PENDING_SEND, IN_PROCESS],
      [IN_PROCESS, "Aceptado"],
    ]);
  });

  it("no status change: the answer is appended and no event is written", async () => {
    const document = await issued();
    const ref = refOf(document.id);
    await writeIssuedChange(ref, { answer: { fuente: "test" }, followUpAt: 1 }, Date.now(), {
      id: document.id,
      ncf: document.ncf,
      status: document.status,
      trackId: document.trackId,
      taxauthResponse: document.taxauthResponse,
    });
    const db = await getDb();
    const after = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(after.status).toBe(IN_PROCESS);
    expect(after.taxauthResponse).toHaveLength(2);
    expect(Number(after.followUpAt)).toBe(1);
    expect(await statusEvents(document.id)).toHaveLength(2);
  });
});
