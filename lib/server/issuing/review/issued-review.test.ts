import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as resolutionRoute from "@/app/[environment]/documentos-ecf/[ecf]/resolution/route";
import * as reviewListRoute from "@/app/[environment]/documentos-ecf/por-confirmar/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as batchRoute from "@/app/[environment]/documentos-ecf/status/batch/route";
import { documentBatchDataSchema, documentRecordSchema } from "@/lib/schemas/documents-responses";
import { issuedInReviewListSchema } from "@/lib/schemas/issued-review";
import { createUser } from "@/lib/server/accounts/accounts";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { signIdToken } from "@/lib/server/auth";
import { loadActiveUser } from "@/lib/server/auth/credentials";
import { getDb } from "@/lib/server/platform/db";
import { waitForInFlight } from "@/lib/server/platform/ops/in-flight";
import { EVIDENCE_MAX_BYTES } from "@/lib/server/voids";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import { followUpDueIssued } from "../follow-up/follow-up-loop";
import { NO_VERDICT_AFTER_MS } from "../follow-up/schedule";
import { sampleEcfBody } from "../testing/sample-ecf-bodies";

/**
 * Issued e-CF "Por confirmar" over real HTTP, a real database and the DGII simulator: the list, a
 * person's two decisions and what follows each (the follow-up resumes; a resend carries the stored
 * bytes, which the simulator's call log compares), every error code, and company isolation.
 */

let app: VoidTestApp;
let account: TestAccount;
let operatorToken: string;
let other: TestAccount;
let next = 0;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function freshBody(rnc: string) {
  next += 1;
  const body = sampleEcfBody("31");
  const encabezado = body.ECF.Encabezado as Record<string, Record<string, unknown>>;
  encabezado.IdDoc!.eNCF = `E31${String(7_000 + next).padStart(10, "0")}`;
  encabezado.Emisor!.RNCEmisor = rnc;
  return { body, encf: encabezado.IdDoc!.eNCF as string };
}

async function issue(env: string, who: TestAccount = account): Promise<string> {
  const { body, encf } = freshBody(who.auth.rnc);
  const response = await app.call("POST", `/${env}/documentos-ecf`, {
    token: who.idToken,
    body,
    headers: { "x-api-key": who.apiKey! },
  });
  expect(response.status).toBe(200);
  await waitForInFlight(5_000);
  return encf;
}

/** The follow-up as it runs when the clock reads `now + ms`. */
const followUpIn = (ms: number) => followUpDueIssued({ now: () => Date.now() + ms });

/** CerteCF, DGII's reception failing once: one follow-up round leaves it to a person (CANNOT_ASK_DGII). */
async function cannotAsk(who: TestAccount = account): Promise<string> {
  app.simulator.admin.injectFault({ service: "recepcion", mode: "status", status: 503 });
  const encf = await issue("CerteCF", who);
  app.simulator.admin.clearFaults();
  await followUpIn(5_000);
  expect(await stored(encf)).toMatchObject({ reviewReason: "CANNOT_ASK_DGII", followUpAt: null });
  return encf;
}

/** TesteCF, DGII's trackId without a verdict for a day: NO_VERDICT. */
async function noVerdict(): Promise<string> {
  app.simulator.admin.injectFault({ service: "recepcion", mode: "no-verdict" });
  const encf = await issue("TesteCF");
  await followUpIn(NO_VERDICT_AFTER_MS + 60_000);
  expect(await stored(encf)).toMatchObject({ status: "En Proceso", reviewReason: "NO_VERDICT" });
  return encf;
}

async function stored(encf: string, accountId = account.auth.accountId) {
  const db = await getDb();
  return (await db.document.findFirst({ where: { accountId, ncf: encf } }))!;
}

async function decide(
  env: string,
  encf: string,
  body: { json?: unknown; form?: FormData },
  who: { token: string; apiKey: string } = { token: account.idToken, apiKey: account.apiKey! },
) {
  const response = await fetch(`${app.server.url}/${env}/documentos-ecf/${encf}/resolution`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${who.token}`,
      "x-api-key": who.apiKey,
      ...(body.json !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body.json !== undefined ? JSON.stringify(body.json) : body.form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (file) data.set("evidence", new Blob([Buffer.from(file.bytes)]), file.name);
  return data;
}

const listInReview = async (env: string, who: TestAccount = account) =>
  app.call("GET", `/${env}/documentos-ecf/por-confirmar`, {
    token: who.idToken,
    headers: { "x-api-key": who.apiKey! },
  });

const recepcionCalls = () => app.simulator.admin.calls().filter((call) => call.service === "recepcion");

beforeAll(async () => {
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/status/batch", module: batchRoute },
      { pattern: "/[environment]/documentos-ecf/por-confirmar", module: reviewListRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/resolution", module: resolutionRoute },
    ],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
  const operator = await createUser({
    accountId: account.auth.accountId,
    email: `operator-${account.auth.rnc}@test.local`,
    password: "test-password-1",
    roles: ["operator"],
    organizationAdmin: false,
  });
  operatorToken = await signIdToken((await loadActiveUser(operator.id, account.auth.accountId))!);
  other = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => app?.close());
beforeEach(() => {
  app.simulator.admin.clearFaults();
});

describe("GET …/documentos-ecf/por-confirmar and reviewReason on the record", () => {
  it("lists the company's issued e-CF waiting for a person, newest first, with what was checked", async () => {
    const older = await cannotAsk();
    const newer = await cannotAsk();
    const response = await listInReview("CerteCF");
    expect(response.status).toBe(200);
    const list = issuedInReviewListSchema.parse(response.body);
    const ours = list.items.filter((item) => item.ncf === older || item.ncf === newer);
    expect(ours.map((item) => item.ncf)).toEqual([newer, older]);
    expect(ours[0]).toMatchObject({
      status: "Pendiente de envío",
      trackId: null,
      reviewReason: "CANNOT_ASK_DGII",
      issuedAt: expect.any(Number),
      signedXml: `/CerteCF/documentos-ecf/${newer}/xml`,
      decisions: [],
    });
    expect(JSON.parse(ours[0]!.taxauthResponse.at(-1)!)).toMatchObject({
      fuente: "recepcion",
      recibido: false,
    });
    expect(list.total).toBeGreaterThanOrEqual(2);
    // Per environment: TesteCF does not show CerteCF's.
    const teste = issuedInReviewListSchema.parse((await listInReview("TesteCF")).body);
    expect(teste.items.map((item) => item.ncf)).not.toContain(newer);

    const record = await app.call("GET", `/CerteCF/documentos-ecf?ecf=${newer}`, {
      token: account.idToken,
      headers: { "x-api-key": account.apiKey! },
    });
    expect(documentRecordSchema.parse(record.body).reviewReason).toBe("CANNOT_ASK_DGII");
    const batch = await app.call("POST", "/CerteCF/documentos-ecf/status/batch", {
      token: account.idToken,
      body: { ecfs: [newer] },
      headers: { "x-api-key": account.apiKey! },
    });
    const results = batch.body.results as Array<{ data: unknown }>;
    expect(documentBatchDataSchema.parse(results[0]!.data).reviewReason).toBe("CANNOT_ASK_DGII");
  });

  it("a document that waits for nobody says reviewReason null", async () => {
    const encf = await issue("TesteCF");
    const record = await app.call("GET", `/TesteCF/documentos-ecf?ecf=${encf}`, {
      token: account.idToken,
      headers: { "x-api-key": account.apiKey! },
    });
    expect(record.body.reviewReason).toBeNull();
  });
});

describe("POST …/documentos-ecf/{ecf}/resolution: the decisions and what follows", () => {
  it('"resend": the follow-up sends the stored bytes again at once (no question first, never re-signed)', async () => {
    const encf = await cannotAsk();
    const before = await stored(encf);
    const sentBefore = recepcionCalls().length;
    const response = await decide("CerteCF", encf, {
      form: form(
        { decision: "resend", note: "La OFV no muestra ninguna recepción de este e-NCF." },
        { bytes: PNG, name: "ofv.png" },
      ),
    });
    expect(response.status).toBe(200);
    expect(documentRecordSchema.parse(response.body)).toMatchObject({
      ncf: encf,
      status: "Pendiente de envío",
      reviewReason: null,
    });
    const decided = await stored(encf);
    expect(decided.followUpAt).not.toBeNull();
    expect(decided.followUpAttempts).toBe(0);

    await followUpIn(0);
    const sent = recepcionCalls().slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.xmlSha256).toBe(createHash("sha256").update(before.signedXml!, "utf8").digest("hex"));
    const after = await stored(encf);
    expect(after.signedXml).toBe(before.signedXml);
    const signatureValue = (xml: string) => /<SignatureValue>([^<]+)</.exec(xml)![1];
    expect(signatureValue(after.signedXml!)).toBe(signatureValue(before.signedXml!));
    expect(after).toMatchObject({ status: "En Proceso", trackId: expect.any(String), reviewReason: null });

    const db = await getDb();
    const decisions = await db.documentReviewDecision.findMany({ where: { documentId: before.id } });
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({
      decision: "resend",
      reviewReason: "CANNOT_ASK_DGII",
      note: "La OFV no muestra ninguna recepción de este e-NCF.",
      decidedByUserId: account.auth.userId,
      decidedBy: expect.stringContaining("(API)"),
      evidenceFileName: "ofv.png",
      evidenceContentType: "image/png",
      evidenceSize: PNG.length,
    });
    expect(Buffer.from(decisions[0]!.evidenceContent!)).toEqual(Buffer.from(PNG));
    const activity = await db.activityLogEntry.findMany({
      where: { accountId: account.auth.accountId, action: "document.review_decided", subjectId: before.id },
    });
    expect(activity).toHaveLength(1);
    expect(activity[0]!.details).toMatchObject({ ecf: encf, decision: "resend", evidence: true });
    // A later round asks again: the permission to send without asking was for one send.
    const answers = (after.taxauthResponse as string[]).map((answer) => JSON.parse(answer).fuente);
    expect(answers.slice(-2)).toEqual(["persona", "recepcion"]);
  });

  it('"received" with Aceptado: the document takes that trackId and status, its event, and stops', async () => {
    const encf = await cannotAsk();
    const response = await decide("CerteCF", encf, {
      json: {
        decision: "received",
        trackId: "0b7c5e1a-1111-4222-8333-944455556666",
        estado: "Aceptado",
        note: "La OFV muestra el e-NCF Aceptado.",
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "Aceptado", reviewReason: null });
    const document = await stored(encf);
    expect(document).toMatchObject({
      status: "Aceptado",
      trackId: "0b7c5e1a-1111-4222-8333-944455556666",
      followUpAt: null,
      reviewReason: null,
    });
    const db = await getDb();
    const events = await db.outboxEvent.findMany({
      where: { subjectId: document.id, type: "document.status_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.at(-1)!.payload).toMatchObject({
      previousStatus: "Pendiente de envío",
      status: "Aceptado",
      via: "review",
    });
    // Listed no more; a second decision is refused.
    const list = issuedInReviewListSchema.parse((await listInReview("CerteCF")).body);
    expect(list.items.map((item) => item.ncf)).not.toContain(encf);
    expect(await decide("CerteCF", encf, { json: { decision: "resend", note: "otra vez" } })).toMatchObject({
      status: 409,
      body: { code: "DOCUMENT_NOT_IN_REVIEW" },
    });
  });

  it('"received" En Proceso: the follow-up resumes asking DGII\'s verdict by that trackId', async () => {
    const encf = await noVerdict();
    const { trackId } = await stored(encf);
    const asked = app.simulator.admin.callCounts().consultaresultado ?? 0;
    const response = await decide("TesteCF", encf, {
      json: {
        decision: "received",
        trackId: trackId!,
        estado: "En Proceso",
        note: "Sigue En Proceso en la OFV.",
      },
    });
    expect(response.status).toBe(200);
    expect(await stored(encf)).toMatchObject({
      status: "En Proceso",
      reviewReason: null,
      followUpAttempts: 0,
    });
    await followUpIn(0);
    // Other documents may be due too: this one's round shows in its own attempts (0 → 1).
    expect(app.simulator.admin.callCounts().consultaresultado ?? 0).toBeGreaterThan(asked);
    const after = await stored(encf);
    expect(after).toMatchObject({ status: "En Proceso", followUpAttempts: 1, reviewReason: null });
    expect(after.followUpAt).not.toBeNull();
  });
});

describe("POST …/resolution: every refusal leaves the document as it was", () => {
  it("409 DOCUMENT_NOT_IN_REVIEW for an issued e-CF the follow-up still decides alone", async () => {
    const encf = await issue("TesteCF");
    expect(await decide("TesteCF", encf, { json: { decision: "resend", note: "n" } })).toMatchObject({
      status: 409,
      body: { code: "DOCUMENT_NOT_IN_REVIEW" },
    });
  });

  it("403 FORBIDDEN for a role other than approver (an operator of the same company)", async () => {
    const encf = await cannotAsk();
    const response = await decide(
      "CerteCF",
      encf,
      { json: { decision: "resend", note: "n" } },
      { token: operatorToken, apiKey: account.apiKey! },
    );
    expect(response).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(await stored(encf)).toMatchObject({ reviewReason: "CANNOT_ASK_DGII", followUpAt: null });
  });

  it("403 INVALID_API_KEY without the X-API-KEY", async () => {
    const encf = await cannotAsk();
    const response = await decide(
      "CerteCF",
      encf,
      { json: { decision: "resend", note: "n" } },
      { token: account.idToken, apiKey: "" },
    );
    expect(response).toMatchObject({ status: 403, body: { code: "INVALID_API_KEY" } });
  });

  it("400 INVALID_DOCUMENT_DECISION naming the field, for each malformed body", async () => {
    const encf = await cannotAsk();
    const cases: Array<[unknown, string]> = [
      [{ decision: "resend" }, "note"],
      [{ decision: "resend", note: "   " }, "note"],
      [{ decision: "resend", note: "x".repeat(2001) }, "note"],
      [{ decision: "maybe", note: "n" }, "decision"],
      [{ note: "n" }, "decision"],
      [{ decision: "received", estado: "Aceptado", note: "n" }, "trackId"],
      [{ decision: "received", trackId: "abc", estado: "Aprobado", note: "n" }, "estado"],
      [{ decision: "received", trackId: "a b", estado: "Aceptado", note: "n" }, "trackId"],
      [{ decision: "resend", trackId: "abc", note: "n" }, "trackId"],
      [["resend"], "body"],
    ];
    for (const [json, parameter] of cases) {
      const response = await decide("CerteCF", encf, { json });
      expect({ json, ...response }).toMatchObject({
        status: 400,
        body: { code: "INVALID_DOCUMENT_DECISION", parameter },
      });
    }
    expect(await stored(encf)).toMatchObject({ reviewReason: "CANNOT_ASK_DGII", followUpAt: null });
  });

  it("evidence: 415 EVIDENCE_TYPE_NOT_ALLOWED by its bytes, 413 EVIDENCE_TOO_LARGE past 10 MB", async () => {
    const encf = await cannotAsk();
    const fields = { decision: "resend", note: "n" };
    const notPdf = await decide("CerteCF", encf, {
      form: form(fields, { bytes: Buffer.from("solo texto"), name: "captura.pdf" }),
    });
    expect(notPdf).toMatchObject({ status: 415, body: { code: "EVIDENCE_TYPE_NOT_ALLOWED" } });
    const big = Buffer.alloc(EVIDENCE_MAX_BYTES + 1);
    Buffer.from("%PDF-1.7\n").copy(big);
    const tooLarge = await decide("CerteCF", encf, { form: form(fields, { bytes: big, name: "ofv.pdf" }) });
    expect(tooLarge).toMatchObject({ status: 413, body: { code: "EVIDENCE_TOO_LARGE" } });
    expect(await stored(encf)).toMatchObject({ reviewReason: "CANNOT_ASK_DGII", followUpAt: null });
    const db = await getDb();
    expect(await db.documentReviewDecision.count({ where: { documentId: (await stored(encf)).id } })).toBe(0);
  });

  it("another company's e-NCF is 404 DOCUMENT_NOT_FOUND, and its list does not show it", async () => {
    const encf = await cannotAsk();
    const response = await decide(
      "CerteCF",
      encf,
      { json: { decision: "resend", note: "n" } },
      { token: other.idToken, apiKey: other.apiKey! },
    );
    expect(response).toMatchObject({ status: 404, body: { code: "DOCUMENT_NOT_FOUND" } });
    const theirs = issuedInReviewListSchema.parse((await listInReview("CerteCF", other)).body);
    expect(theirs.items.map((item) => item.ncf)).not.toContain(encf);
    expect(await stored(encf)).toMatchObject({ reviewReason: "CANNOT_ASK_DGII" });
    expect(
      await decide("CerteCF", "E310000999999", { json: { decision: "resend", note: "n" } }),
    ).toMatchObject({
      status: 404,
      body: { code: "DOCUMENT_NOT_FOUND" },
    });
  });
});
